import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scratchDir } from "../../../../packages/engine/test/helpers/media-files.js";
import { SESSION_COOKIE } from "../../src/auth/require-user.js";
import { migrateToLatest, openDatabase, type Db } from "../../src/db/database.js";
import { freePort } from "./fleet.js";
import { fastEngineEnv, signedInUser, type TestUser } from "./transcription-app.js";

// The real built server (`npm start`: dist/main.js, ROLE=all, SQLite in a scratch folder, the
// embedded queue) as a process of its own, for the tests an attacker's request could end: a
// crash there ends that process, which the test sees (alive() false), not the test runner.
// Needs `npm run build` first (as every test of dist/ does).

const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

/** A signed-in user of the server process: bearer header and session cookie. */
export interface ProcessUser extends TestUser {
  /** `Cookie` header value that signs in as this user (what a browser sends by itself). */
  cookie: string;
}

export interface ServerProcess {
  /** `http://127.0.0.1:port`. */
  base: string;
  /** DATA_DIR (the database is `verbatim.db` in it; uploads under `uploads/`). */
  dataDir: string;
  /** A user made before the start, with the free plan's minutes. */
  user: ProcessUser;
  /** Another signed-in user (written to the server's database file while it runs). */
  newUser(): Promise<ProcessUser>;
  /** An API key of `user` (the first user unless given), as the /v1 routes take it. */
  apiKey(user?: ProcessUser): Promise<{ authorization: string }>;
  /** The server's database, opened from the test (SQLite in WAL mode takes both). */
  db: Db;
  /** The process has not exited and `/api/health` answers 200. */
  alive(): Promise<boolean>;
  /** Everything it printed (JSON log lines, crash reports). */
  output(): string;
  /** Its exit code, or signal name, once it has exited; null while it runs. */
  exited(): number | string | null;
  close(): Promise<void>;
}

/**
 * Starts dist/main.js on a fresh SQLite database in a scratch folder, with the plumbing model
 * (fastEngineEnv) and `env` on top (URL_IMPORT_ALLOWED_NETWORKS, MAX_UPLOAD_MB, …). Resolves
 * once `/api/health` answers.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const scratch = scratchDir("verbatim-server-process-");
  const dataDir = scratch.dir;
  // Migrated and given its first user before the server opens it (the server migrates too:
  // nothing is left to do then).
  const db = openDatabase({ kind: "sqlite", path: join(dataDir, "verbatim.db") });
  await migrateToLatest(db);
  const withCookie = (user: TestUser): ProcessUser => ({
    ...user,
    cookie: `${SESSION_COOKIE}=${user.token}`,
  });
  const user = withCookie(await signedInUser(db));

  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "info",
      MODELS_DIR: join(dataDir, "models"),
      PUBLIC_URL: "https://verbatim.test",
      ...(await fastEngineEnv()),
      ...env,
      ROLE: "all",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exit = once(child, "exit");
  const base = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode ?? child.signalCode;
  const health = async () => {
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      return response.status === 200;
    } catch {
      return false;
    }
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited() !== null) {
      await db.destroy();
      scratch.cleanup();
      throw new Error(`the server exited (${exited()}) before answering:\n${printed}`);
    }
    if (await health()) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exit;
      await db.destroy();
      scratch.cleanup();
      throw new Error(`the server did not answer /api/health within 30 s:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    base,
    dataDir,
    user,
    db,
    newUser: async () => withCookie(await signedInUser(db)),
    async apiKey(owner = user) {
      const response = await fetch(`${base}/api/keys`, {
        method: "POST",
        headers: { ...owner.auth, "content-type": "application/json" },
        body: JSON.stringify({ name: "test" }),
      });
      if (response.status !== 201) throw new Error(`no API key: ${response.status}`);
      const { key } = (await response.json()) as { key: string };
      return { authorization: `Bearer ${key}` };
    },
    alive: async () => exited() === null && (await health()),
    output: () => printed,
    exited,
    async close() {
      if (exited() === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exit;
        clearTimeout(timer);
      }
      await db.destroy();
      scratch.cleanup();
    },
  };
}
