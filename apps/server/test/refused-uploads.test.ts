import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { basename, join, sep } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { addEntry } from "../src/minutes/ledger-entries.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { endSession } from "../src/uploads/upload-sessions.js";
import { CLAIM_TIMEOUT_MS, requestFingerprint } from "../src/transcriptions/idempotency.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Every refused upload deletes what it received, at once: nothing of a request that made no
// job stays in the upload folder (a sweeper hours later is too late: five refused uploads of
// an account with no minutes could fill a disk). And an Idempotency-Key whose request died
// before making its job does not answer "in progress" for a day.

const jfk = readFileSync(JFK_MP3);
const notMedia = Buffer.from("These are meeting notes, not audio.\n".repeat(40));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(DATABASE_KINDS)("refused uploads on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    // 1 MB uploads: a file over the limit is cheap to send.
    api = await startTranscriptionApi(kind, { MAX_UPLOAD_MB: "1" });
  });
  afterAll(async () => {
    await api?.close();
  });

  /** Strays an earlier test left (so each test answers for its own requests only). */
  let earlier = new Set<string>();
  beforeEach(async () => {
    earlier = new Set(await unowned());
  });
  /** Files this test's requests left in the upload folder that nothing owns. */
  const strays = async () => (await unowned()).filter((path) => !earlier.has(path));

  /**
   * Files in the upload folder that nothing owns: not a job's media, not a chunk of a live
   * upload session, not a finished job's listening copy.
   */
  async function unowned(): Promise<string[]> {
    const media = await api.db.selectFrom("transcriptions").select("media_path").execute();
    const held = new Set(
      media.flatMap((row) => (row.media_path ? [basename(row.media_path)] : [])),
    );
    const sessions = await api.db.selectFrom("upload_sessions").select("id").execute();
    const live = new Set(sessions.map((session) => session.id));
    return (readdirSync(api.uploadDir, { recursive: true }) as string[]).filter((path) => {
      if (!statSync(join(api.uploadDir, path)).isFile()) return false;
      if (path.endsWith(".listen.m4a") || held.has(basename(path))) return false;
      const [top, session] = path.split(sep);
      return !(top === "chunks" && session !== undefined && live.has(session));
    });
  }

  const codeOf = async (response: Response) => {
    const body = (await response.json()) as { code?: string; error?: { code?: string } };
    return body.code ?? body.error?.code;
  };

  /** Spends the user's minutes down to `leftSeconds`. */
  async function leaveSeconds(user: TestUser, leftSeconds: number) {
    const { planSeconds } = await minuteBalance(api.db, user.id);
    const spend = planSeconds - leftSeconds;
    await addEntry(api.db, user.id, "charge", "plan", -spend, `spent:${user.id}`, null, new Date());
  }

  async function claimKey(user: TestUser, key: string, fingerprint: string, ageMs: number) {
    await api.db
      .insertInto("idempotency_keys")
      .values({
        user_id: user.id,
        key,
        fingerprint,
        transcription_id: null,
        created_at: new Date(Date.now() - ageMs).toISOString(),
      })
      .execute();
  }

  async function apiKeyOf(user: TestUser): Promise<Record<string, string>> {
    const response = await api.post("/api/keys", { name: "refusals" }, user.auth);
    const { key } = (await response.json()) as { key: string };
    return { authorization: `Bearer ${key}` };
  }

  describe("POST /api/transcribe", () => {
    const send = (user: TestUser, file: Uint8Array, headers: Record<string, string> = {}) =>
      upload(api.base, "/api/transcribe", {
        file: new Blob([file]),
        headers: { ...user.auth, prefer: "respond-async", ...headers },
      });

    it("409 key reused with another body, even with no minutes left: the file goes", async () => {
      const user = await signedInUser(api.db);
      expect((await send(user, jfk, { "idempotency-key": "reused" })).status).toBe(202);
      await leaveSeconds(user, 0);
      for (let i = 1; i <= 3; i++) {
        const other = await send(user, jfk.subarray(0, jfk.length - 1000 * i), {
          "idempotency-key": "reused",
        });
        expect(other.status).toBe(409);
        expect(await codeOf(other)).toBe("IDEMPOTENCY_KEY_REUSED");
        expect(await strays()).toEqual([]);
      }
    });

    it("409 key still in progress: the file goes", async () => {
      const user = await signedInUser(api.db);
      await claimKey(user, "busy", requestFingerprint("/api/transcribe", {}, sha256(jfk)), 1000);
      const response = await send(user, jfk, { "idempotency-key": "busy" });
      expect(response.status).toBe(409);
      expect(await codeOf(response)).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
      expect(await strays()).toEqual([]);
    });

    it("400 and 415: a bad option after the file, an empty file, not media", async () => {
      const user = await signedInUser(api.db);
      const badOption = await upload(api.base, "/api/transcribe", {
        file: new Blob([jfk]),
        fields: { style: "no-such-style" },
        headers: user.auth,
      });
      expect(badOption.status).toBe(400);
      expect(await strays()).toEqual([]);
      const empty = await send(user, new Uint8Array(0));
      expect(empty.status).toBe(400);
      expect(await strays()).toEqual([]);
      const text = await send(user, notMedia);
      expect(text.status).toBe(415);
      expect(await codeOf(text)).toBe("INPUT_NOT_MEDIA");
      expect(await strays()).toEqual([]);
    });

    it("402: no minutes at all, and fewer than the file needs", async () => {
      const none = await signedInUser(api.db);
      await leaveSeconds(none, 0);
      expect((await send(none, jfk)).status).toBe(402);
      expect(await strays()).toEqual([]);
      const few = await signedInUser(api.db);
      await leaveSeconds(few, 5); // the recording is 11 s
      const response = await send(few, jfk);
      expect(response.status).toBe(402);
      expect(await codeOf(response)).toBe("INSUFFICIENT_MINUTES");
      expect(await strays()).toEqual([]);
    });

    it("413: a file over the limit, cut off while it streams", async () => {
      const user = await signedInUser(api.db);
      const response = await send(user, new Uint8Array(1536 * 1024));
      expect(response.status).toBe(413);
      expect(await strays()).toEqual([]);
    });

    it("a client that hangs up mid-body leaves nothing", async () => {
      const user = await signedInUser(api.db);
      const { port } = new URL(api.base);
      const boundary = "----refused";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`;
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.on("error", () => undefined);
      socket.write(
        [
          "POST /api/transcribe HTTP/1.1",
          "Host: 127.0.0.1",
          `Authorization: ${user.auth.authorization}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${head.length + 900 * 1024}`,
          "",
          "",
        ].join("\r\n") + head,
      );
      socket.write(Buffer.alloc(300 * 1024, 7));
      // The server has started writing the file; then the client is gone.
      await expect.poll(() => strays(), { timeout: 5000 }).not.toEqual([]);
      socket.destroy();
      await expect.poll(() => strays(), { timeout: 5000 }).toEqual([]);
    });
  });

  describe("POST /v1/audio/*", () => {
    it.each(["transcriptions", "translations"] as const)(
      "/v1/audio/%s: 409 (reused, in progress), 400 (bad field, not media) and too few minutes leave nothing",
      async (route) => {
        const user = await signedInUser(api.db);
        const auth = await apiKeyOf(user);
        const send = (file: Uint8Array, fields: Record<string, string>, key?: string) =>
          upload(api.base, `/v1/audio/${route}`, {
            file: new Blob([file]),
            fields,
            headers: { ...auth, ...(key ? { "idempotency-key": key } : {}) },
          });
        const fields = { model: "whisper-1", response_format: "json" };
        expect((await send(jfk, fields, "v1-reused")).status).toBe(200);
        const reused = await send(jfk.subarray(0, jfk.length - 1000), fields, "v1-reused");
        expect(reused.status).toBe(409);
        expect(await strays()).toEqual([]);

        const task = route === "transcriptions" ? "transcribe" : "translate";
        await claimKey(
          user,
          "v1-busy",
          requestFingerprint(`/v1/audio/${task}`, fields, sha256(jfk)),
          1000,
        );
        const busy = await send(jfk, fields, "v1-busy");
        expect(busy.status).toBe(409);
        expect(await strays()).toEqual([]);

        const badField = await send(jfk, { ...fields, response_format: "nope" });
        expect(badField.status).toBe(400);
        expect(await strays()).toEqual([]);
        const text = await send(notMedia, fields);
        expect(text.status).toBe(400); // OpenAI's answer to media it cannot read
        expect(await strays()).toEqual([]);

        await leaveSeconds(user, 5);
        const poor = await send(jfk, fields);
        expect(poor.status).toBe(429); // OpenAI's insufficient_quota
        expect(await strays()).toEqual([]);
      },
      60_000,
    );
  });

  describe("chunked uploads", () => {
    const sendChunk = (
      user: TestUser,
      body: Uint8Array,
      fields: Record<string, string> = { chunkIndex: "0", totalChunks: "1" },
    ) =>
      upload(api.base, "/api/uploads/chunk", {
        file: new Blob([body]),
        fileName: "blob",
        fields,
        headers: user.auth,
      });
    /** Ends a session the test is done with, as a cancelled upload would. */
    const dropSession = (sessionId: string) => endSession(api.db, api.uploadDir, sessionId);
    const sessionOf = async (response: Response) =>
      ((await response.json()) as { sessionId: string }).sessionId;

    it("refused chunks (400, 409, 413, 429) leave nothing but the session's own chunks", async () => {
      const user = await signedInUser(api.db);
      const first = await sendChunk(user, jfk, { chunkIndex: "0", totalChunks: "2" });
      expect(first.status).toBe(200);
      const sessionId = await sessionOf(first);

      // 429: the free plan keeps one unfinished upload.
      const second = await sendChunk(user, jfk);
      expect(second.status).toBe(429);
      expect(await strays()).toEqual([]);
      // 400: an index past the end.
      const outOfRange = await sendChunk(user, jfk, {
        sessionId,
        chunkIndex: "5",
        totalChunks: "2",
      });
      expect(outOfRange.status).toBe(400);
      expect(await strays()).toEqual([]);
      // 413: the session's chunks together over the limit.
      const over = await sendChunk(user, new Uint8Array(1000 * 1000), {
        sessionId,
        chunkIndex: "1",
        totalChunks: "2",
      });
      expect(over.status).toBe(413);
      expect(await strays()).toEqual([]);
      // 409: a chunk while the session is being combined.
      await api.db
        .updateTable("upload_sessions")
        .set({ state: "combining" })
        .where("id", "=", sessionId)
        .execute();
      const busy = await sendChunk(user, jfk, { sessionId, chunkIndex: "1", totalChunks: "2" });
      expect(busy.status).toBe(409);
      expect(await strays()).toEqual([]);
      await dropSession(sessionId);
    });

    it("a refused combine (409 key reused, 415 not media) leaves no joined file", async () => {
      const user = await signedInUser(api.db);
      const combine = (sessionId: string, key?: string) =>
        api.post(
          "/api/uploads/combine",
          { sessionId, fileName: "jfk.mp3", totalChunks: 1 },
          { ...user.auth, prefer: "respond-async", ...(key ? { "idempotency-key": key } : {}) },
        );
      const made = await sessionOf(await sendChunk(user, jfk));
      expect((await combine(made, "combine-key")).status).toBe(202);

      const other = await sessionOf(await sendChunk(user, jfk));
      const reused = await combine(other, "combine-key");
      expect(reused.status).toBe(409);
      expect(await codeOf(reused)).toBe("IDEMPOTENCY_KEY_REUSED");
      expect(await strays()).toEqual([]);
      await dropSession(other);

      const text = await sessionOf(await sendChunk(user, notMedia));
      const refused = await combine(text);
      expect(refused.status).toBe(415);
      // The session keeps its chunks for another try; nothing else stays.
      expect(await strays()).toEqual([]);
    });
  });

  describe("an Idempotency-Key whose request never made its job", () => {
    it("is taken over by the retry once the claim is stale; a fresh one still answers 409", async () => {
      const user = await signedInUser(api.db);
      const fingerprint = requestFingerprint("/api/transcribe", {}, sha256(jfk));
      await claimKey(user, "crashed", fingerprint, CLAIM_TIMEOUT_MS + 1000);
      await claimKey(user, "fresh", fingerprint, CLAIM_TIMEOUT_MS - 30_000);
      const send = (key: string) =>
        upload(api.base, "/api/transcribe", {
          file: new Blob([jfk]),
          headers: { ...user.auth, prefer: "respond-async", "idempotency-key": key },
        });

      const retry = await send("crashed");
      expect(retry.status).toBe(202);
      const { id } = (await retry.json()) as { id: string };
      const claim = await api.db
        .selectFrom("idempotency_keys")
        .select("transcription_id")
        .where("user_id", "=", user.id)
        .where("key", "=", "crashed")
        .executeTakeFirstOrThrow();
      expect(claim.transcription_id).toBe(id);
      // And a second retry gets that job.
      const again = await send("crashed");
      expect(((await again.json()) as { id: string }).id).toBe(id);

      const fresh = await send("fresh");
      expect(fresh.status).toBe(409);
      expect(await codeOf(fresh)).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    });

    it("is dropped when a single-process server starts, with the files of requests that died; a key with its job is kept", async () => {
      const database = await createTestDatabase(kind);
      const folder = scratchDir("verbatim-restart-");
      try {
        // What a request killed mid-intake leaves (its upload, fresh), beside a kept audio copy.
        const died = join(folder.dir, `${crypto.randomUUID()}.upload`);
        writeFileSync(died, "half an upload");
        const kept = join(folder.dir, "kept.listen.m4a");
        writeFileSync(kept, "audio");
        const user = await signedInUser(database.db);
        const claims = database.db.insertInto("idempotency_keys");
        const now = new Date().toISOString();
        await claims
          .values({
            user_id: user.id,
            key: "died",
            fingerprint: "f",
            transcription_id: null,
            created_at: now,
          })
          .execute();
        await claims
          .values({
            user_id: user.id,
            key: "done",
            fingerprint: "f",
            transcription_id: "a-job",
            created_at: now,
          })
          .execute();
        const finished = await finishedTranscription(database.db, user.id, numberedCues(1));
        await database.db
          .updateTable("transcriptions")
          .set({ audio_path: kept })
          .where("id", "=", finished)
          .execute();
        const app = await buildApp({
          config: {
            ...loadConfig({
              LOG_LEVEL: "silent",
              MODELS_AUTO_DOWNLOAD: "false",
              UPLOAD_DIR: folder.dir,
            }),
            database: database.config,
          },
          db: database.db,
          maintenance: false,
        });
        await app.close();
        const left = await database.db.selectFrom("idempotency_keys").select("key").execute();
        expect(left.map((row) => row.key)).toEqual(["done"]);
        expect(existsSync(died)).toBe(false);
        expect(existsSync(kept)).toBe(true);
      } finally {
        await database.close();
        folder.cleanup();
      }
    });
  });
});
