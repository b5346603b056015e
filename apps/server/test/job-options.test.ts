// A job's options travel in one shape: each intake builds them once from its own request, the
// jobs table keeps them as built, and the worker parses them (rows written before the shape had
// a version included).
import { jobOptions, MAX_PROMPT_CHARS } from "@verbatim/contract";
import { copyFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDiarizationModels } from "../../../packages/engine/test/helpers/diarization-models.js";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { reserveMinutes } from "../src/minutes/minute-ledger.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";
import {
  fastEngineEnv,
  readEvents,
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

describe("/v1 options are the job's, not a web form's", () => {
  let api: TranscriptionApi;
  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
  });
  afterAll(() => api?.close());

  it("refuses a prompt past the limit as OpenAI refuses a field: param prompt, nothing kept", async () => {
    const user = await signedInUser(api.db);
    const created = await api.post("/api/keys", { name: "options" }, user.auth);
    const { key } = (await created.json()) as { key: string };
    const response = await upload(api.base, "/v1/audio/transcriptions", {
      file: new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" }),
      fields: { model: "whisper-1", prompt: "p".repeat(MAX_PROMPT_CHARS + 1) },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as OpenAIErrorBody;
    // Checked as the /v1 field it is, like every other (it was rewritten into the web form's
    // fields and refused by the form's schema as "Invalid upload", with neither param nor code).
    expect(error).toMatchObject({
      type: "invalid_request_error",
      param: "prompt",
      code: "invalid_value",
    });
    expect(error.message).toContain(String(MAX_PROMPT_CHARS));
    expect(api.leftovers()).toEqual([]);
  });
});

// Rows as the server wrote them before options had a version, literally: the worker runs the
// waiting ones with what they asked for, and the finished ones still open.
describe.each(DATABASE_KINDS)("jobs stored before options had a version, on %s", (kind) => {
  const scratch = scratchDir("verbatim-old-options-");
  const clip = join(scratch.dir, "clip.mp3");
  ffmpeg("-i", JFK_MP3, "-t", "3", "-c:a", "copy", clip);
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let user: TestUser;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    user = await signedInUser(database.db);
    env = {
      ...(await fastEngineEnv()),
      // The stand-in diarization models, for the old row that asked for speakers.
      MODELS_DIR: await ensureDiarizationModels(),
      LOG_LEVEL: "silent",
      UPLOAD_DIR: scratch.dir,
    };
  });
  afterAll(async () => {
    await database?.close();
    scratch.cleanup();
  });

  /** A job stored with `optionsJson` as it is, waiting (with its media and minutes) or completed. */
  async function oldJob(optionsJson: string, status: "queued" | "completed"): Promise<string> {
    const id = crypto.randomUUID();
    const mediaPath = join(scratch.dir, `${id}.upload`);
    copyFileSync(clip, mediaPath);
    const now = new Date();
    await reserveMinutes(database.db, user.id, id, 4, now);
    await insertTranscription(
      database.db,
      {
        id,
        userId: user.id,
        fileName: "clip.mp3",
        model: "whisper-1",
        engineModel: env.FAST_MODEL ?? "",
        options: jobOptions({}),
        mediaPath,
        mediaBytes: statSync(mediaPath).size,
        durationMs: 3_000,
      },
      now,
    );
    // Written as the old writer wrote it (JSON.stringify of its JobOptions).
    await database.db
      .updateTable("transcriptions")
      .set({ options_json: optionsJson })
      .where("id", "=", id)
      .execute();
    if (status === "completed") {
      await transition(database.db, id, ["queued"], { status, cues_json: "[]", progress: 1 }, now);
    }
    return id;
  }

  it("runs and shows them with the options they were stored with", async () => {
    const styled = await oldJob(
      '{"language":"en","task":"transcribe","wordTimestamps":false,"style":"netflix"}',
      "queued",
    );
    const diarized = await oldJob(
      '{"language":"en","task":"transcribe","wordTimestamps":true,"speakers":"2"}',
      "queued",
    );
    const bare = await oldJob("{}", "completed");

    const config = { ...loadConfig(env), database: database.config };
    const app = await buildApp({ config, db: database.db, maintenance: false });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const detail = async (id: string) => {
        const response = await fetch(`${base}/api/transcriptions/${id}`, { headers: user.auth });
        expect(response.status).toBe(200);
        return (await response.json()) as {
          status: string;
          style: string;
          error: unknown;
          speakers: unknown[] | null;
        };
      };
      for (const id of [styled, diarized]) {
        const events = await readEvents(`${base}/api/transcriptions/${id}/events`, user.auth);
        expect(events.at(-1)?.event).toBe("completed");
      }
      expect(await detail(styled)).toMatchObject({ status: "completed", style: "netflix" });
      // "2" as text in the old shape still reaches the engine as two speakers.
      expect((await detail(diarized)).speakers).toHaveLength(2);
      expect(await detail(bare)).toMatchObject({ status: "completed", style: "standard" });
    } finally {
      await app.close();
    }
  });
});
