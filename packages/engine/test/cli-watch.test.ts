import { spawn, type ChildProcess } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  appendFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readSrt } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { ensurePlumbingModel } from "./support/random-model.js";

// `verbatim watch DIR`: files that appear are transcribed once they stop growing, a restart
// redoes nothing (the state file), a renamed file is recognised by its content, and with
// --server each file is sent once to a Verbatim server instead of the local engine.

const BIN = resolve(import.meta.dirname, "../bin/verbatim.js");
const scratch = scratchDir("verbatim-watch-");
const at = (...parts: string[]) => join(scratch.dir, ...parts);
let model: string;

beforeAll(async () => {
  model = await ensurePlumbingModel();
  ffmpeg("-i", JFK_MP3, "-t", "2", "-c:a", "copy", at("two-seconds.mp3"));
  // Six seconds of WAV: sent into the folder a piece at a time, as a slow copy would.
  ffmpeg("-i", JFK_MP3, "-t", "6", "-ac", "1", "-ar", "16000", at("six-seconds.wav"));
}, 300_000);
afterAll(() => scratch.cleanup());

/** A running `verbatim watch`, its standard error so far, and a way to wait on it. */
interface Watcher {
  process: ChildProcess;
  stderr(): string;
  exited: Promise<number | null>;
}

