import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// A batch: files sent together carry one `batchId` (a multipart field, or the combine's JSON);
// the server keeps it on each job, History rows show it, and GET /api/batches/{id} lists the
// batch's jobs with their places in the queue. No workers run: the jobs stay queued.

const jfk = readFileSync(JFK_MP3);

interface BatchAnswer {
  id: string;
  jobs: {
    id: string;
    fileName: string;
    status: string;
    batchId: string | null;
    queuePosition: number | null;
  }[];
}

describe("batches of uploads", () => {
  let api: TranscriptionApi;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite", { WORKER_CONCURRENCY: "0" });
    user = await signedInUser(api.db);
    other = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const sendWhole = (fileName: string, fields: Record<string, string>, who = user) =>
    upload(api.base, "/api/transcribe", {
      file: new Blob([jfk]),
      fileName,
      fields,
      headers: { ...who.auth, prefer: "respond-async" },
    });

  /** Sends the file as one chunk, then combines it with `extra` fields. */
  const sendChunked = async (fileName: string, extra: Record<string, unknown>) => {
    const chunk = await upload(api.base, "/api/uploads/chunk", {
      file: new Blob([jfk]),
      fileName: "blob",
      fields: { chunkIndex: "0", totalChunks: "1" },
      headers: user.auth,
    });
    const { sessionId } = (await chunk.json()) as { sessionId: string };
    return api.post(
      "/api/uploads/combine",
      { sessionId, fileName, totalChunks: 1, originalFileSize: jfk.length, ...extra },
      { ...user.auth, prefer: "respond-async" },
    );
  };

  const batch = async (id: string, who = user) => {
    const response = await fetch(`${api.base}/api/batches/${id}`, { headers: who.auth });
    return { status: response.status, body: (await response.json()) as BatchAnswer };
  };

  it("keeps the batch on each job, whole or chunked, and lists them in order with queue places", async () => {
    const batchId = crypto.randomUUID();
    const first = await sendWhole("one.mp3", { batchId });
    expect(first.status).toBe(202);
    const second = await sendChunked("two.mp3", { batchId });
    expect(second.status).toBe(202);
    const alone = await sendWhole("alone.mp3", {});
    expect(alone.status).toBe(202);

    const { status, body } = await batch(batchId);
    expect(status).toBe(200);
    expect(body.id).toBe(batchId);
    expect(body.jobs.map((job) => [job.fileName, job.status, job.batchId])).toEqual([
      ["one.mp3", "queued", batchId],
      ["two.mp3", "queued", batchId],
    ]);
    // Nothing runs: the batch's files wait first and second in line.
    expect(body.jobs.map((job) => job.queuePosition)).toEqual([1, 2]);

    const history = await fetch(`${api.base}/api/transcriptions`, { headers: user.auth });
    const rows = (await history.json()) as { fileName: string; batchId: string | null }[];
    expect(rows.map((row) => [row.fileName, row.batchId])).toEqual([
      ["alone.mp3", null],
      ["two.mp3", batchId],
      ["one.mp3", batchId],
    ]);
  });

  it("shows another user nothing of a batch, and refuses a malformed batch id", async () => {
    const batchId = crypto.randomUUID();
    expect((await sendWhole("mine.mp3", { batchId })).status).toBe(202);
    const theirs = await batch(batchId, other);
    expect(theirs.status).toBe(200);
    expect(theirs.body.jobs).toEqual([]);
    // Another user's upload with the same id is their own batch, not a way into this one.
    expect((await sendWhole("theirs.mp3", { batchId }, other)).status).toBe(202);
    expect((await batch(batchId)).body.jobs.map((job) => job.fileName)).toEqual(["mine.mp3"]);

    expect((await fetch(`${api.base}/api/batches/x`, { headers: user.auth })).status).toBe(400);
    const leftBefore = api.leftovers().length;
    const bad = await sendWhole("bad.mp3", { batchId: "../../etc" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
    // The refused upload left nothing behind.
    expect(api.leftovers()).toHaveLength(leftBefore);
    const badCombine = await sendChunked("bad.mp3", { batchId: "no spaces allowed" });
    expect(badCombine.status).toBe(400);
  });
});
