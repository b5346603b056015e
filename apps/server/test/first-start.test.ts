import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { startTestApi } from "./support/auth-app.js";
import { signedInUser } from "./support/transcription-app.js";

// `npm start` as a newcomer runs it: the built server in a folder of its own, settings from
// `.env` and the environment, no SMTP, no payment provider chosen.

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

/** The server process, with everything it printed so far. */
interface Started {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first printed line matching `pattern`. */
  line(pattern: RegExp, ms?: number): Promise<string>;
}

function startMain(cwd: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  return {
    child,
    output: () => printed,
    line: async (pattern, ms = 20_000) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const found = printed.split("\n").find((line) => pattern.test(line));
        if (found) return found;
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no line matching ${pattern} in:\n${printed}`);
    },
  };
}

/** The `msg` of a JSON log line. */
function message(line: string): string {
  return (JSON.parse(line) as { msg: string }).msg;
}

describe("npm start on a fresh folder", () => {
  const scratch = scratchDir("verbatim-first-start-");
  let server: Started;
  let url: string;

  beforeAll(async () => {
    writeFileSync(
      join(scratch.dir, ".env"),
      [
        "# settings a newcomer copied from .env.example",
        "PORT=0",
        "DATA_DIR=from-dotenv",
        "MODELS_AUTO_DOWNLOAD=false",
        'ADMIN_EMAILS="file@example.com"',
        "",
      ].join("\n"),
    );
    server = startMain(scratch.dir, { ADMIN_EMAILS: "env@example.com" });
    const summary = message(await server.line(/Verbatim is running at/));
    url = /running at (\S+)/.exec(summary)?.[1] ?? "";
  });
  afterAll(async () => {
    if (server.child.exitCode === null) {
      const exited = once(server.child, "exit");
      server.child.kill("SIGTERM");
      await exited;
    }
    scratch.cleanup();
  });

  it("reads .env (the real environment wins), listens on 127.0.0.1 and sums up in one line", async () => {
    const summary = message(await server.line(/Verbatim is running at/));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(summary).toContain(
      `database: SQLite ${join(scratch.dir, "from-dotenv", "verbatim.db")}`,
    );
    expect(summary).toContain("queue: embedded");
    expect(summary).toContain("models: fast base MISSING, accurate small MISSING");
    expect(summary).toContain(
      `mail: not sent (no SMTP_URL): links on this console and at ${url}/dev/mailbox`,
    );
    expect(summary).toContain("payments: local TEST checkout (no real money)");
    // ADMIN_EMAILS from the environment, not the file's.
    const admin = message(await server.line(/No admin account yet/));
    expect(admin).toBe(
      "No admin account yet: sign up with env@example.com (ADMIN_EMAILS) to get the admin pages (/admin).",
    );
    const missing = message(await server.line(/model base: not installed/));
    expect(missing).toContain(`Put ggml-base.bin into ${join(scratch.dir, "models")}`);
  });

  it("prints the sign-up link on the console and lists it at /dev/mailbox", async () => {
    const response = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "New", email: "new@example.com" }),
    });
    expect(response.ok).toBe(true);
    const line = message(await server.line(/mail not sent \(no SMTP_URL\) to new@example\.com/));
    const link = /open (http\S+token=\S+) /.exec(line)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:0\/.+token=/);
    const mailbox = await fetch(`${url}/dev/mailbox`);
    expect(mailbox.status).toBe(200);
    const page = await mailbox.text();
    expect(page).toContain("Development mailbox");
    expect(page).toContain("new@example.com");
    expect(page).toContain(`href="${(link ?? "").replace(/&/g, "&#38;")}"`);
  });
});

describe("start-up refusals and safe defaults", () => {
  it("refuses to start in production without SMTP: exit code 2 and one clear line", async () => {
    const scratch = scratchDir("verbatim-production-");
    const server = startMain(scratch.dir, {
      NODE_ENV: "production",
      PORT: "0",
      MODELS_AUTO_DOWNLOAD: "false",
    });
    try {
      const exited = once(server.child, "exit") as Promise<[number | null]>;
      const tooLong = new Promise<[string]>((resolve) =>
        setTimeout(() => resolve(["still running"]), 10_000),
      );
      const [code] = await Promise.race([exited, tooLong]);
      expect(code).toBe(2);
      expect(server.output()).toContain(
        "NODE_ENV=production needs SMTP_URL: without it, sign-up confirmations and password resets would reach nobody.",
      );
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      scratch.cleanup();
    }
  });

  it("listens on 127.0.0.1 by default; payments are the local test checkout only on loopback or when chosen", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({}).payments.provider).toBe("local");
    expect(loadConfig({ HOST: "::1" }).payments.provider).toBe("local");
    expect(loadConfig({ HOST: "0.0.0.0" }).payments.provider).toBe("none");
    expect(loadConfig({ HOST: "0.0.0.0", PAYMENT_PROVIDER: "local" }).payments.provider).toBe(
      "local",
    );
    expect(loadConfig({ HOST: "127.0.0.1", PAYMENT_PROVIDER: "none" }).payments.provider).toBe(
      "none",
    );
  });

  it("a server others can reach, with no payment provider chosen, sells nothing and says why", async () => {
    const api = await startTestApi("sqlite", { HOST: "0.0.0.0" });
    try {
      const user = await signedInUser(api.db);
      const response = await api.post("/api/subscriptions/basic", undefined, user.auth);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("PAYMENTS_NOT_CONFIGURED");
      expect(body.message).toContain("Payments are not configured on this server");
      const page = await fetch(`${api.base}/api/payments/local/checkout/anything`);
      expect(page.status).toBe(404);
      expect(await api.db.selectFrom("checkout_sessions").select("id").execute()).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it("keeps no development mailbox when SMTP is configured", async () => {
    const api = await startTestApi("sqlite", { SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      expect((await fetch(`${api.base}/dev/mailbox`)).status).toBe(404);
    } finally {
      await api.close();
    }
  });
});
