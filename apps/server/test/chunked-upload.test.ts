import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { runMaintenance } from "../src/schedule/maintenance.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  readEvents,
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const bytes = readFileSync(JFK_MP3);
/** The JFK recording in three pieces, as a browser would slice it. */
const third = Math.ceil(bytes.length / 3);
const pieces = [0, 1, 2].map((i) => bytes.subarray(i * third, (i + 1) * third));

describe.each(DATABASE_KINDS)("chunked uploads on %s", (kind) => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind, { MAX_UPLOAD_MB: "2" });
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function sendChunk(
    index: number | string,
    body: Uint8Array,
    {
      sessionId,
      totalChunks = "3",
      who = user,
    }: { sessionId?: string; totalChunks?: string; who?: TestUser } = {},
  ) {
    const fields: Record<string, string> = {
      chunkIndex: String(index),
      totalChunks,
      chunkSize: String(body.length),
      chunkId: `chunk-${index}`,
    };
    if (sessionId) fields.sessionId = sessionId;
    return upload(api.base, "/api/uploads/chunk", {
      file: new Blob([body]),
      fileName: "blob",
      fields,
      headers: who.auth,
    });
  }

  const combine = (body: Record<string, unknown>, headers: Record<string, string> = user.auth) =>
    api.post("/api/uploads/combine", { fileName: "jfk.mp3", totalChunks: 3, ...body }, headers);

  it("joins chunks sent in order (one of them twice) and transcribes the whole file", async () => {
    const first = await sendChunk(0, pieces[0]!);
    expect(first.status).toBe(200);
    const { sessionId, path } = (await first.json()) as { sessionId: string; path: string };
    expect(path).not.toContain(api.uploadDir);
    // A retried chunk replaces the one before: send a wrong middle chunk, then the right one.
    expect((await sendChunk(1, new Uint8Array(100), { sessionId })).status).toBe(200);
    expect((await sendChunk(1, pieces[1]!, { sessionId })).status).toBe(200);
    expect((await sendChunk(2, pieces[2]!, { sessionId })).status).toBe(200);

    const combined = await api.post(
      "/api/uploads/combine",
      {
        sessionId,
        fileName: "JFK.mp3",
        totalChunks: 3,
        originalFileSize: bytes.length,
        generateTimestamps: true,
        model: "whisper-1",
        chunkIds: ["chunk-0", "chunk-1", "chunk-2"],
      },
      { ...user.auth, prefer: "respond-async" },
    );
    expect(combined.status).toBe(202);
    const { id, eventsUrl } = (await combined.json()) as { id: string; eventsUrl: string };
    const events = await readEvents(`${api.base}${eventsUrl}`, user.auth);
    expect(events.at(-1)?.event).toBe("completed");
    const detail = (await (
      await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth })
    ).json()) as { fileName: string; duration: number };
    expect(detail.fileName).toBe("JFK.mp3");
    expect(detail.duration).toBeGreaterThan(10.5); // the whole recording, not a piece
    // The session is gone once combined.
    expect((await combine({ sessionId })).status).toBe(404);
    await expect.poll(() => api.leftovers()).toEqual([]);
  });

  it.each([
    ["-1", /chunkIndex must be 0 or more/],
    ["abc", /chunkIndex/],
    ["1.5", /whole number/],
    ["3", /out of range/],
    ["100000", /at most/],
  ])("refuses chunk index %s", async (index, message) => {
    const response = await sendChunk(index, pieces[0]!);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(api.leftovers()).toEqual([]);
  });

  it("refuses to combine with chunks missing, and names them", async () => {
    const first = await sendChunk(0, pieces[0]!);
    const { sessionId } = (await first.json()) as { sessionId: string };
    const response = await combine({ sessionId });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: { missing: number[] } };
    expect(body.code).toBe("MISSING_CHUNKS");
    expect(body.details.missing).toEqual([1, 2]);
    const mismatch = await sendChunk(1, pieces[1]!, { sessionId });
    expect(mismatch.status).toBe(200);
    await sendChunk(2, pieces[2]!, { sessionId });
    const wrongSize = await combine({ sessionId, originalFileSize: bytes.length + 1 });
    expect(wrongSize.status).toBe(400);
    expect(((await wrongSize.json()) as { code: string }).code).toBe("SIZE_MISMATCH");
  });

  it("keeps sessions private: someone else's session id is not found", async () => {
    const owner = await signedInUser(api.db); // a Free user keeps one unfinished upload
    const first = await sendChunk(0, pieces[0]!, { who: owner });
    expect(first.status).toBe(200);
    const { sessionId } = (await first.json()) as { sessionId: string };
    const stranger = await signedInUser(api.db);
    const chunk = await sendChunk(1, pieces[1]!, { sessionId, who: stranger });
    expect(chunk.status).toBe(404);
    expect(((await chunk.json()) as { code: string }).code).toBe("UPLOAD_SESSION_NOT_FOUND");
    expect((await combine({ sessionId }, stranger.auth)).status).toBe(404);
    expect((await sendChunk(1, pieces[1]!, { sessionId: "../../etc" })).status).toBe(404);
  });

  it("caps a session's total at the upload limit", async () => {
    const mb = new Uint8Array(1024 * 1024);
    const who = await signedInUser(api.db);
    const first = await sendChunk(0, mb, { totalChunks: "0", who });
    const { sessionId } = (await first.json()) as { sessionId: string };
    expect((await sendChunk(1, mb, { sessionId, totalChunks: "0", who })).status).toBe(200);
    // Re-sending a chunk replaces it, so it does not count twice.
    expect((await sendChunk(1, mb, { sessionId, totalChunks: "0", who })).status).toBe(200);
    const over = await sendChunk(2, new Uint8Array(10), { sessionId, totalChunks: "0", who });
    expect(over.status).toBe(413);
    expect(((await over.json()) as { code: string }).code).toBe("FILE_TOO_LARGE");
  });

  it("expires sessions an hour after their last chunk and removes their files", async () => {
    const who = await signedInUser(api.db);
    const first = await sendChunk(0, pieces[0]!, { who });
    const { sessionId } = (await first.json()) as { sessionId: string };
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000 + 1000);
    const done = await runMaintenance(
      { db: api.db, uploadDir: api.uploadDir, log: api.app.log },
      inAnHour,
    );
    expect(done.sessionsRemoved).toBeGreaterThanOrEqual(1);
    expect((await sendChunk(1, pieces[1]!, { sessionId, who })).status).toBe(404);
    expect(api.leftovers()).toEqual([]);
  });
});
