// OpenAI's diarizing model through the official client: what OpenAI refuses around
// gpt-4o-transcribe-diarize is refused the same way (400 invalid_request_error naming the
// param), before any work starts or any minute is reserved. The diarized answers themselves
// are checked with the engine's stand-in models in openai-diarized-json.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDiarizationModels } from "../../../packages/engine/test/helpers/diarization-models.js";
import { ensurePlumbingModel } from "../../../packages/engine/test/support/random-model.js";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const clips = scratchDir("verbatim-diarize-refusals-");
const CLIP = join(clips.dir, "clip.mp3");
ffmpeg("-i", JFK_MP3, "-t", "3", "-c:a", "copy", CLIP);
const SHORT = join(clips.dir, "short.wav");
ffmpeg("-i", JFK_MP3, "-t", "1", "-ac", "1", "-ar", "16000", SHORT);
const shortUrl = `data:audio/wav;base64,${readFileSync(SHORT).toString("base64")}`;

describe("gpt-4o-transcribe-diarize refusals", () => {
  let api: TranscriptionApi;
  let client: OpenAI;
  let userId: string;

  beforeAll(async () => {
    const model = await ensurePlumbingModel();
    api = await startTranscriptionApi("sqlite", {
      ACCURATE_MODEL: model,
      MODELS_DIR: await ensureDiarizationModels(),
    });
    const user = await signedInUser(api.db);
    userId = user.id;
    const response = await fetch(`${api.base}/api/keys`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "test" }),
    });
    const { key } = (await response.json()) as { key: string };
    client = new OpenAI({ baseURL: `${api.base}/v1`, apiKey: key, maxRetries: 0 });
  });
  afterAll(async () => {
    await api?.close();
    clips.cleanup();
  });

  const file = () => toFile(readFileSync(CLIP), "clip.mp3");
  const refused = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    return error as InstanceType<typeof OpenAI.APIError>;
  };

  it.each([
    ["srt", {}, "response_format"],
    ["vtt", {}, "response_format"],
    ["verbose_json", {}, "response_format"],
    ["json", { prompt: "Names." }, "prompt"],
    ["json", { include: ["logprobs"] }, "include[]"],
    ["diarized_json", { timestamp_granularities: ["word"] }, "timestamp_granularities[]"],
    ["diarized_json", { chunking_strategy: { type: "bogus" } }, "chunking_strategy"],
  ] as const)("refuses response_format %s with %j (param %s)", async (format, extra, param) => {
    const error = await refused(
      client.audio.transcriptions.create({
        file: await file(),
        model: "gpt-4o-transcribe-diarize",
        response_format: format,
        ...(extra as object),
      } as OpenAI.Audio.TranscriptionCreateParamsNonStreaming),
    );
    expect(error.status).toBe(400);
    expect(error.type).toBe("invalid_request_error");
    expect(error.param).toBe(param);
  });

  it("refuses diarized_json and known speakers with another model, and translating", async () => {
    const diarized = await refused(
      client.audio.transcriptions.create({
        file: await file(),
        model: "whisper-1",
        response_format: "diarized_json",
      }),
    );
    expect(diarized.status).toBe(400);
    expect(diarized.param).toBe("response_format");
    expect(diarized.message).toContain("gpt-4o-transcribe-diarize");

    const known = await refused(
      client.audio.transcriptions.create({
        file: await file(),
        model: "whisper-1",
        known_speaker_names: ["agent"],
        known_speaker_references: [shortUrl],
      }),
    );
    expect(known.status).toBe(400);
    expect(known.param).toBe("known_speaker_names[]");

    const translate = await refused(
      client.audio.translations.create({ file: await file(), model: "gpt-4o-transcribe-diarize" }),
    );
    expect(translate.status).toBe(400);
    expect(translate.param).toBe("model");
  });

  it("checks known speakers as OpenAI does: pairs, at most four, 2 to 10 s data URLs", async () => {
    const upload = await file();
    const create = (names: string[], references: string[]) =>
      client.audio.transcriptions.create({
        file: upload,
        model: "gpt-4o-transcribe-diarize",
        response_format: "diarized_json",
        chunking_strategy: "auto",
        known_speaker_names: names,
        known_speaker_references: references,
      });

    const unpaired = await refused(create(["agent", "customer"], [shortUrl]));
    expect(unpaired.status).toBe(400);
    expect(unpaired.message).toMatch(/same number/);
    const five = ["a", "b", "c", "d", "e"];
    const tooMany = await refused(
      create(
        five,
        five.map(() => shortUrl),
      ),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toMatch(/At most 4/);
    const notDataUrl = await refused(create(["agent"], ["https://example.com/agent.wav"]));
    expect(notDataUrl.status).toBe(400);
    expect(notDataUrl.param).toBe("known_speaker_references[]");
    const tooShort = await refused(create(["agent"], [shortUrl]));
    expect(tooShort.status).toBe(400);
    expect(tooShort.message).toMatch(/between 2 and 10 seconds/);
    const notAudio = await refused(
      create(["agent"], [`data:audio/wav;base64,${Buffer.from("not audio").toString("base64")}`]),
    );
    expect(notAudio.status).toBe(400);

    // Nothing was reserved or charged, and no upload or clip is left behind.
    const ledger = await api.db
      .selectFrom("minute_ledger")
      .select("kind")
      .where("user_id", "=", userId)
      .where("kind", "!=", "grant")
      .execute();
    expect(ledger).toEqual([]);
    expect(api.leftovers()).toEqual([]);
  });
});
