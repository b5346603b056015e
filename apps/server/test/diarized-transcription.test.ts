// Who said what, through the real server: a recording of two synthetic voices taking turns
// (espeak-ng), transcribed with `speakers=auto` by the real whisper.cpp binding (random weights)
// and the real sherpa-onnx with stand-in diarization models. Checks that two speakers come
// back, subtitles carry their ids, every export format carries them, a rename shows in the
// exports, /v1 answers diarized_json in OpenAI's shape, the charge is the media's duration as
// without speakers, and that without the models the job fails with 503 and nothing is charged.
// Accuracy with real diarization models is not measured here (stand-in models only).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDiarizationModels } from "../../../packages/engine/test/helpers/diarization-models.js";
import {
  ffmpeg,
  NO_SPEECH_WAV,
  scratchDir,
} from "../../../packages/engine/test/helpers/media-files.js";
import {
  twoVoiceRecording,
  type TwoVoiceRecording,
} from "../../../packages/engine/test/helpers/two-voices.js";
import { ensurePlumbingModel } from "../../../packages/engine/test/support/random-model.js";
import type { Db } from "../src/db/database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

interface Detail {
  id: string;
  status: string;
  duration: number;
  version: string;
  speakers: { id: string; name: string | null }[] | null;
  subtitles: { id: number; startTime: string; endTime: string; text: string; speaker?: string }[];
}

const scratch = scratchDir("verbatim-two-voices-");
let recording: TwoVoiceRecording;
let audio: Blob;
/** Voice B's first turn alone, as a user would cut a clip of one person. */
let clipOfB: { path: string; ms: number };

/** Net seconds the ledger moved for a job (reserve, charge, release). */
async function netSeconds(db: Db, jobId: string): Promise<{ kinds: string[]; net: number }> {
  const rows = await db
    .selectFrom("minute_ledger")
    .select(["kind", "seconds"])
    .where("reference", "=", jobId)
    .execute();
  return {
    kinds: rows.map((row) => row.kind).sort(),
    net: rows.reduce((sum, row) => sum + Number(row.seconds), 0),
  };
}

beforeAll(async () => {
  recording = await twoVoiceRecording(scratch.dir);
  audio = new Blob([readFileSync(recording.path)], { type: "audio/wav" });
  const turn = recording.turns.find((t) => t.speaker === "B")!;
  const path = join(scratch.dir, "bea.wav");
  ffmpeg("-ss", `${turn.start / 1000}`, "-to", `${turn.end / 1000}`, "-i", recording.path, path);
  clipOfB = { path, ms: turn.end - turn.start };
}, 120_000);
afterAll(() => scratch.cleanup());

