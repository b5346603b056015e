import { randomUUID } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import type { Db } from "../src/db/database.js";
import { joinText } from "../src/openai/join-text.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** A user with a session and an API key made through the API. */
async function userWithKey(
  api: TranscriptionApi,
): Promise<TestUser & { key: string; keyId: string }> {
  const user = await signedInUser(api.db);
  const response = await fetch(`${api.base}/api/keys`, {
    method: "POST",
    headers: { ...user.auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "test" }),
  });
  const { key, id } = (await response.json()) as { key: string; id: string };
  return { ...user, key, keyId: id };
}

/** The official client, unchanged but for where it points and the key. */
const clientFor = (api: TranscriptionApi, apiKey: string) =>
  new OpenAI({ baseURL: `${api.base}/v1`, apiKey });

/** Seconds taken from the user's minutes (grants left out). */
async function secondsSpent(db: Db, userId: string): Promise<number> {
  const rows = await db
    .selectFrom("minute_ledger")
    .select(["kind", "seconds"])
    .where("user_id", "=", userId)
    .where("kind", "!=", "grant")
    .execute();
  return rows.reduce((spent, row) => spent - Number(row.seconds), 0);
}

/** What a user's stopped jobs had transcribed, in whole seconds: what they are charged. */
async function transcribedSeconds(db: Db, userId: string): Promise<number> {
  const rows = await db
    .selectFrom("transcriptions")
    .select("transcribed_ms")
    .where("user_id", "=", userId)
    .execute();
  return rows.reduce((sum, row) => sum + Math.ceil(row.transcribed_ms / 1000), 0);
}

/** The worker marks a job completed, then turns its reservation into a charge: wait for it. */
async function untilCharged(db: Db, userId: string): Promise<void> {
  const charged = () =>
    db
      .selectFrom("minute_ledger")
      .select("id")
      .where("user_id", "=", userId)
      .where("kind", "=", "charge")
      .executeTakeFirst();
  for (let i = 0; i < 600 && !(await charged()); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The error a call rejects with. */
async function failure(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OpenAI.APIError))
    throw new Error(`expected an APIError, got ${String(error)}`);
  return error;
}

const TIMECODE = /^\d{2}:\d{2}:\d{2}[,.]\d{3} --> \d{2}:\d{2}:\d{2}[,.]\d{3}$/m;

// The format tests transcribe the first 4 s of the JFK recording, so the engine runs briefly.
const clipDir = scratchDir("verbatim-openai-");
const CLIP = join(clipDir.dir, "clip.mp3");
ffmpeg("-i", JFK_MP3, "-t", "4", "-c:a", "copy", CLIP);
afterAll(() => clipDir.cleanup());

const SLOW = 180_000;

