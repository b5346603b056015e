import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ffmpeg,
  JFK_MP3,
  loopedJfk,
  scratchDir,
} from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// One request is one charge: retries with the same Idempotency-Key (what SDKs send when they
// time out) get the first request's job, and a synchronous request whose client hangs up
// without a key is cancelled rather than run and charged for nobody.

const scratch = scratchDir("verbatim-idempotency-");
const long = join(scratch.dir, "long.mp3");
ffmpeg("-stream_loop", "-1", "-i", JFK_MP3, "-t", "90", "-c:a", "libmp3lame", "-b:a", "32k", long);
// Long enough to be still running when its client hangs up, short enough to finish quickly.
const medium = loopedJfk(scratch.dir, 2);
const jfk = readFileSync(JFK_MP3);
afterAll(() => scratch.cleanup());

describe.each(DATABASE_KINDS)("idempotent requests on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const jobsOf = (user: TestUser) =>
    api.db
      .selectFrom("transcriptions")
      .select(["id", "status"])
      .where("user_id", "=", user.id)
      .execute();
  const reservations = async (user: TestUser) =>
    (
      await api.db
        .selectFrom("minute_ledger")
        .select("id")
        .where("user_id", "=", user.id)
        .where("kind", "=", "reserve")
        .execute()
    ).length;

  /** Sends a waiting upload, then hangs up once its job exists; returns the job's id. */
  async function uploadThenHangUp(
    user: TestUser,
    headers: Record<string, string>,
    media: string = long,
  ) {
    const request = upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(media)]),
      headers,
    }).catch(() => undefined);
    let id: string | undefined;
    for (let i = 0; i < 300 && !id; i++) {
      id = (await jobsOf(user))[0]?.id;
      if (!id) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(id).toBeDefined();
    // upload() owns its fetch: hang up by closing the server's connections instead.
    api.app.server.closeAllConnections();
    await request;
    return id!;
  }

  async function waitForStatus(id: string, statuses: string[]): Promise<string> {
    for (let i = 0; i < 600; i++) {
      const row = await api.db
        .selectFrom("transcriptions")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (statuses.includes(row.status)) return row.status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} never reached ${statuses.join("/")}`);
  }

  it("answers a retry with the same key with the same job, charging once", async () => {
    const user = await signedInUser(api.db);
    const send = (key: string, file: Uint8Array = jfk) =>
      upload(api.base, "/api/transcribe", {
        file: new Blob([file]),
        headers: { ...user.auth, prefer: "respond-async", "idempotency-key": key },
      });
    const first = await send("retry-1");
    const second = await send("retry-1");
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const a = (await first.json()) as { id: string };
    const b = (await second.json()) as { id: string };
    expect(b.id).toBe(a.id);
    expect(await jobsOf(user)).toHaveLength(1);
    expect(await reservations(user)).toBe(1);

    const other = await send("retry-1", jfk.subarray(0, jfk.length - 1000));
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await jobsOf(user)).toHaveLength(1);

    const bad = await send("k".repeat(300));
    expect(bad.status).toBe(400);
  });

  it("answers a retried combine with the job the first one made", async () => {
    const user = await signedInUser(api.db);
    const chunk = await upload(api.base, "/api/uploads/chunk", {
      file: new Blob([jfk]),
      fileName: "blob",
      fields: { chunkIndex: "0", totalChunks: "1" },
      headers: user.auth,
    });
    const { sessionId } = (await chunk.json()) as { sessionId: string };
    const combine = () =>
      api.post(
        "/api/uploads/combine",
        { sessionId, fileName: "jfk.mp3", totalChunks: 1 },
        { ...user.auth, prefer: "respond-async", "idempotency-key": `combine-${sessionId}` },
      );
    const first = await combine();
    const second = await combine();
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(((await second.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
    expect(await reservations(user)).toBe(1);
  });

  it("cancels a waiting request's job when its client hangs up without a key", async () => {
    const user = await signedInUser(api.db);
    const id = await uploadThenHangUp(user, user.auth);
    expect(await waitForStatus(id, ["cancelled", "completed", "failed"])).toBe("cancelled");
    // The cancel marks the job, then gives its minutes back.
    for (let i = 0; i < 50; i++) {
      if ((await minuteBalance(api.db, user.id)).planSeconds === 1200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await minuteBalance(api.db, user.id)).toEqual({ planSeconds: 1200, packSeconds: 0 });
  });

  it("lets a keyed job run on after its client hangs up, and gives the retry its result", async () => {
    const user = await signedInUser(api.db);
    const headers = { ...user.auth, "idempotency-key": "hang-up-then-retry" };
    const id = await uploadThenHangUp(user, headers, medium);
    const retry = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(medium)]),
      headers,
    });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { id: string; status: string }).id).toBe(id);
    expect(await jobsOf(user)).toEqual([{ id, status: "completed" }]);
    const charges = await api.db
      .selectFrom("minute_ledger")
      .select("id")
      .where("reference", "=", id)
      .where("kind", "=", "charge")
      .execute();
    expect(charges).toHaveLength(1);
  }, 120_000); // 22 s of speech, transcribed to the end while other test files load the machine

  it("honours the key on the OpenAI-compatible API", async () => {
    const user = await signedInUser(api.db);
    const keyResponse = await api.post("/api/keys", { name: "retries" }, user.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const send = () =>
      upload(api.base, "/v1/audio/transcriptions", {
        file: new Blob([jfk]),
        fields: { model: "whisper-1", response_format: "json" },
        headers: { authorization: `Bearer ${key}`, "idempotency-key": "sdk-retry-7" },
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("x-verbatim-transcription-id")).toBe(
      first.headers.get("x-verbatim-transcription-id"),
    );
    expect(await reservations(user)).toBe(1);
  });
});
