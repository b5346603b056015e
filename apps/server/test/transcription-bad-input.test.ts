import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ffmpeg,
  JFK_MP3,
  scratchDir,
  writeBadInputs,
} from "../../../packages/engine/test/helpers/media-files.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const scratch = scratchDir("verbatim-bad-input-");
const bad = writeBadInputs(scratch.dir);
afterAll(() => scratch.cleanup());

const blob = (path: string) => new Blob([readFileSync(path)]);

describe.each(DATABASE_KINDS)("bad uploads on %s", (kind) => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind, { MAX_UPLOAD_MB: "2" });
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** Nothing was kept or charged: no job, no file, the full 20 minutes. */
  async function expectNothingKept() {
    const jobs = await api.db
      .selectFrom("transcriptions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(jobs).toEqual([]);
    expect(api.leftovers()).toEqual([]);
    const me = (await (await fetch(`${api.base}/api/auth/me`, { headers: user.auth })).json()) as {
      credits: number;
    };
    expect(me.credits).toBe(20);
  }

  it.each([
    ["empty", bad.empty, 400, "INPUT_EMPTY"],
    ["text named .mp3", bad.text, 415, "INPUT_NOT_MEDIA"],
    ["truncated MP3 header", bad.stub, 415, "INPUT_NOT_MEDIA"],
    ["video without audio", bad.noAudio, 415, "INPUT_NO_AUDIO"],
  ])("refuses a %s file with a clear message", async (_name, path, status, code) => {
    const response = await upload(api.base, "/api/transcribe", {
      file: blob(path),
      headers: user.auth,
    });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message).not.toContain(api.uploadDir); // no server paths in messages
    await expectNothingKept();
  });

  it("refuses a file over the size limit with 413 and keeps none of it", async () => {
    const big = new Blob([new Uint8Array(3 * 1024 * 1024)]);
    const response = await upload(api.base, "/api/transcribe", { file: big, headers: user.auth });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: "FILE_TOO_LARGE",
      message: "File size exceeds 2MB limit. Please use a smaller file or compress your media.",
      details: { limitBytes: 2 * 1024 * 1024, limitMb: 2 },
    });
    await expectNothingKept();
  });

  it.each([
    [{ generateTimestamps: "maybe" }, "VALIDATION_FAILED", /generateTimestamps/],
    [{ model: "gpt-9" }, "INVALID_MODEL", /"model":"gpt-9"/],
    [{ model: "gpt-4o-transcribe" }, "MODEL_NOT_INSTALLED", /"model":"gpt-4o-transcribe"/],
    [{ language: "klingon" }, "VALIDATION_FAILED", /language/],
    [{ task: "summarise" }, "VALIDATION_FAILED", /task/],
    [{ source: "youtube" }, "VALIDATION_FAILED", /source/],
  ])("refuses bad fields %j", async (fields, code, message) => {
    const response = await upload(api.base, "/api/transcribe", {
      file: blob(JFK_MP3),
      fields,
      headers: user.auth,
    });
    expect(response.status).toBe(code === "MODEL_NOT_INSTALLED" ? 503 : 400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe(code);
    // The fact is in the message or, for a developer, in the details.
    expect(JSON.stringify(body)).toMatch(message);
    await expectNothingKept();
  });

  it("refuses a request without a file, and one that is not multipart", async () => {
    const form = new FormData();
    form.append("model", "whisper-1");
    const noFile = await fetch(`${api.base}/api/transcribe`, {
      method: "POST",
      body: form,
      headers: user.auth,
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { code: string }).code).toBe("FILE_REQUIRED");

    const json = await api.post("/api/transcribe", { file: "talk.mp3" }, user.auth);
    expect(json.status).toBe(415);
    expect(((await json.json()) as { code: string }).code).toBe("MULTIPART_REQUIRED");
    await expectNothingKept();
  });

  it("refuses without a session, with an expired one, and with malformed JSON", async () => {
    const anonymous = await upload(api.base, "/api/transcribe", { file: blob(JFK_MP3) });
    expect(anonymous.status).toBe(401);

    const expired = await signedInUser(api.db);
    await api.db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", expired.id)
      .execute();
    const late = await upload(api.base, "/api/transcribe", {
      file: blob(JFK_MP3),
      headers: expired.auth,
    });
    expect(late.status).toBe(401);
    expect(((await late.json()) as { code: string }).code).toBe("UNAUTHORIZED");

    const malformed = await fetch(`${api.base}/api/uploads/combine`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: '{"sessionId": "abc",',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/JSON/i);
    await expectNothingKept();
  });

  it("refuses a file longer than the minutes left with 402 saying how many are needed", async () => {
    const long = join(scratch.dir, "long.mp3");
    ffmpeg(
      ...["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "1490"],
      ...["-c:a", "libmp3lame", "-b:a", "8k", long],
    );
    const response = await upload(api.base, "/api/transcribe", {
      file: blob(long),
      headers: user.auth,
    });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("INSUFFICIENT_MINUTES");
    expect(body.message).toContain("This file needs 25 minutes but you have 20 left.");
    await expectNothingKept();
  });

  it("lets only one of two simultaneous uploads spend the same minutes", async () => {
    const racer = await signedInUser(api.db);
    const twelve = join(scratch.dir, "twelve-minutes.mp3");
    ffmpeg(
      ...["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "720"],
      ...["-c:a", "libmp3lame", "-b:a", "8k", twelve],
    );
    const send = () =>
      upload(api.base, "/api/transcribe", {
        file: blob(twelve),
        headers: { ...racer.auth, prefer: "respond-async" },
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 402]);
    const accepted = answers.find((r) => r.status === 202);
    const { id } = (await accepted?.json()) as { id: string };
    await api.post(`/api/transcriptions/${id}/cancel`, undefined, racer.auth);
    const me = (await (await fetch(`${api.base}/api/auth/me`, { headers: racer.auth })).json()) as {
      credits: number;
    };
    expect(me.credits).toBe(20);
  });
});

describe("a server without the configured models", () => {
  it("says which model is missing before reading the upload", async () => {
    const api = await startTranscriptionApi("sqlite", {
      FAST_MODEL: "/nonexistent/ggml-base.bin",
    });
    try {
      const user = await signedInUser(api.db);
      const response = await upload(api.base, "/api/transcribe", {
        file: blob(JFK_MP3),
        headers: user.auth,
      });
      expect(response.status).toBe(503);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("MODEL_NOT_INSTALLED");
      expect(JSON.stringify(body)).toContain("npm run models --");
      expect(api.leftovers()).toEqual([]);
      const models = (await (await fetch(`${api.base}/api/models`)).json()) as {
        id: string;
        installed: boolean;
      }[];
      expect(models.filter((m) => m.id === "whisper-1" || m.id === "gpt-4o-transcribe")).toEqual([
        expect.objectContaining({ id: "whisper-1", installed: false }),
        expect.objectContaining({ id: "gpt-4o-transcribe", installed: false }),
      ]);
    } finally {
      await api.close();
    }
  });
});
