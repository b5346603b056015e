import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ffmpeg,
  loopedJfk,
  scratchDir,
} from "../../../packages/engine/test/helpers/media-files.js";
import type { Db } from "../src/db/database.js";
import { halveMp4Durations } from "./support/lying-mp4.js";
import {
  readEvents,
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Text delivered is paid for: a job is charged for the audio it has transcribed, whoever stops
// it and why (a cancel after reading the live text, a /v1 stream hung up on, a container that
// lied about its length), never more than it reserved; one that delivered no text is free.
// Each of these got transcripts for nothing before.

/** Seconds taken from the user's minutes (grants left out), from the ledger itself. */
async function secondsSpent(db: Db, userId: string): Promise<number> {
  const rows = await db
    .selectFrom("minute_ledger")
    .select("seconds")
    .where("user_id", "=", userId)
    .where("kind", "!=", "grant")
    .execute();
  return rows.reduce((spent, row) => spent - Number(row.seconds), 0);
}

/** The job's row once it has ended and been settled. */
async function settledRow(db: Db, id: string) {
  for (let i = 0; i < 600; i++) {
    const row = await db
      .selectFrom("transcriptions")
      .select(["status", "error_code", "transcribed_ms", "charged_seconds", "duration_ms"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (row.charged_seconds !== null) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} was never settled`);
}

describe("a job is charged for the audio it has transcribed", () => {
  const media = scratchDir("verbatim-charge-transcribed-");
  let api: TranscriptionApi;
  let speech: Blob;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    speech = new Blob([readFileSync(loopedJfk(media.dir, 6))], { type: "audio/mpeg" }); // 66 s
  });
  afterAll(async () => {
    await api?.close();
    media.cleanup();
  });

  const submit = async (user: TestUser, file: Blob, fileName = "talk.mp3") => {
    const response = await upload(api.base, "/api/transcribe", {
      file,
      fileName,
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  };

  it("charges a cancel after the live text was read for that text, and says so", async () => {
    const user = await signedInUser(api.db);
    const id = await submit(user, speech);
    const events = await readEvents(
      `${api.base}/api/transcriptions/${id}/events`,
      user.auth,
      (event) => event.event === "segment" || event.event === "completed",
    );
    const segment = events.at(-1);
    expect(segment?.event).toBe("segment"); // 66 s of speech: still running
    const heardUntil = Number(segment?.data.end);
    const { media_path: upload } = await api.db
      .selectFrom("transcriptions")
      .select("media_path")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(upload && existsSync(upload)).toBe(true);

    const cancelled = await fetch(`${api.base}/api/transcriptions/${id}/cancel`, {
      method: "POST",
      headers: user.auth,
    });
    expect(cancelled.status).toBe(200);
    const body = (await cancelled.json()) as { status: string; chargedSeconds: number | null };
    expect(body.status).toBe("cancelled");
    // At least the text read, never more than was reserved for the file.
    expect(body.chargedSeconds).toBeGreaterThanOrEqual(Math.ceil(heardUntil / 1000));
    const row = await settledRow(api.db, id);
    expect(body.chargedSeconds).toBeLessThanOrEqual(Math.ceil(row.duration_ms / 1000));
    expect(row.charged_seconds).toBe(body.chargedSeconds);
    expect(body.chargedSeconds).toBe(Math.ceil(row.transcribed_ms / 1000));
    expect(await secondsSpent(api.db, user.id)).toBe(body.chargedSeconds);
    // History shows it too.
    const history = (await (
      await fetch(`${api.base}/api/transcriptions`, { headers: user.auth })
    ).json()) as { id: string; chargedSeconds: number | null }[];
    expect(history.find((item) => item.id === id)?.chargedSeconds).toBe(body.chargedSeconds);
    // The worker deletes the upload once the engine has stopped.
    for (let i = 0; i < 100 && existsSync(upload!); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(existsSync(upload!)).toBe(false);
  }, 180_000);

  it("leaves a job cancelled before it delivered any text free", async () => {
    const user = await signedInUser(api.db);
    const blocker = await submit(user, speech); // keeps the one worker busy
    const waiting = await submit(user, speech);
    const cancel = (id: string) =>
      fetch(`${api.base}/api/transcriptions/${id}/cancel`, { method: "POST", headers: user.auth });
    const body = (await (await cancel(waiting)).json()) as { chargedSeconds: number | null };
    expect(body.chargedSeconds).toBe(0);
    await cancel(blocker);
    const blocked = await settledRow(api.db, blocker);
    expect(await secondsSpent(api.db, user.id)).toBe(blocked.charged_seconds);
  }, 180_000);

  it("charges a /v1 stream hung up on without an Idempotency-Key for the text it streamed", async () => {
    const user = await signedInUser(api.db);
    const created = await fetch(`${api.base}/api/keys`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "stream" }),
    });
    const { key } = (await created.json()) as { key: string };
    const form = new FormData();
    form.append("file", speech, "talk.mp3");
    form.append("model", "whisper-1");
    form.append("stream", "true");
    const controller = new AbortController();
    const response = await fetch(`${api.base}/v1/audio/transcriptions`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const id = response.headers.get("x-verbatim-transcription-id");
    expect(id).toBeTruthy();
    // Read until the first piece of text, then hang up.
    const reader = response.body!.getReader();
    let received = "";
    while (!received.includes("transcript.text.delta")) {
      const { done, value } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toContain("transcript.text.delta");
    controller.abort();

    const row = await settledRow(api.db, id!);
    expect(row.status).toBe("cancelled");
    expect(row.charged_seconds).toBeGreaterThan(0);
    expect(row.charged_seconds).toBe(Math.ceil(row.transcribed_ms / 1000));
    expect(await secondsSpent(api.db, user.id)).toBe(row.charged_seconds);
  }, 180_000);

  it("charges an MP4 whose sample durations were halved for what it transcribed before it was caught", async () => {
    const user = await signedInUser(api.db);
    const honest = join(media.dir, "honest.mp4");
    ffmpeg("-i", loopedJfk(media.dir, 6, "long.mp3"), "-c:a", "aac", "-b:a", "64k", honest);
    const lying = join(media.dir, "lying.mp4");
    halveMp4Durations(honest, lying); // 66 s of audio that says 33 s
    const id = await submit(
      user,
      new Blob([readFileSync(lying)], { type: "video/mp4" }),
      "lie.mp4",
    );
    const events = await readEvents(
      `${api.base}/api/transcriptions/${id}/events`,
      user.auth,
      (event) => event.event === "completed" || event.event === "failed",
    );
    const failed = events.at(-1);
    expect(failed?.event).toBe("failed");
    expect(failed?.data.code).toBe("INPUT_LONGER_THAN_DECLARED");
    const heard = events.filter((event) => event.event === "segment");
    expect(heard.length).toBeGreaterThan(0); // the reserved half was transcribed and sent

    const row = await settledRow(api.db, id);
    expect(row.duration_ms).toBeLessThan(35_000); // reserved for the length it declared
    expect(row.charged_seconds).toBeGreaterThanOrEqual(
      Math.ceil(Math.max(...heard.map((event) => Number(event.data.end))) / 1000),
    );
    expect(row.charged_seconds).toBeLessThanOrEqual(Math.ceil(row.duration_ms / 1000));
    expect(failed?.data.chargedSeconds).toBe(row.charged_seconds);
    expect(await secondsSpent(api.db, user.id)).toBe(row.charged_seconds);
  }, 180_000);
});
