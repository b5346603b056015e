// Saved voices through the API: a user's own only (another user's voice is "not found"),
// names unique per user whatever their case, at most 20, clips checked by ffmpeg and limited
// in length, and without the speaker models a clear 503 that keeps nothing.
import { readFileSync } from "node:fs";
import { MAX_VOICES } from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  JFK_MP3,
  loopedJfk,
  scratchDir,
} from "../../../packages/engine/test/helpers/media-files.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { savedVoice } from "./support/saved-voice.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

interface VoiceBody {
  id: string;
  name: string;
  createdAt: string;
  seconds: number;
}
interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
const media = scratchDir("verbatim-voices-media-");
// 66 s: longer than a voice clip may be.
const longClip = new Blob([readFileSync(loopedJfk(media.dir, 6))], { type: "audio/mpeg" });
media.cleanup();

describe.each(DATABASE_KINDS)("saved voices on %s", (kind) => {
  let api: TranscriptionApi;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    // A models folder without the diarization models: whatever the engine offers, no voice
    // embedding can be made here.
    api = await startTranscriptionApi(kind, { MODELS_DIR: scratchDir("verbatim-no-models-").dir });
    user = await signedInUser(api.db);
    other = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: string, path: string, who: TestUser, body?: unknown) =>
    fetch(`${api.base}${path}`, {
      method,
      headers: { ...who.auth, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const list = async (who: TestUser) => {
    const response = await call("GET", "/api/voices", who);
    expect(response.status).toBe(200);
    return ((await response.json()) as { voices: VoiceBody[] }).voices;
  };
  const errorOf = async (response: Response) => (await response.json()) as ErrorBody;

  it("lists, renames and deletes the user's own voices, never showing an embedding", async () => {
    // Numbers no timestamp or id can contain ("0.6" could: a createdAt of …:10.6…Z).
    const embedding = [0.61803398875, -0.41421356237, 0];
    const ann = await savedVoice(api.db, user.id, "Ann", embedding);
    await savedVoice(api.db, user.id, "Bo", embedding);
    const voices = await list(user);
    expect(voices.map((v) => v.name)).toEqual(["Ann", "Bo"]);
    expect(voices[0]).toEqual({ id: ann, name: "Ann", createdAt: expect.any(String), seconds: 8 });
    expect(JSON.stringify(voices)).not.toMatch(/61803398875|41421356237|embedding/);
    expect(await list(other)).toEqual([]);

    const renamed = await call("PATCH", `/api/voices/${ann}`, user, { name: "  Ann Lee " });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as VoiceBody).name).toBe("Ann Lee");
    // Another voice's name, in any case, is taken; its own name again is fine.
    const taken = await call("PATCH", `/api/voices/${ann}`, user, { name: "BO" });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("VOICE_NAME_TAKEN");
    expect((await call("PATCH", `/api/voices/${ann}`, user, { name: "ann lee" })).status).toBe(200);
    const twoLines = await call("PATCH", `/api/voices/${ann}`, user, { name: "Ann\nLee" });
    expect(twoLines.status).toBe(400);

    expect((await call("DELETE", `/api/voices/${ann}`, user)).status).toBe(204);
    expect((await list(user)).map((v) => v.name)).toEqual(["Bo"]);
    expect((await call("DELETE", `/api/voices/${ann}`, user)).status).toBe(404);
  });

  it("answers 404 for another user's voice, and changes nothing of it", async () => {
    const theirs = await savedVoice(api.db, other.id, "Secret");
    for (const [method, body] of [
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, `/api/voices/${theirs}`, user, body);
      expect(response.status, method).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    expect((await call("DELETE", "/api/voices/not-a-uuid", user)).status).toBe(404);
    expect((await list(other)).map((v) => v.name)).toEqual(["Secret"]);
  });

  it("keeps at most 20 voices, refusing the next before reading its clip", async () => {
    const full = await signedInUser(api.db);
    for (let i = 1; i <= MAX_VOICES; i++) await savedVoice(api.db, full.id, `Voice ${i}`);
    const response = await upload(api.base, "/api/voices", {
      file: jfk,
      fileName: "clip.mp3",
      fields: { name: "One more" },
      headers: full.auth,
    });
    expect(response.status).toBe(409);
    const body = await errorOf(response);
    expect(body.code).toBe("VOICE_LIMIT");
    expect(body.details).toEqual({ limit: MAX_VOICES });
    expect(await list(full)).toHaveLength(MAX_VOICES);
    expect(api.leftovers()).toEqual([]);
  });

  it("checks a clip with ffmpeg and its length before anything else, keeping no audio", async () => {
    const notMedia = await upload(api.base, "/api/voices", {
      file: new Blob(["just some text, not audio"], { type: "audio/mpeg" }),
      fileName: "clip.mp3",
      fields: { name: "Text" },
      headers: user.auth,
    });
    expect(notMedia.status).toBe(415);
    expect((await errorOf(notMedia)).code).toBe("INPUT_NOT_MEDIA");

    const tooLong = await upload(api.base, "/api/voices", {
      file: longClip,
      fileName: "long.mp3",
      fields: { name: "Long" },
      headers: user.auth,
    });
    expect(tooLong.status).toBe(400);
    const body = await errorOf(tooLong);
    expect(body.code).toBe("VOICE_CLIP_TOO_LONG");
    expect(body.details).toEqual({ maxSeconds: 60 });

    const noName = await upload(api.base, "/api/voices", {
      file: jfk,
      fileName: "clip.mp3",
      headers: user.auth,
    });
    expect(noName.status).toBe(400);
    expect(api.leftovers()).toEqual([]);
  });

  it("without the speaker models answers 503 DIARIZATION_MODEL_MISSING and saves nothing", async () => {
    const before = await list(user);
    const response = await upload(api.base, "/api/voices", {
      file: jfk,
      fileName: "clip.mp3",
      fields: { name: "Kennedy" },
      headers: user.auth,
    });
    expect(response.status).toBe(503);
    const body = await errorOf(response);
    expect(body.code).toBe("DIARIZATION_MODEL_MISSING");
    expect(body.message).toMatch(/speaker models are not installed/);
    expect(await list(user)).toEqual(before);
    expect(api.leftovers()).toEqual([]);
  });

  it("takes a voice only from a speaker of the user's own transcription with its audio kept", async () => {
    const cues = [{ start: 0, end: 4000, text: "Hello.", speaker: "S1" }];
    const speakers = [{ id: "S1", name: null, speechMs: 4000 }];
    const mine = await finishedTranscription(api.db, user.id, cues, "talk.mp3", speakers);
    const theirs = await finishedTranscription(api.db, other.id, cues, "talk.mp3", speakers);

    const fromTheirs = await call("POST", "/api/voices", user, {
      name: "Stolen",
      transcriptionId: theirs,
      speakerId: "S1",
    });
    expect(fromTheirs.status).toBe(404);
    const noSuchSpeaker = await call("POST", "/api/voices", user, {
      name: "Ghost",
      transcriptionId: mine,
      speakerId: "S7",
    });
    expect(noSuchSpeaker.status).toBe(404);
    expect((await errorOf(noSuchSpeaker)).code).toBe("SPEAKER_NOT_FOUND");
    // Stored without an audio copy (as one whose copy expired).
    const noAudio = await call("POST", "/api/voices", user, {
      name: "Late",
      transcriptionId: mine,
      speakerId: "S1",
    });
    expect(noAudio.status).toBe(409);
    expect((await errorOf(noAudio)).code).toBe("VOICE_AUDIO_NOT_KEPT");
    const nameless = await call("POST", "/api/voices", user, { transcriptionId: mine });
    expect(nameless.status).toBe(400);
    expect((await list(user)).map((v) => v.name)).not.toContain("Late");
  });
});
