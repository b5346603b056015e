import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { docxOfOneHugeParagraph } from "../../../packages/subtitles/test/docx-bomb.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

// Subtitle files an attacker sends with their media (issue 44, items 2 and 4), against the real
// built server in a process of its own: each is refused with its code, other requests are
// answered while it is read (the reading runs in a worker thread, not on the event loop), and
// the server still answers afterwards.

const scratch = scratchDir("verbatim-subtitle-work-");
const media = join(scratch.dir, "jfk4.mp3");
ffmpeg("-i", JFK_MP3, "-t", "4", media);

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
});

afterAll(async () => {
  await server?.close();
  scratch.cleanup();
});

/**
 * Sends the media with `subtitles` to POST /api/transcribe to re-time, asking /api/health over
 * and over until the answer comes: how many health answers came meanwhile, and the slowest.
 */
async function importWhileAskingHealth(subtitles: Uint8Array, name: string) {
  const form = new FormData();
  form.append("retime", "true");
  form.append("subtitles", new Blob([subtitles]), name);
  form.append("file", new Blob([readFileSync(media)]), "jfk4.mp3");
  let answered = false;
  const importing = fetch(`${server.base}/api/transcribe`, {
    method: "POST",
    body: form,
    headers: server.user.auth,
  }).finally(() => (answered = true));
  let healthAnswers = 0;
  let slowestMs = 0;
  while (!answered) {
    // Ten a second at most: /api/health allows 600 a minute from one address, and a tight loop
    // on a busy machine passed that, so the limit's 429s read as a dead server.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const health = await fetch(`${server.base}/api/health`, {
      signal: AbortSignal.timeout(60_000),
    }).catch(() => null);
    if (!health) break; // the server is gone: expectAlive says so
    await health.body?.cancel();
    if (!answered && health.ok) {
      healthAnswers += 1;
      slowestMs = Math.max(slowestMs, performance.now() - started);
    }
  }
  const response = await importing.catch(() => null);
  const body = (await response?.json()) as { code?: string } | undefined;
  return { status: response?.status, code: body?.code, healthAnswers, slowestMs };
}

async function expectAlive(): Promise<void> {
  const alive = await server.alive();
  expect(alive, `the server died (${server.exited()}):\n${server.output().slice(-3000)}`).toBe(
    true,
  );
}

describe("a hostile subtitle file", () => {
  it("a 1.4 MB DOCX inflating to 300 MB is refused, others answered meanwhile, server up", async () => {
    // The old reader inflated it whole on the event loop and the server ran out of heap.
    const bomb = await docxOfOneHugeParagraph(300 * 1024 * 1024, 1);
    const result = await importWhileAskingHealth(bomb, "script.docx");
    await expectAlive();
    expect(result).toMatchObject({ status: 413, code: "SUBTITLE_DOCUMENT_TOO_LARGE" });
    expect(result.healthAnswers).toBeGreaterThan(0);
  });

  it("a 100,000-cue script to re-time is refused, others answered meanwhile, server up", async () => {
    const srt = Array.from(
      { length: 100_000 },
      (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nword ${i}\n`,
    ).join("\n");
    const result = await importWhileAskingHealth(new TextEncoder().encode(srt), "long.srt");
    await expectAlive();
    expect(result).toMatchObject({ status: 413, code: "SUBTITLE_FILE_TOO_LONG" });
    expect(result.healthAnswers).toBeGreaterThan(0);
  });

  it("a script far longer than its 4 s of media is refused before any minute is spent", async () => {
    const script = Array.from({ length: 300 }, (_, i) => `word${i}`).join(" ");
    const result = await importWhileAskingHealth(new TextEncoder().encode(script), "script.txt");
    expect(result).toMatchObject({ status: 400, code: "SUBTITLES_LONGER_THAN_MEDIA" });
    await expectAlive();
  });
});