describe("a two-voice recording with speakers=auto", () => {
  let api: TranscriptionApi;
  let user: TestUser;
  let detail: Detail;

  beforeAll(async () => {
    const model = await ensurePlumbingModel();
    api = await startTranscriptionApi("sqlite", {
      MODELS_DIR: await ensureDiarizationModels(),
      ACCURATE_MODEL: model,
    });
    user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: audio,
      fileName: "two voices.wav",
      fields: { model: "whisper-1", language: "en", speakers: "auto" },
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    detail = (await response.json()) as Detail;
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  const get = (path: string) => fetch(`${api.base}${path}`, { headers: user.auth });
  const exported = async (format: string, query = "") => {
    const response = await get(`/api/transcriptions/${detail.id}/export?format=${format}${query}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("finds two speakers and labels the subtitles with their ids", async () => {
    expect(detail.status).toBe("completed");
    expect(detail.speakers).toEqual([
      { id: "S1", name: null },
      { id: "S2", name: null },
    ]);
    expect(detail.subtitles.length).toBeGreaterThan(0);
    for (const subtitle of detail.subtitles) expect(subtitle.speaker).toMatch(/^S[12]$/);
    const history = (await (await get("/api/transcriptions")).json()) as {
      id: string;
      speakerCount: number | null;
    }[];
    expect(history.find((row) => row.id === detail.id)?.speakerCount).toBe(2);
  });

  it("charges the media's duration, as without speakers", async () => {
    const { kinds, net } = await netSeconds(api.db, detail.id);
    expect(kinds).toContain("charge");
    expect(net).toBe(-Math.ceil(detail.duration));
  });

  it("writes the speakers into SRT, VTT, TXT and JSON", async () => {
    const first = detail.subtitles[0]!;
    const label = `Speaker ${first.speaker!.slice(1)}`;
    const srt = await exported("srt");
    expect(srt).toContain(`${first.startTime} --> ${first.endTime}\n${label}: `);
    expect(srt.match(/^Speaker [12]: /gm)).toHaveLength(detail.subtitles.length);
    const vtt = await exported("vtt");
    expect(vtt.match(/^<v Speaker [12]>/gm)).toHaveLength(detail.subtitles.length);
    const txt = await exported("txt");
    expect(txt.startsWith(`${label}:\n`)).toBe(true);
    expect(await exported("txt", "&lang=zh-HK")).toMatch(/^講者 [12]:\n/);
    const json = JSON.parse(await exported("json")) as {
      speakers: { id: string; label: string }[];
      cues: { speaker?: string; words?: { speaker?: string }[] }[];
    };
    expect(json.speakers.map((s) => s.label)).toEqual(["Speaker 1", "Speaker 2"]);
    expect(json.cues.map((cue) => cue.speaker)).toEqual(detail.subtitles.map((s) => s.speaker));
    const words = json.cues.flatMap((cue) =>
      (cue.words ?? []).map((w) => [w.speaker, cue.speaker]),
    );
    expect(words.length).toBeGreaterThan(0);
    for (const [word, cue] of words) expect(word).toBe(cue);
  });

  it("shows a renamed speaker in every export", async () => {
    const response = await fetch(`${api.base}/api/transcriptions/${detail.id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({
        baseVersion: detail.version,
        speakers: [
          { id: "S1", name: "Alex" },
          { id: "S2", name: "Bea" },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const names = { S1: "Alex", S2: "Bea" } as Record<string, string>;
    const first = names[detail.subtitles[0]!.speaker!]!;
    expect(await exported("srt")).toContain(`${first}: `);
    expect(await exported("srt")).not.toContain("Speaker ");
    expect(await exported("vtt")).toContain(`<v ${first}>`);
    expect((await exported("txt")).startsWith(`${first}:\n`)).toBe(true);
    const json = JSON.parse(await exported("json")) as { speakers: { name: string }[] };
    expect(json.speakers.map((s) => s.name)).toEqual(["Alex", "Bea"]);
  });

  it("answers /v1 diarized_json in OpenAI's shape", async () => {
    const keyResponse = await api.post("/api/keys", { name: "diarize" }, user.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const client = new OpenAI({ baseURL: `${api.base}/v1`, apiKey: key, maxRetries: 0 });
    // The client's overloads type this call's answer as a plain Transcription; it is diarized.
    const answer = (await client.audio.transcriptions.create({
      file: await toFile(readFileSync(recording.path), "two-voices.wav"),
      model: "gpt-4o-transcribe-diarize",
      response_format: "diarized_json",
      chunking_strategy: "auto",
      language: "en",
    })) as unknown as OpenAI.Audio.TranscriptionDiarized;
    expect(Object.keys(answer).sort()).toEqual(["duration", "segments", "task", "text", "usage"]);
    expect(answer.task).toBe("transcribe");
    expect(answer.duration).toBeCloseTo(detail.duration, 1);
    expect(answer.usage).toEqual({ type: "duration", seconds: Math.ceil(detail.duration) });
    expect(answer.segments.length).toBeGreaterThan(0);
    answer.segments.forEach((segment, i) => {
      expect(Object.keys(segment).sort()).toEqual([
        "end",
        "id",
        "speaker",
        "start",
        "text",
        "type",
      ]);
      expect(segment.type).toBe("transcript.text.segment");
      expect(segment.id).toBe(`seg_${String(i + 1).padStart(3, "0")}`);
      expect(segment.speaker).toMatch(/^[AB]$/);
      expect(segment.end).toBeGreaterThanOrEqual(segment.start);
    });
    // Letters in order of first speech: the first segment's speaker is A.
    expect(answer.segments[0]?.speaker).toBe("A");
  }, 180_000); // transcriptions of a 15 s recording, while other test files load the machine

  it("streams the speakers' segments before the final text, as OpenAI's diarizing model does", async () => {
    const keyResponse = await api.post("/api/keys", { name: "stream" }, user.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const client = new OpenAI({ baseURL: `${api.base}/v1`, apiKey: key, maxRetries: 0 });
    const stream = await client.audio.transcriptions.create({
      file: await toFile(readFileSync(recording.path), "two-voices.wav"),
      model: "gpt-4o-transcribe-diarize",
      response_format: "diarized_json",
      chunking_strategy: "auto",
      language: "en",
      stream: true,
    });
    const events: { type: string; speaker?: string }[] = [];
    for await (const event of stream) events.push(event as { type: string; speaker?: string });
    const types = events.map((event) => event.type);
    expect(types.at(-1)).toBe("transcript.text.done");
    const segments = events.filter((event) => event.type === "transcript.text.segment");
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) expect(segment.speaker).toMatch(/^[AB]$/);
    // Every segment comes after the text deltas and before the end.
    expect(types.lastIndexOf("transcript.text.delta")).toBeLessThan(
      types.indexOf("transcript.text.segment"),
    );
  }, 180_000); // a transcription of a 15 s recording, while other test files load the machine
});

describe("saved voices with the diarization models", () => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite", {
      MODELS_DIR: await ensureDiarizationModels(),
      ACCURATE_MODEL: await ensurePlumbingModel(),
    });
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const transcribe = async (who: TestUser) => {
    const response = await upload(api.base, "/api/transcribe", {
      file: audio,
      fileName: "two voices.wav",
      fields: { model: "whisper-1", language: "en", speakers: "auto" },
      headers: who.auth,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Detail;
  };
  const saveClip = (who: TestUser, name: string, path: string) =>
    upload(api.base, "/api/voices", {
      file: new Blob([readFileSync(path)], { type: "audio/wav" }),
      fileName: "clip.wav",
      fields: { name },
      headers: who.auth,
    });

  it("saves a voice from a clip and names that speaker in the user's next transcription", async () => {
    const saved = await saveClip(user, "Bea", clipOfB.path);
    expect(saved.status).toBe(201);
    const voice = (await saved.json()) as { id: string; name: string; seconds: number };
    expect(voice.name).toBe("Bea");
    expect(Math.abs(voice.seconds * 1000 - clipOfB.ms)).toBeLessThan(300);
    expect(api.leftovers()).toEqual([]); // the clip is not kept

    // A speaks first (S1); B, whose clip was saved, is named.
    const named = await transcribe(user);
    expect(named.speakers).toEqual([
      { id: "S1", name: null },
      { id: "S2", name: "Bea" },
    ]);
    const srt = await (
      await fetch(`${api.base}/api/transcriptions/${named.id}/export?format=srt`, {
        headers: user.auth,
      })
    ).text();
    expect(srt).toMatch(/^Speaker 1: |^Bea: /m);

    // Nobody else's transcription is named by it.
    const stranger = await signedInUser(api.db);
    expect((await transcribe(stranger)).speakers).toEqual([
      { id: "S1", name: null },
      { id: "S2", name: null },
    ]);
  }, 300_000); // transcriptions of a 15 s recording, while other test files load the machine

  it("saves a voice from a speaker of a transcription, from its kept audio", async () => {
    const detail = await transcribe(user);
    const response = await fetch(`${api.base}/api/voices`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Alex", transcriptionId: detail.id, speakerId: "S1" }),
    });
    expect(response.status).toBe(201);
    const voice = (await response.json()) as { name: string; seconds: number };
    expect(voice.name).toBe("Alex");
    expect(voice.seconds).toBeGreaterThan(1);
    const list = (await (await fetch(`${api.base}/api/voices`, { headers: user.auth })).json()) as {
      voices: { name: string }[];
    };
    expect(list.voices.map((v) => v.name)).toEqual(["Bea", "Alex"]);
    // Both voices now name both speakers.
    expect((await transcribe(user)).speakers).toEqual([
      { id: "S1", name: "Alex" },
      { id: "S2", name: "Bea" },
    ]);
  }, 300_000); // transcriptions of a 15 s recording, while other test files load the machine

  it("refuses a clip without a voice with 400 NO_SPEECH", async () => {
    const response = await saveClip(user, "Silence", NO_SPEECH_WAV);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("NO_SPEECH");
  });

  it("names a known speaker on /v1 from known_speaker_references[], for that request only", async () => {
    const caller = await signedInUser(api.db);
    const keyResponse = await api.post("/api/keys", { name: "known" }, caller.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const client = new OpenAI({ baseURL: `${api.base}/v1`, apiKey: key, maxRetries: 0 });
    const reference = `data:audio/wav;base64,${readFileSync(clipOfB.path).toString("base64")}`;
    const { data, response } = await client.audio.transcriptions
      .create({
        file: await toFile(readFileSync(recording.path), "two-voices.wav"),
        model: "gpt-4o-transcribe-diarize",
        response_format: "diarized_json",
        chunking_strategy: "auto",
        language: "en",
        known_speaker_names: ["agent"],
        known_speaker_references: [reference],
      })
      .withResponse();
    const answer = data as unknown as OpenAI.Audio.TranscriptionDiarized;
    expect(answer.segments.length).toBeGreaterThan(0);
    expect(answer.segments[0]?.speaker).toBe("A");
    const labels = new Set(answer.segments.map((segment) => segment.speaker));
    expect([...labels].filter((label) => label !== "A" && label !== "agent")).toEqual([]);
    // The job behind the answer: B, whose clip was the reference, is the known speaker.
    const jobId = response.headers.get("x-verbatim-transcription-id");
    const job = (await (
      await fetch(`${api.base}/api/transcriptions/${jobId}`, { headers: caller.auth })
    ).json()) as Detail;
    expect(job.speakers).toEqual([
      { id: "S1", name: null },
      { id: "S2", name: "agent" },
    ]);
    // The reference named a speaker of that job only: nothing was saved for the caller.
    const voices = await api.db
      .selectFrom("voices")
      .select("id")
      .where("user_id", "=", caller.id)
      .execute();
    expect(voices).toEqual([]);
  }, 180_000); // transcriptions of a 15 s recording, while other test files load the machine
});

describe("speakers=auto without the diarization models", () => {
  let api: TranscriptionApi;
  const empty = scratchDir("verbatim-no-diarization-models-");

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite", { MODELS_DIR: empty.dir });
  });
  afterAll(async () => {
    await api?.close();
    empty.cleanup();
  });

  it("refuses with 503 DIARIZATION_MODEL_MISSING, saying so, before keeping or reserving anything", async () => {
    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: audio,
      fileName: "two voices.wav",
      fields: { model: "whisper-1", speakers: "2" },
      headers: user.auth,
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as {
      code: string;
      message: string;
      details: { hint: string };
    };
    expect(body.code).toBe("DIARIZATION_MODEL_MISSING");
    expect(body.message).toMatch(/No minutes were charged/);
    // What to install, for the operator, without the server's paths.
    expect(body.details.hint).toMatch(/diarization models .*not found in/s);

    // The OpenAI-compatible API says it in OpenAI's shape.
    const keyResponse = await api.post("/api/keys", { name: "diarize" }, user.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const v1 = await upload(api.base, "/v1/audio/transcriptions", {
      file: audio,
      fileName: "two voices.wav",
      fields: { model: "gpt-4o-transcribe-diarize", response_format: "diarized_json" },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(v1.status).toBe(503);
    const error = ((await v1.json()) as { error: { type: string; code: string } }).error;
    expect(error).toMatchObject({ type: "server_error", code: "diarization_model_missing" });

    // Without speakers the same file is transcribed as before.
    const plain = await upload(api.base, "/api/transcribe", {
      file: audio,
      fileName: "two voices.wav",
      fields: { model: "whisper-1" },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(plain.status).toBe(202);
    const { id } = (await plain.json()) as { id: string };
    const jobs = await api.db
      .selectFrom("transcriptions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(jobs).toEqual([{ id }]);
    const reserved = await api.db
      .selectFrom("minute_ledger")
      .select("reference")
      .where("user_id", "=", user.id)
      .where("kind", "=", "reserve")
      .execute();
    expect(reserved).toEqual([{ reference: id }]);
  });
});
