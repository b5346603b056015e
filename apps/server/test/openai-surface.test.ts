// What a developer meets on /v1 besides the transcript itself: a stream answers at once,
// `include[]=logprobs` gives the tokens' log-probabilities, parameters OpenAI refuses are
// refused, answers that a retry cannot change tell the official client not to retry, the model
// list shows only what works, and no answer shows the server's file paths.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlumbingModel } from "../../../packages/engine/test/support/random-model.js";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const scratch = scratchDir("verbatim-openai-surface-");
const CLIP = join(scratch.dir, "clip.mp3");
ffmpeg("-i", JFK_MP3, "-t", "4", "-c:a", "copy", CLIP);
/** An empty models folder: no speaker models. */
const NO_MODELS = join(scratch.dir, "models");
mkdirSync(NO_MODELS);

interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

async function keyFor(api: TranscriptionApi) {
  const user = await signedInUser(api.db);
  const response = await api.post("/api/keys", { name: "surface" }, user.auth);
  const { key } = (await response.json()) as { key: string };
  return { user, key };
}

const refusal = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  return error as InstanceType<typeof OpenAI.APIError>;
};

describe("the /v1 surface with both models installed and no speaker models", () => {
  let api: TranscriptionApi;
  let client: OpenAI;
  let key: string;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite", {
      ACCURATE_MODEL: await ensurePlumbingModel(),
      MODELS_DIR: NO_MODELS,
    });
    ({ key } = await keyFor(api));
    client = new OpenAI({ baseURL: `${api.base}/v1`, apiKey: key, maxRetries: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists gpt-4o-transcribe-diarize only when its speaker models are installed", async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain("gpt-4o-transcribe");
    expect(ids).not.toContain("gpt-4o-transcribe-diarize");
    const missing = await refusal(client.models.retrieve("gpt-4o-transcribe-diarize"));
    expect(missing.status).toBe(404);
  });

  it("answers include[]=logprobs with each token's log-probability", async () => {
    const answer = await client.audio.transcriptions.create({
      file: await toFile(readFileSync(CLIP), "clip.mp3"),
      model: "whisper-1",
      include: ["logprobs"],
    });
    const logprobs = answer.logprobs ?? [];
    expect(logprobs.length).toBeGreaterThan(0);
    for (const { token, logprob, bytes } of logprobs) {
      expect(typeof token).toBe("string");
      expect(logprob).toBeLessThanOrEqual(0);
      expect(Number.isFinite(logprob)).toBe(true);
      expect(Buffer.from(bytes ?? []).toString("utf8")).toBe(token);
    }
    // The tokens spell the text (whisper's tokens carry their leading spaces).
    expect(
      logprobs
        .map((t) => t.token)
        .join("")
        .trim(),
    ).toBe(answer.text.trim());
    // Without it, none.
    const plain = await client.audio.transcriptions.create({
      file: await toFile(readFileSync(CLIP), "clip.mp3"),
      model: "whisper-1",
    });
    expect(plain.logprobs).toBeUndefined();
  }, 120_000);

  it("refuses include[] and timestamp_granularities[] with a format that cannot carry them", async () => {
    const file = () => toFile(readFileSync(CLIP), "clip.mp3");
    const granularities = await refusal(
      client.audio.transcriptions.create({
        file: await file(),
        model: "whisper-1",
        response_format: "json",
        timestamp_granularities: ["word"],
      }),
    );
    expect(granularities.status).toBe(400);
    expect(granularities.param).toBe("timestamp_granularities[]");
    const logprobs = await refusal(
      client.audio.transcriptions.create({
        file: await file(),
        model: "whisper-1",
        response_format: "verbose_json",
        include: ["logprobs"],
      }),
    );
    expect(logprobs.status).toBe(400);
    expect(logprobs.param).toBe("include[]");
    const unknown = await refusal(
      client.audio.transcriptions.create({
        file: await file(),
        model: "whisper-1",
        include: ["everything" as "logprobs"],
      }),
    );
    expect(unknown.param).toBe("include[]");
  });

  it("tells the official client not to retry a 409 that a retry cannot change", async () => {
    const send = (model: string) =>
      upload(api.base, "/v1/audio/transcriptions", {
        file: new Blob([readFileSync(CLIP)]),
        fileName: "clip.mp3",
        fields: { model },
        headers: { authorization: `Bearer ${key}`, "idempotency-key": "surface-409" },
      });
    expect((await send("whisper-1")).status).toBe(200);
    const reused = await send("gpt-4o-transcribe");
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as OpenAIErrorBody).error.code).toBe("idempotency_key_reused");
    expect(reused.headers.get("x-should-retry")).toBe("false");
  }, 120_000);
});

describe("the /v1 surface with no workers and a model missing", () => {
  let api: TranscriptionApi;
  let key: string;
  let fastModel: string;

  beforeAll(async () => {
    fastModel = await ensurePlumbingModel();
    // No worker: a job stays queued, so a stream has no event to send for a long while.
    api = await startTranscriptionApi("sqlite", { WORKER_CONCURRENCY: "0" });
    ({ key } = await keyFor(api));
  });
  afterAll(async () => {
    await api?.close();
    scratch.cleanup();
  });

  it("sends a stream's status and headers at once, before any event", async () => {
    const form = new FormData();
    form.append("file", new Blob([readFileSync(CLIP)]), "clip.mp3");
    form.append("model", "whisper-1");
    form.append("stream", "true");
    const controller = new AbortController();
    const started = Date.now();
    const answered = fetch(`${api.base}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: form,
      signal: controller.signal,
    });
    const timeout = new Promise<"no headers">((resolve) =>
      setTimeout(() => resolve("no headers"), 5_000),
    );
    const response = await Promise.race([answered, timeout]);
    controller.abort();
    await answered.catch(() => undefined);
    expect(response).not.toBe("no headers");
    const headers = (response as Response).headers;
    expect((response as Response).status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/event-stream/);
    const took = Number(headers.get("openai-processing-ms"));
    expect(took).toBeGreaterThanOrEqual(0);
    expect(took).toBeLessThanOrEqual(Date.now() - started);
  });

  it("shows no server file path in /api/models or in a missing model's error", async () => {
    const listed = await (await fetch(`${api.base}/api/models`)).text();
    expect(listed).not.toContain(fastModel);
    expect(listed).not.toContain("/nonexistent");
    expect(listed).toContain(fastModel.split("/").pop());

    const v1 = await upload(api.base, "/v1/audio/transcriptions", {
      file: new Blob([readFileSync(CLIP)]),
      fileName: "clip.mp3",
      fields: { model: "gpt-4o-transcribe" },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(v1.status).toBe(503);
    expect(v1.headers.get("x-should-retry")).toBe("false");
    const body = await v1.text();
    expect(body).toContain("ggml-small.bin");
    expect(body).not.toContain("/nonexistent");

    const user = await signedInUser(api.db);
    const own = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(CLIP)]),
      fileName: "clip.mp3",
      fields: { model: "gpt-4o-transcribe" },
      headers: user.auth,
    });
    expect(own.status).toBe(503);
    expect(await own.text()).not.toContain("/nonexistent");
  });
});
