import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { SESSION_ABANDONED_MS } from "../src/uploads/upload-sessions.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Chunked uploads under concurrency, as a careless client (or an attacker) sends them: many
// combines at once, chunks racing each other and a combine, and more sessions than a plan keeps.

const jfk = readFileSync(JFK_MP3);
const MB = 1024 * 1024;

describe.each(DATABASE_KINDS)("chunked upload sessions under concurrency on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind, { MAX_UPLOAD_MB: "2" });
  });
  afterAll(async () => {
    await api?.close();
  });

  function sendChunk(
    user: TestUser,
    index: number,
    body: Uint8Array,
    { sessionId, totalChunks = 3 }: { sessionId?: string; totalChunks?: number } = {},
  ) {
    const fields: Record<string, string> = {
      chunkIndex: String(index),
      totalChunks: String(totalChunks),
    };
    if (sessionId) fields.sessionId = sessionId;
    return upload(api.base, "/api/uploads/chunk", {
      file: new Blob([body]),
      fileName: "blob",
      fields,
      headers: user.auth,
    });
  }

  /** The whole JFK recording in three chunks, in one session; returns its id. */
  async function uploadedSession(user: TestUser): Promise<string> {
    const third = Math.ceil(jfk.length / 3);
    const first = await sendChunk(user, 0, jfk.subarray(0, third));
    expect(first.status).toBe(200);
    const { sessionId } = (await first.json()) as { sessionId: string };
    for (const index of [1, 2]) {
      const response = await sendChunk(
        user,
        index,
        jfk.subarray(index * third, (index + 1) * third),
        { sessionId },
      );
      expect(response.status).toBe(200);
    }
    return sessionId;
  }

  const jobsOf = (user: TestUser) =>
    api.db.selectFrom("transcriptions").select("id").where("user_id", "=", user.id).execute();

  it("makes one job from six simultaneous combines; the others get 409", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await uploadedSession(user);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post(
          "/api/uploads/combine",
          { sessionId, fileName: "jfk.mp3", totalChunks: 3, originalFileSize: jfk.length },
          { ...user.auth, prefer: "respond-async" },
        ),
      ),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409, 409, 409]);
    const refused = answers.find((response) => response.status === 409)!;
    expect(((await refused.json()) as { code: string }).code).toBe("UPLOAD_SESSION_BUSY");
    expect(await jobsOf(user)).toHaveLength(1);
    const reservations = await api.db
      .selectFrom("minute_ledger")
      .select("id")
      .where("user_id", "=", user.id)
      .where("kind", "=", "reserve")
      .execute();
    expect(reservations).toHaveLength(1);
  });

  it("keeps the chunks when a combine is refused for a bad option, so the next try works", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await uploadedSession(user);
    const bad = await api.post(
      "/api/uploads/combine",
      { sessionId, fileName: "jfk.mp3", totalChunks: 3, model: "gpt-9" },
      user.auth,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("INVALID_MODEL");
    const good = await api.post(
      "/api/uploads/combine",
      { sessionId, fileName: "jfk.mp3", totalChunks: 3 },
      { ...user.auth, prefer: "respond-async" },
    );
    expect(good.status).toBe(202);
    expect(await jobsOf(user)).toHaveLength(1);
  });

  it("never lets chunks sent at once overrun the session's size limit", async () => {
    const user = await signedInUser(api.db);
    const first = await sendChunk(user, 0, new Uint8Array(0.5 * MB), { totalChunks: 5 });
    const { sessionId } = (await first.json()) as { sessionId: string };
    // Four 0.6 MB chunks at once: only two more fit under 2 MB.
    const answers = await Promise.all(
      [1, 2, 3, 4].map((index) =>
        sendChunk(user, index, new Uint8Array(0.6 * MB), { sessionId, totalChunks: 5 }),
      ),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 413, 413]);
    const stored = await api.db
      .selectFrom("upload_chunks")
      .select((eb) => eb.fn.sum<number | string>("bytes").as("total"))
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.total)).toBeLessThanOrEqual(2 * MB);
  });

  it("answers a chunk sent while the session is being combined with 409, not 500", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await uploadedSession(user);
    await api.db
      .updateTable("upload_sessions")
      .set({ state: "combining" })
      .where("id", "=", sessionId)
      .execute();
    const late = await sendChunk(user, 2, jfk.subarray(0, 1000), { sessionId });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe("UPLOAD_SESSION_BUSY");
  });

  it("answers a chunk for a session that a combine has just ended with 404, not 500", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await uploadedSession(user);
    const combined = await api.post(
      "/api/uploads/combine",
      { sessionId, fileName: "jfk.mp3", totalChunks: 3 },
      { ...user.auth, prefer: "respond-async" },
    );
    expect(combined.status).toBe(202);
    const late = await sendChunk(user, 2, jfk.subarray(0, 1000), { sessionId });
    expect(late.status).toBe(404);
  });

  it("keeps a Free user to one unfinished upload, replacing one abandoned for a while", async () => {
    const user = await signedInUser(api.db);
    const first = await sendChunk(user, 0, jfk.subarray(0, 1000));
    expect(first.status).toBe(200);
    const { sessionId } = (await first.json()) as { sessionId: string };
    const second = await sendChunk(user, 0, jfk.subarray(0, 1000));
    expect(second.status).toBe(429);
    const body = (await second.json()) as { code: string; message: string };
    expect(body.code).toBe("TOO_MANY_UPLOADS");
    expect(body.message).toMatch(/keeps 1 unfinished upload/);

    // Nothing arrives for a while: the next upload takes its place.
    const idle = new Date(Date.now() - SESSION_ABANDONED_MS - 1000).toISOString();
    await api.db
      .updateTable("upload_chunks")
      .set({ created_at: idle })
      .where("session_id", "=", sessionId)
      .execute();
    await api.db
      .updateTable("upload_sessions")
      .set({ created_at: idle })
      .where("id", "=", sessionId)
      .execute();
    const third = await sendChunk(user, 0, jfk.subarray(0, 1000));
    expect(third.status).toBe(200);
    const gone = await sendChunk(user, 1, jfk.subarray(0, 1000), { sessionId });
    expect(gone.status).toBe(404);
  });

  it("expires a session an hour after its last chunk, not a day", async () => {
    const user = await signedInUser(api.db);
    const first = await sendChunk(user, 0, jfk.subarray(0, 1000));
    const { sessionId } = (await first.json()) as { sessionId: string };
    const { expires_at } = await api.db
      .selectFrom("upload_sessions")
      .select("expires_at")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const hoursLeft = (Date.parse(expires_at) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(0.9);
    expect(hoursLeft).toBeLessThanOrEqual(1);
  });

  it("answers multipart without a boundary with 400", async () => {
    const user = await signedInUser(api.db);
    for (const path of ["/api/transcribe", "/api/uploads/chunk"]) {
      const response = await fetch(`${api.base}${path}`, {
        method: "POST",
        headers: { ...user.auth, "content-type": "multipart/form-data" },
        body: "--x\r\ncontent-disposition: form-data; name=file\r\n\r\nabc\r\n--x--\r\n",
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("MULTIPART_INVALID");
    }
    expect(await minuteBalance(api.db, user.id)).toEqual({ planSeconds: 1200, packSeconds: 0 });
  });
});