function startWatch(args: string[], env: NodeJS.ProcessEnv = {}): Watcher {
  const child = spawn(process.execPath, [BIN, "watch", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { process: child, stderr: () => stderr, exited };
}

/** Waits until `check` holds (checked every 50 ms), failing with `what` after 4 minutes. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Runs `verbatim watch … --once` to its end, without blocking this process (the stand-in
 * server below answers from it).
 */
async function runWatch(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stderr: string }> {
  const watcher = startWatch([...args, "--once"], env);
  const status = await watcher.exited;
  return { status, stderr: watcher.stderr() };
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, "g"))?.length ?? 0;

const FAST = ["--model", "--beam-size", "1", "--poll", "0.1", "--settle", "0.6"];
const fastArgs = () => [FAST[0]!, model, ...FAST.slice(1)];

describe("verbatim watch", () => {
  it("takes files that appear once they stop growing, redoes nothing after a restart, and follows a rename", async () => {
    const dir = at("inbox");
    mkdirSync(dir);
    const watcher = startWatch([dir, ...fastArgs(), "-f", "srt,json"]);
    try {
      await until(() => watcher.stderr().includes("watching"), "the watch to start");
      // A file appears whole.
      copyFileSync(at("two-seconds.mp3"), join(dir, "first.mp3"));
      await until(() => existsSync(join(dir, "first.json")), "first.json");
      expect(readSrt(readFileSync(join(dir, "first.srt"), "utf8")).length).toBeGreaterThan(0);

      // A file that grows for longer than --settle, a piece every 0.2 s: taken once, whole.
      const whole = readFileSync(at("six-seconds.wav"));
      const pieces = 10;
      const size = Math.ceil(whole.length / pieces);
      for (let i = 0; i < pieces; i++) {
        appendFileSync(join(dir, "growing.wav"), whole.subarray(i * size, (i + 1) * size));
        await sleep(200);
      }
      await until(() => existsSync(join(dir, "growing.json")), "growing.json");
      const growing = JSON.parse(readFileSync(join(dir, "growing.json"), "utf8")) as {
        duration: number;
      };
      expect(growing.duration).toBeGreaterThan(5900);
      expect(count(watcher.stderr(), /transcribing growing\.wav/)).toBe(1);
      // Something that is not media (the outputs themselves, a note) is left alone.
      writeFileSync(join(dir, "notes.txt"), "not a recording");
      await sleep(1000);
      expect(watcher.stderr()).not.toMatch(/transcribing (notes\.txt|first\.srt)/);
    } finally {
      watcher.process.kill("SIGINT");
    }
    expect(await watcher.exited).toBe(0);
    const state = JSON.parse(readFileSync(join(dir, ".verbatim-watch.json"), "utf8")) as {
      files: Record<string, { status: string; outputs: string[] }>;
    };
    expect(Object.keys(state.files).sort()).toEqual(["first.mp3", "growing.wav"]);
    expect(state.files["first.mp3"]!.status).toBe("done");

    // A restart: everything is in the state, nothing is transcribed again.
    const again = await runWatch([dir, ...fastArgs(), "-f", "srt,json"]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/transcribing/);

    // Renamed while the watch was stopped: recognised by its content, its outputs follow it.
    renameSync(join(dir, "first.mp3"), join(dir, "kept name 講話.mp3"));
    const renamed = await runWatch([dir, ...fastArgs(), "-f", "srt,json"]);
    expect(renamed.status, renamed.stderr).toBe(0);
    expect(renamed.stderr).toMatch(/first\.mp3 was renamed kept name 講話\.mp3/);
    expect(renamed.stderr).not.toMatch(/transcribing/);
    expect(existsSync(join(dir, "kept name 講話.srt"))).toBe(true);
    expect(existsSync(join(dir, "first.srt"))).toBe(false);

    // A new file with the same content under another name while the first is still there is
    // a copy, not a rename: transcribed for itself.
    copyFileSync(join(dir, "kept name 講話.mp3"), join(dir, "copy.mp3"));
    const copied = await runWatch([dir, ...fastArgs(), "-f", "srt"]);
    expect(copied.status, copied.stderr).toBe(0);
    expect(copied.stderr).toMatch(/transcribing copy\.mp3/);
    expect(existsSync(join(dir, "copy.srt"))).toBe(true);
  }, 300_000);

  it("writes into --output-dir (or --out), and remembers a file that failed until it changes", async () => {
    const dir = at("failing");
    const out = at("failing-out");
    mkdirSync(dir);
    writeFileSync(join(dir, "broken.mp3"), "this is not audio at all");
    copyFileSync(at("two-seconds.mp3"), join(dir, "fine.mp3"));
    const first = await runWatch([dir, ...fastArgs(), "-d", out, "-f", "txt"]);
    // A file failed: --once ends with its code (3: not usable audio), as a batch does.
    expect(first.status, first.stderr).toBe(3);
    expect(first.stderr).toMatch(/broken\.mp3: /);
    expect(existsSync(join(out, "fine.txt"))).toBe(true);
    expect(existsSync(join(dir, "fine.txt"))).toBe(false);
    // Not tried again while it is unchanged; tried again once it changes.
    const unchanged = await runWatch([dir, ...fastArgs(), "--out", out, "-f", "txt"]);
    expect(unchanged.stderr).not.toMatch(/transcribing/);
    expect(unchanged.status, unchanged.stderr).toBe(0);
    copyFileSync(at("two-seconds.mp3"), join(dir, "broken.mp3"));
    const fixed = await runWatch([dir, ...fastArgs(), "--out", out, "-f", "txt"]);
    expect(fixed.stderr).toMatch(/transcribing broken\.mp3/);
    expect(existsSync(join(out, "broken.txt"))).toBe(true);
  }, 300_000);
});

/** A stand-in for a Verbatim server's /v1/audio/transcriptions: answers SRT, counts requests. */
interface FakeServer {
  url: string;
  requests: { path: string; authorization: string; idempotencyKey: string; body: string }[];
  close(): Promise<void>;
}

async function fakeServer(): Promise<FakeServer> {
  const requests: FakeServer["requests"] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({
        path: request.url ?? "",
        authorization: request.headers.authorization ?? "",
        idempotencyKey: String(request.headers["idempotency-key"] ?? ""),
        body: Buffer.concat(chunks).toString("latin1"),
      });
      if (request.headers.authorization !== "Bearer vb_good") {
        response.writeHead(401, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "Incorrect API key provided." } }));
        return;
      }
      // As the real server: only its public names and installed models are offered.
      const model = /name="model"\r\n\r\n([^\r]*)\r\n/.exec(requests.at(-1)!.body)?.[1];
      if (!["whisper-1", "gpt-4o-transcribe", "base"].includes(model ?? "")) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "That model is not offered here." } }));
        return;
      }
      response.writeHead(200, { "content-type": "application/x-subrip" });
      response.end("1\n00:00:00,500 --> 00:00:01,800\nFrom the server.\n\n");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/base/`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe("verbatim watch --server", () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await fakeServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends each file once, with the key and an Idempotency-Key, and writes every format from the answer", async () => {
    const dir = at("to-server");
    mkdirSync(dir);
    copyFileSync(at("two-seconds.mp3"), join(dir, "meeting.mp3"));
    const run = await runWatch(
      [dir, "--server", server.url, "-f", "srt,vtt,txt", "--poll", "0.1", "--settle", "0.3"],
      { VERBATIM_API_KEY: "vb_good" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent!.path).toBe("/base/v1/audio/transcriptions");
    expect(sent!.authorization).toBe("Bearer vb_good");
    expect(sent!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(sent!.body).toContain('name="response_format"\r\n\r\nsrt');
    // The default choice (--model fast) is sent as the server's public name for it.
    expect(sent!.body).toContain('name="model"\r\n\r\nwhisper-1');
    expect(sent!.body).toContain('filename="meeting.mp3"');
    expect(readFileSync(join(dir, "meeting.txt"), "utf8")).toBe("From the server.\n");
    expect(readFileSync(join(dir, "meeting.vtt"), "utf8")).toContain(
      "00:00:00.500 --> 00:00:01.800",
    );
  });

  it("--once ends non-zero when every file failed", async () => {
    const dir = at("server-refuses");
    mkdirSync(dir);
    copyFileSync(at("two-seconds.mp3"), join(dir, "a.mp3"));
    const run = await runWatch(
      [dir, "--server", server.url, "--model", "no-such-model", "--poll", "0.1", "--settle", "0.3"],
      { VERBATIM_API_KEY: "vb_good" },
    );
    expect(run.stderr).toMatch(/a\.mp3: The server answered 404: That model is not offered here/);
    expect(run.status).toBe(1);
  });

  it("stops at once when the server refuses the key, leaving the file to try again", async () => {
    const dir = at("bad-key");
    mkdirSync(dir);
    copyFileSync(at("two-seconds.mp3"), join(dir, "a.mp3"));
    copyFileSync(at("two-seconds.mp3"), join(dir, "b.mp3"));
    const before = server.requests.length;
    const run = await runWatch([
      dir,
      "--server",
      server.url,
      "--api-key",
      "vb_wrong",
      "--poll",
      "0.1",
      "--settle",
      "0.3",
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refused the API key: Incorrect API key provided/);
    expect(server.requests.length - before).toBe(1);
    expect(existsSync(join(dir, ".verbatim-watch.json"))).toBe(false);
  });
});
