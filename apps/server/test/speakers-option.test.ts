// The `speakers` option as a client sends it: off, auto, N or MIN-MAX on POST /api/transcribe
// and on the chunked upload's combine; anything else is 400 INVALID_SPEAKERS with the rule in
// words, and nothing is kept or reserved. An accepted value is kept with the job for its worker.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDiarizationModels } from "../../../packages/engine/test/helpers/diarization-models.js";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { rowOptions } from "../src/transcriptions/repo.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const bytes = readFileSync(JFK_MP3);
const jfk = new Blob([bytes], { type: "audio/mpeg" });

describe.each(DATABASE_KINDS)("the speakers option on %s", (kind) => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    // The stand-in diarization models: an accepted value needs the models installed.
    api = await startTranscriptionApi(kind, { MODELS_DIR: await ensureDiarizationModels() });
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const reserved = async () =>
    api.db
      .selectFrom("minute_ledger")
      .select("kind")
      .where("user_id", "=", user.id)
      .where("kind", "=", "reserve")
      .execute();

  it.each(["0", "11", "4-2", "two", "auto-3", "1-12"])(
    "refuses speakers=%s on POST /api/transcribe, keeping nothing",
    async (value) => {
      const before = (await reserved()).length;
      const response = await upload(api.base, "/api/transcribe", {
        file: jfk,
        fields: { model: "whisper-1", speakers: value },
        headers: user.auth,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        code: string;
        details: { value: string; rule: string };
      };
      expect(body.code).toBe("INVALID_SPEAKERS");
      expect(body.details.value).toBe(value);
      expect(body.details.rule).toMatch(/"off", "auto", a number of speakers from 1 to 10/);
      expect(await reserved()).toHaveLength(before);
      expect(api.leftovers()).toEqual([]);
    },
  );

  it("refuses a bad value sent before the file without reading the file", async () => {
    const form = new FormData();
    form.append("speakers", "99");
    form.append("file", jfk, "talk.mp3");
    const response = await fetch(`${api.base}/api/transcribe`, {
      method: "POST",
      body: form,
      headers: user.auth,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_SPEAKERS");
    expect(api.leftovers()).toEqual([]);
  });

  it("keeps an accepted value with the job, from a form or the combine's JSON", async () => {
    const accepted = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fields: { model: "whisper-1", speakers: " Auto " },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: string };
    const plain = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fields: { model: "whisper-1", speakers: "off" },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    const { id: plainId } = (await plain.json()) as { id: string };

    const chunk = await upload(api.base, "/api/uploads/chunk", {
      file: new Blob([bytes]),
      fileName: "blob",
      fields: { chunkIndex: "0", totalChunks: "1" },
      headers: user.auth,
    });
    expect(chunk.status).toBe(200);
    const { sessionId } = (await chunk.json()) as { sessionId: string };
    const combine = (speakers: unknown) =>
      api.post(
        "/api/uploads/combine",
        { sessionId, fileName: "jfk.mp3", totalChunks: 1, model: "whisper-1", speakers },
        { ...user.auth, prefer: "respond-async" },
      );
    const bad = await combine("3-1");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("INVALID_SPEAKERS");
    // The refused combine gave the session back: the same chunks combine with a good value.
    const good = await combine(3);
    expect(good.status).toBe(202);
    const { id: combinedId } = (await good.json()) as { id: string };

    const options = async (jobId: string) => {
      const row = await api.db
        .selectFrom("transcriptions")
        .select("options_json")
        .where("id", "=", jobId)
        .executeTakeFirstOrThrow();
      return rowOptions(row);
    };
    expect((await options(id)).speakers).toEqual({ kind: "auto" });
    expect((await options(combinedId)).speakers).toEqual({ kind: "exact", speakers: 3 });
    expect((await options(plainId)).speakers).toEqual({ kind: "off" });
  });
});
