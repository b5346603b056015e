import { readFileSync } from "node:fs";
import { MAX_PROMPT_CHARS } from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// One limit for the decoder's initial prompt: a prompt the engine would refuse is refused at
// intake, before minutes are reserved or a job is queued (it used to be accepted up to 10,000
// characters, queued, and failed in the worker).
describe("the prompt limit", () => {
  let api: TranscriptionApi;
  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
  });
  afterAll(() => api?.close());

  const tooLong = "vocabulary ".repeat(100).slice(0, MAX_PROMPT_CHARS + 1);

  it("refuses a prompt past the engine's limit on /api/transcribe and /v1 with 400, reserving nothing", async () => {
    const user = await signedInUser(api.db);
    const file = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
    const web = await upload(api.base, "/api/transcribe", {
      file,
      fields: { prompt: tooLong },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(web.status).toBe(400);
    const why = (await web.json()) as { details: { field: string; reason: string } };
    expect(why.details.field).toBe("prompt");
    expect(why.details.reason).toContain(String(MAX_PROMPT_CHARS));

    const created = await fetch(`${api.base}/api/keys`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "prompt" }),
    });
    const { key } = (await created.json()) as { key: string };
    const v1 = await upload(api.base, "/v1/audio/transcriptions", {
      file,
      fields: { model: "whisper-1", prompt: tooLong },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(v1.status).toBe(400);

    const jobs = await api.db
      .selectFrom("transcriptions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(jobs).toEqual([]);
    expect(await minuteBalance(api.db, user.id)).toEqual({ planSeconds: 1200, packSeconds: 0 });
    expect(api.leftovers()).toEqual([]);
  });

  it("takes a prompt at the limit", async () => {
    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" }),
      fields: { prompt: tooLong.slice(0, MAX_PROMPT_CHARS) },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
  });
});
