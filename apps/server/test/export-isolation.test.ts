import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishedTranscription, type StoredCue } from "./support/finished-transcription.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

// Exports are written in the export pool's threads (isolated/export-pool.ts), never on the API's
// event loop (issue 44): against the real built server in a process of its own, a large PDF or
// ZIP export leaves /api/health and another user's downloads answering while it is written, and
// an export past its thread's memory or time cap fails alone with 422 EXPORT_TOO_COMPLEX while
// the server goes on.

/** A long transcript: `count` subtitles of mixed scripts (each font of the PDF is used). */
function longCues(count: number): StoredCue[] {
  return Array.from({ length: count }, (_, i) => ({
    start: i * 2000,
    end: i * 2000 + 1900,
    text: `Line ${i + 1}: Zürich ód straße — 會議記錄第 ${i + 1} 句，請核對。 Καλημέρα`,
  }));
}

let server: ServerProcess;
let capped: ServerProcess;

beforeAll(async () => {
  // No transcription workers: the stored transcriptions are never picked up as queued jobs.
  server = await startServerProcess({ EXPORT_THREADS: "2", WORKER_CONCURRENCY: "0" });
  // One thread with little heap and time: the long PDF outgrows it.
  capped = await startServerProcess({
    EXPORT_THREADS: "1",
    WORKER_CONCURRENCY: "0",
    EXPORT_HEAP_MB: "128",
    EXPORT_TIME_LIMIT_S: "3",
  });
});

afterAll(async () => {
  await Promise.all([server?.close(), capped?.close()]);
});

async function expectAlive(process: ServerProcess): Promise<void> {
  const alive = await process.alive();
  expect(alive, `the server died (${process.exited()}):\n${process.output().slice(-3000)}`).toBe(
    true,
  );
}

/**
 * Runs `big` and, until it has answered, asks /api/health and `small` over and over: how many of
 * each answered (200) before `big` did.
 */
async function whileWriting(big: () => Promise<Response>, small: () => Promise<Response>) {
  let done = false;
  const bigAnswer = big().then(async (response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    done = true;
    return { status: response.status, bytes };
  });
  let health = 0;
  let smallOk = 0;
  while (!done) {
    const [healthAnswer, smallAnswer] = await Promise.all([
      fetch(`${server.base}/api/health`).catch(() => null),
      small().catch(() => null),
    ]);
    await healthAnswer?.body?.cancel();
    const smallText = await smallAnswer?.text();
    if (done) break;
    if (healthAnswer?.status === 200) health += 1;
    if (smallAnswer?.status === 200 && smallText?.includes("-->")) smallOk += 1;
  }
  return { ...(await bigAnswer), health, smallOk };
}

describe("exports are written off the event loop", () => {
  it("answers health and another user's download while a long spreadsheet is written", async () => {
    const owner = server.user;
    const other = await server.newUser();
    // exceljs writes a workbook in one go: on the event loop, nothing else was answered meanwhile.
    const long = await finishedTranscription(server.db, owner.id, longCues(500), "long.mp3");
    const short = await finishedTranscription(server.db, other.id, longCues(2), "short.mp3");
    const result = await whileWriting(
      () =>
        fetch(`${server.base}/api/transcriptions/${long}/export?format=xlsx`, {
          headers: owner.auth,
        }),
      () =>
        fetch(`${server.base}/api/transcriptions/${short}/export?format=srt`, {
          headers: other.auth,
        }),
    );
    expect(result.status).toBe(200);
    expect(result.bytes.subarray(0, 2).toString()).toBe("PK");
    // On the event loop, nothing else was answered until the workbook was done (one at most).
    expect(result.health).toBeGreaterThanOrEqual(3);
    expect(result.smallOk).toBeGreaterThanOrEqual(3);
    await expectAlive(server);
  });

  it("answers another user's download while one account's ZIP of a long spreadsheet is written", async () => {
    const owner = server.user;
    const other = await server.newUser();
    const ids = [await finishedTranscription(server.db, owner.id, longCues(500), "long.mp3")];
    const short = await finishedTranscription(server.db, other.id, longCues(2), "short.mp3");
    const result = await whileWriting(
      () =>
        fetch(`${server.base}/api/exports`, {
          method: "POST",
          headers: { ...owner.auth, "content-type": "application/json" },
          body: JSON.stringify({ ids, formats: ["xlsx"] }),
        }),
      () =>
        fetch(`${server.base}/api/transcriptions/${short}/export?format=srt`, {
          headers: other.auth,
        }),
    );
    expect(result.status).toBe(200);
    expect(result.bytes.subarray(0, 2).toString()).toBe("PK");
    expect(result.health).toBeGreaterThanOrEqual(3);
    expect(result.smallOk).toBeGreaterThanOrEqual(3);
  });

  it("fails an export past its thread's caps with EXPORT_TOO_COMPLEX, and goes on", async () => {
    const owner = capped.user;
    const long = await finishedTranscription(capped.db, owner.id, longCues(4000), "long.mp3");
    const short = await finishedTranscription(capped.db, owner.id, longCues(2), "short.mp3");
    const refused = await fetch(`${capped.base}/api/transcriptions/${long}/export?format=pdf`, {
      headers: { ...owner.auth, "accept-language": "zh-HK" },
    });
    const body = (await refused.json()) as { code: string; message: string };
    expect(refused.status, JSON.stringify(body)).toBe(422);
    expect(body.code).toBe("EXPORT_TOO_COMPLEX");
    expect(body.message).toContain("128 MB");
    expect(body.message).toContain("匯出的上限");
    await expectAlive(capped);
    // The thread was replaced: the next export is written.
    const next = await fetch(`${capped.base}/api/transcriptions/${short}/export?format=srt`, {
      headers: owner.auth,
    });
    expect(next.status, await next.clone().text()).toBe(200);
    expect(await next.text()).toContain("-->");
  });
});