describe("the OpenAI-compatible API with the official client (sqlite)", () => {
  let api: TranscriptionApi;
  let client: OpenAI;
  let owner: Awaited<ReturnType<typeof userWithKey>>;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    owner = await userWithKey(api);
    client = clientFor(api, owner.key);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists the installed models", async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      expect(model).toMatchObject({ object: "model", owned_by: "verbatim" });
      expect(model.created).toBeGreaterThan(0);
      ids.push(model.id);
    }
    // The fast model is installed in tests (also under OpenAI's mini name); the accurate one is not.
    expect(ids).toEqual(["whisper-1", "gpt-4o-mini-transcribe"]);
    expect((await client.models.retrieve("whisper-1")).id).toBe("whisper-1");
    const missing = await failure(client.models.retrieve("gpt-4o-transcribe"));
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing.code).toBe("model_not_found");
  });

  it(
    "transcribes in json, text, srt and vtt",
    async () => {
      const [json, text, srt, vtt] = await Promise.all([
        client.audio.transcriptions.create({ file: createReadStream(CLIP), model: "whisper-1" }),
        client.audio.transcriptions.create({
          file: createReadStream(CLIP),
          model: "whisper-1",
          response_format: "text",
        }),
        client.audio.transcriptions.create({
          file: createReadStream(CLIP),
          model: "whisper-1",
          response_format: "srt",
        }),
        client.audio.transcriptions.create({
          file: await toFile(readFileSync(CLIP), "clip.mp3", { type: "audio/mpeg" }),
          model: "whisper-1",
          response_format: "vtt",
          language: "en",
          prompt: "President Kennedy.",
          temperature: 0.2,
        }),
      ]);
      expect(typeof json.text).toBe("string");
      // Billed in whole seconds, rounded up: the 4 s clip (plus MP3 padding) is 4 or 5.
      expect(json.usage).toMatchObject({ type: "duration" });
      expect([4, 5]).toContain((json.usage as { seconds: number }).seconds);
      expect(typeof text).toBe("string");
      expect(text.trim()).toBe(json.text); // same audio, same model, same text
      // The random-weight model says something for 4 s of speech: every format carries cues.
      expect(json.text.trim()).not.toBe("");
      expect(typeof srt).toBe("string");
      expect(srt).toMatch(/^1\r?\n/);
      expect(srt).toMatch(TIMECODE);
      expect(srt).toMatch(/,\d{3} --> /);
      expect(vtt).toMatch(/^WEBVTT/);
      expect(vtt).toMatch(TIMECODE);
      expect(vtt).toMatch(/\.\d{3} --> /);
    },
    SLOW,
  );

  it(
    "answers verbose_json with segments and words, and charges the audio's duration",
    async () => {
      const user = await userWithKey(api);
      const verbose = await clientFor(api, user.key).audio.transcriptions.create({
        file: createReadStream(CLIP),
        model: "whisper-1",
        response_format: "verbose_json",
        timestamp_granularities: ["word", "segment"],
      });
      expect(verbose.duration).toBeGreaterThan(3.5);
      expect(verbose.duration).toBeLessThan(4.5);
      expect(typeof verbose.language).toBe("string");
      expect(verbose.language).toMatch(/^[a-z ]+$/); // "english", not "en"
      expect(verbose.language.length).toBeGreaterThan(2);
      expect(typeof verbose.text).toBe("string");
      expect(Array.isArray(verbose.segments)).toBe(true);
      expect(Array.isArray(verbose.words)).toBe(true);
      expect(verbose.segments?.length).toBeGreaterThan(0);
      expect(verbose.words?.length).toBeGreaterThan(0);
      // Whisper's segments (not subtitle cues): token ids, where the window starts in 10 ms
      // frames, the temperature decoded at (tests run without the fallback), log-probability.
      for (const [i, segment] of (verbose.segments ?? []).entries()) {
        expect(segment).toMatchObject({ id: i, temperature: 0 });
        // whisper.cpp's own probability that the window held no speech.
        expect(segment.no_speech_prob).toBeGreaterThanOrEqual(0);
        expect(segment.no_speech_prob).toBeLessThanOrEqual(1);
        expect(segment.seek).toBe(Math.floor(segment.start * 100));
        expect(segment.tokens.length).toBeGreaterThan(0);
        expect(segment.tokens.every((token) => Number.isInteger(token) && token >= 0)).toBe(true);
        expect(segment.end).toBeGreaterThanOrEqual(segment.start);
        expect(segment.end).toBeLessThanOrEqual(verbose.duration + 0.5);
        expect(segment.avg_logprob).toBeLessThan(0);
        expect(segment.compression_ratio).toBeGreaterThan(0);
      }
      expect(verbose.text).toBe(joinText((verbose.segments ?? []).map((segment) => segment.text)));
      for (const word of verbose.words ?? []) {
        expect(word.word).not.toBe("");
        expect(word.end).toBeGreaterThanOrEqual(word.start);
      }
      expect(verbose).toMatchObject({ task: "transcribe" });

      // Charged like any job: the audio's whole seconds, and the job is in the owner's history.
      await untilCharged(api.db, user.id);
      expect(await secondsSpent(api.db, user.id)).toBe(Math.ceil(verbose.duration));
      const history = (await (
        await fetch(`${api.base}/api/transcriptions`, { headers: user.auth })
      ).json()) as { status: string; model: string }[];
      expect(history).toMatchObject([{ status: "completed", model: "whisper-1" }]);
      expect(api.leftovers()).toEqual([]);
    },
    SLOW,
  );

  it(
    "gives words only, without segments, for timestamp_granularities[]=word",
    async () => {
      const verbose = await client.audio.transcriptions.create({
        file: createReadStream(CLIP),
        model: "whisper-1",
        response_format: "verbose_json",
        timestamp_granularities: ["word"],
      });
      expect(verbose.segments).toBeUndefined();
      expect(Array.isArray(verbose.words)).toBe(true);
      expect(verbose.words?.length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    "translates into English",
    async () => {
      const translation = await client.audio.translations.create({
        file: createReadStream(CLIP),
        model: "whisper-1",
      });
      expect(typeof translation.text).toBe("string");
      // The client's overloads type this answer as Translation; it is a TranslationVerbose.
      const verbose = (await client.audio.translations.create({
        file: createReadStream(CLIP),
        model: "whisper-1",
        response_format: "verbose_json",
      })) as OpenAI.Audio.TranslationVerbose;
      expect(verbose).toMatchObject({ task: "translate" });
      expect(Array.isArray(verbose.segments)).toBe(true);
      expect(verbose.segments?.length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    "streams the transcript as transcript.text.delta events, then transcript.text.done",
    async () => {
      const user = await userWithKey(api);
      const { data: stream, response } = await clientFor(api, user.key)
        .audio.transcriptions.create({
          file: createReadStream(CLIP),
          model: "whisper-1",
          stream: true,
        })
        .withResponse();
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      const events: OpenAI.Audio.TranscriptionStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const deltas = events.filter((e) => e.type === "transcript.text.delta");
      const done = events.filter((e) => e.type === "transcript.text.done");
      expect(deltas.length).toBeGreaterThan(0);
      expect(events.at(-1)).toBe(done[0]);
      expect(done).toHaveLength(1);
      // The deltas add up to the final text, which is the text the plain answer gives.
      expect(deltas.map((d) => d.delta).join("")).toBe(done[0]!.text);
      expect(done[0]!.text.trim()).not.toBe("");
      expect((done[0] as unknown as { usage: unknown }).usage).toEqual({
        type: "duration",
        seconds: expect.any(Number) as number,
      });
      const plain = await clientFor(api, user.key).audio.transcriptions.create({
        file: createReadStream(CLIP),
        model: "whisper-1",
      });
      expect(done[0]!.text).toBe(plain.text);

      // Streams answer with text: a subtitle format cannot be streamed.
      const srt = await failure(
        client.audio.transcriptions.create({
          file: createReadStream(CLIP),
          model: "whisper-1",
          response_format: "srt",
          stream: true,
        }),
      );
      expect(srt).toBeInstanceOf(OpenAI.BadRequestError);
      expect(srt.param).toBe("stream");
    },
    SLOW,
  );

  it(
    "runs OpenAI's mini model name, keeps prompt and temperature for the engine, and says the request id and time",
    async () => {
      const user = await userWithKey(api);
      const { data, response } = await clientFor(api, user.key)
        .audio.transcriptions.create({
          file: createReadStream(CLIP),
          model: "gpt-4o-mini-transcribe",
          prompt: "Kennedy, Americans.",
          temperature: 0.3,
        })
        .withResponse();
      expect(typeof data.text).toBe("string");
      expect(response.headers.get("x-request-id")).toMatch(/^[\w.-]{8,}$/);
      expect(Number(response.headers.get("openai-processing-ms"))).toBeGreaterThan(0);
      const [job] = await api.db
        .selectFrom("transcriptions")
        .select(["model", "options_json", "segments_json"])
        .where("user_id", "=", user.id)
        .execute();
      expect(job?.model).toBe("gpt-4o-mini-transcribe");
      expect(JSON.parse(job!.options_json)).toMatchObject({
        prompt: "Kennedy, Americans.",
        temperature: 0.3,
      });
      // Whisper's segments are kept with the result, decoded at the temperature asked for.
      const segments = JSON.parse(job!.segments_json ?? "[]") as { temperature?: number }[];
      expect(segments.length).toBeGreaterThan(0);
      expect(segments.every((segment) => segment.temperature === 0.3)).toBe(true);
    },
    SLOW,
  );

  it(
    "charges once when the client's own retries resend a request with its Idempotency-Key",
    async () => {
      const user = await userWithKey(api);
      const jobs = () =>
        api.db.selectFrom("transcriptions").selectAll().where("user_id", "=", user.id).execute();
      // A file in memory (a stream cannot be sent twice, so the client would not retry).
      const clipFile = () => toFile(readFileSync(CLIP), "clip.mp3", { type: "audio/mpeg" });
      // The first attempt's connection drops once the server has started its job, as a
      // timed-out or reset request does; the client retries by itself, as SDKs do.
      for (const stream of [false, true]) {
        let attempts = 0;
        const dropFirst: typeof fetch = async (url, init) => {
          if (init?.method !== "POST") return fetch(url, init);
          attempts += 1;
          if (attempts > 1) return fetch(url, init);
          const controller = new AbortController();
          const sent = fetch(url, { ...init, signal: controller.signal }).catch(() => undefined);
          for (let i = 0; i < 1500 && (await jobs()).length < (stream ? 2 : 1); i++) {
            await new Promise((r) => setTimeout(r, 20));
          }
          controller.abort();
          await sent;
          throw new TypeError("fetch failed: connection reset");
        };
        const retrying = new OpenAI({
          baseURL: `${api.base}/v1`,
          apiKey: user.key,
          fetch: dropFirst,
          maxRetries: 2,
        });
        const options = { headers: { "Idempotency-Key": `sdk-${String(stream)}-${randomUUID()}` } };
        const text = stream
          ? await (async () => {
              const events = await retrying.audio.transcriptions.create(
                { file: await clipFile(), model: "whisper-1", stream: true },
                options,
              );
              let done = "";
              for await (const event of events)
                if (event.type === "transcript.text.done") done = event.text;
              return done;
            })()
          : (
              await retrying.audio.transcriptions.create(
                { file: await clipFile(), model: "whisper-1" },
                options,
              )
            ).text;
        expect(attempts).toBe(2);
        expect(text.trim()).not.toBe("");
      }
      // Two requests (one plain, one streamed), each sent twice: two jobs, each charged once.
      const made = await jobs();
      expect(made.map((job) => job.status)).toEqual(["completed", "completed"]);
      const chargesOf = () =>
        api.db
          .selectFrom("minute_ledger")
          .select("reference")
          .where("user_id", "=", user.id)
          .where("kind", "=", "charge")
          .execute();
      let charges = await chargesOf();
      for (let i = 0; i < 100 && charges.length < made.length; i++) {
        await new Promise((r) => setTimeout(r, 100));
        charges = await chargesOf();
      }
      expect(charges.map((c) => c.reference).sort()).toEqual(made.map((job) => job.id).sort());
    },
    SLOW,
  );

  it(
    "cancels the job, charging only the audio already transcribed, when a client without an Idempotency-Key goes away",
    async () => {
      const user = await userWithKey(api);
      const controller = new AbortController();
      const call = clientFor(api, user.key).audio.transcriptions.create(
        { file: createReadStream(CLIP), model: "whisper-1" },
        { signal: controller.signal, maxRetries: 0 },
      );
      const jobs = () =>
        api.db.selectFrom("transcriptions").selectAll().where("user_id", "=", user.id).execute();
      while ((await jobs()).length === 0) await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      await expect(call).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
      // Nobody can receive the result: the job is cancelled and its minutes go back.
      for (let i = 0; i < 100 && (await jobs()).some((j) => j.charged_seconds === null); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const [job] = await jobs();
      expect(job?.status).toBe("cancelled");
      // Nobody received the result; what the job cost is what it had transcribed (usually
      // nothing this early), as for any cancel.
      expect(await secondsSpent(api.db, user.id)).toBe(await transcribedSeconds(api.db, user.id));

      // A streamed request too: a client that stops listening without a key cancels its job.
      const streaming = new AbortController();
      const stream = await clientFor(api, user.key).audio.transcriptions.create(
        { file: createReadStream(CLIP), model: "whisper-1", stream: true },
        { signal: streaming.signal, maxRetries: 0 },
      );
      while ((await jobs()).length < 2) await new Promise((r) => setTimeout(r, 20));
      streaming.abort();
      for await (const event of stream) void event; // ends quietly once aborted
      for (let i = 0; i < 100 && (await jobs()).some((j) => j.status !== "cancelled"); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await jobs()).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
      for (let i = 0; i < 100 && (await jobs()).some((j) => j.charged_seconds === null); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await secondsSpent(api.db, user.id)).toBe(await transcribedSeconds(api.db, user.id));
    },
    SLOW,
  );
});

describe.each(DATABASE_KINDS)("OpenAI-style errors on %s", (kind) => {
  let api: TranscriptionApi;
  let small: TranscriptionApi;
  let owner: Awaited<ReturnType<typeof userWithKey>>;
  const jfk = () => createReadStream(JFK_MP3);

  beforeAll(async () => {
    [api, small] = await Promise.all([
      startTranscriptionApi(kind),
      startTranscriptionApi(kind, { MAX_UPLOAD_MB: "1" }),
    ]);
    owner = await userWithKey(api);
  });
  afterAll(async () => {
    await Promise.all([api?.close(), small?.close()]);
  });

  it("refuses an invalid key, a revoked key and a session token with 401", async () => {
    const invalid = await failure(
      clientFor(api, "vb_not-a-real-key").audio.transcriptions.create({
        file: jfk(),
        model: "whisper-1",
      }),
    );
    expect(invalid).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(invalid.status).toBe(401);
    expect(invalid.type).toBe("authentication_error");
    expect(invalid.code).toBe("invalid_api_key");
    expect(invalid.param).toBeNull();

    const revoked = await userWithKey(api);
    const revoke = await fetch(`${api.base}/api/keys/${revoked.keyId}`, {
      method: "DELETE",
      headers: revoked.auth,
    });
    expect(revoke.status).toBe(204);
    const afterRevoke = await failure(clientFor(api, revoked.key).models.list());
    expect(afterRevoke).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(afterRevoke.code).toBe("invalid_api_key");

    const session = await failure(
      clientFor(api, owner.token).audio.transcriptions.create({ file: jfk(), model: "whisper-1" }),
    );
    expect(session).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(session.message).not.toContain(owner.token);

    const none = await fetch(`${api.base}/v1/models`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as OpenAIErrorBody).error.type).toBe("authentication_error");
    expect(api.leftovers()).toEqual([]);
  });

  it("answers no minutes left with 429 insufficient_quota, not retried", async () => {
    const broke = await userWithKey(api);
    await api.db
      .insertInto("minute_ledger")
      .values({
        user_id: broke.id,
        kind: "forfeit",
        pool: "plan",
        seconds: -20 * 60,
        idempotency_key: `test:${randomUUID()}`,
        reference: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const started = Date.now();
    const error = await failure(
      clientFor(api, broke.key).audio.transcriptions.create({ file: jfk(), model: "whisper-1" }),
    );
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.status).toBe(429);
    expect(error.type).toBe("insufficient_quota");
    expect(error.code).toBe("insufficient_quota");
    expect(error.headers?.get("x-should-retry")).toBe("false");
    expect(Date.now() - started).toBeLessThan(2_000); // the client did not back off and retry
    expect(api.leftovers()).toEqual([]);
  });

  it("answers bad parameters with 400 naming the param", async () => {
    const client = clientFor(api, owner.key);
    const format = await failure(
      client.audio.transcriptions.create({
        file: jfk(),
        model: "whisper-1",
        response_format: "xml" as "json",
      }),
    );
    expect(format).toBeInstanceOf(OpenAI.BadRequestError);
    expect(format.type).toBe("invalid_request_error");
    expect(format.param).toBe("response_format");

    const temperature = await failure(
      client.audio.transcriptions.create({ file: jfk(), model: "whisper-1", temperature: 3 }),
    );
    expect(temperature).toBeInstanceOf(OpenAI.BadRequestError);
    expect(temperature.param).toBe("temperature");

    const language = await failure(
      client.audio.transcriptions.create({ file: jfk(), model: "whisper-1", language: "xx" }),
    );
    expect(language.param).toBe("language");

    const post = (form: FormData) =>
      fetch(`${api.base}/v1/audio/transcriptions`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.key}` },
        body: form,
      });
    const noFile = new FormData();
    noFile.append("model", "whisper-1");
    const missingFile = await post(noFile);
    expect(missingFile.status).toBe(400);
    expect(((await missingFile.json()) as OpenAIErrorBody).error).toMatchObject({
      type: "invalid_request_error",
      param: "file",
    });

    const noModel = new FormData();
    noModel.append("file", new Blob([readFileSync(JFK_MP3)]), "jfk.mp3");
    const missingModel = await post(noModel);
    expect(missingModel.status).toBe(400);
    expect(((await missingModel.json()) as OpenAIErrorBody).error.param).toBe("model");

    const notMedia = await failure(
      client.audio.transcriptions.create({
        file: await toFile(Buffer.from("just some text, not audio\n".repeat(50)), "notes.mp3"),
        model: "whisper-1",
      }),
    );
    expect(notMedia).toBeInstanceOf(OpenAI.BadRequestError); // 400, as OpenAI answers it
    expect(notMedia.type).toBe("invalid_request_error");
    expect(notMedia.param).toBe("file");
    expect(await secondsSpent(api.db, owner.id)).toBe(0);
    expect(api.leftovers()).toEqual([]);
  });

  it("answers an unknown model with 404 and a missing one with 503", async () => {
    const client = clientFor(api, owner.key);
    const unknown = await failure(
      client.audio.transcriptions.create({ file: jfk(), model: "whisper-9000" }),
    );
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown.code).toBe("model_not_found");
    expect(unknown.param).toBe("model");

    const started = Date.now();
    const missing = await failure(
      client.audio.transcriptions.create({ file: jfk(), model: "gpt-4o-transcribe" }),
    );
    expect(missing).toBeInstanceOf(OpenAI.InternalServerError);
    expect(missing.status).toBe(503);
    expect(missing.type).toBe("server_error");
    expect(missing.code).toBe("model_not_installed");
    expect(Date.now() - started).toBeLessThan(2_000); // not retried
    expect(api.leftovers()).toEqual([]);
  });

  it("answers an oversized file with 413", async () => {
    const user = await userWithKey(small);
    const big = Buffer.alloc(1.5 * 1024 * 1024, 7);
    const error = await failure(
      clientFor(small, user.key).audio.transcriptions.create({
        file: await toFile(big, "big.mp3", { type: "audio/mpeg" }),
        model: "whisper-1",
      }),
    );
    expect(error.status).toBe(413);
    expect(error.type).toBe("invalid_request_error");
    expect(error.param).toBe("file");
    expect(error.message).toContain("1MB");
    expect(small.leftovers()).toEqual([]);
  });

  it("answers unknown /v1 paths in OpenAI's shape", async () => {
    const response = await fetch(`${api.base}/v1/audio/speech`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.key}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as OpenAIErrorBody).error).toMatchObject({
      type: "invalid_request_error",
      message: "Invalid URL (POST /v1/audio/speech)",
    });
    // The rest of the API keeps its own error shape.
    const elsewhere = await fetch(`${api.base}/api/keys`);
    expect(await elsewhere.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("describes the routes in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${api.base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    for (const [path, method, tag] of [
      ["/v1/audio/transcriptions", "post", "openai"],
      ["/v1/audio/translations", "post", "openai"],
      ["/v1/models", "get", "openai"],
      ["/api/keys", "get", "api-keys"],
      ["/api/keys", "post", "api-keys"],
      ["/api/keys/{id}", "delete", "api-keys"],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.tags).toContain(tag);
    }
  });
});
