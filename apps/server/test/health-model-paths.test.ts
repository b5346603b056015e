import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { ensurePlumbingModel } from "../../../packages/engine/test/support/random-model.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TranscriptionApi,
} from "./support/transcription-app.js";

interface Health {
  status: string;
  models: {
    ok: boolean;
    hint?: string;
    fast: { name: string; installed: boolean; detail?: string };
    accurate: { name: string; installed: boolean; detail?: string };
  };
}

describe("/api/health with models given as full paths", () => {
  let api: TranscriptionApi;
  let model: string;

  beforeAll(async () => {
    model = await ensurePlumbingModel();
    // The models folder holds nothing: both models are files named by their full path.
    api = await startTranscriptionApi("sqlite", {
      MODELS_DIR: "/nonexistent-models",
      FAST_MODEL: model,
      ACCURATE_MODEL: model,
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("says ok, and transcription works on them", async () => {
    const health = (await (await fetch(`${api.base}/api/health`)).json()) as Health;
    expect(health.models).toMatchObject({
      ok: true,
      fast: { name: model, installed: true },
      accurate: { name: model, installed: true },
    });
    expect(health.models.hint).toBeUndefined();
    expect(health.status).toBe("ok");

    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" }),
      fileName: "jfk.mp3",
      fields: { source: "file", model: "whisper-1" },
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe("completed");
  });
});

describe("/api/health with a model path that does not exist", () => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite", {
      MODELS_DIR: "/nonexistent-models",
      FAST_MODEL: await ensurePlumbingModel(),
      ACCURATE_MODEL: "/nonexistent/ggml-small.bin",
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("is degraded and says which file is missing, with no install command for a path", async () => {
    const health = (await (await fetch(`${api.base}/api/health`)).json()) as Health;
    expect(health.status).toBe("degraded");
    expect(health.models.ok).toBe(false);
    expect(health.models.fast.installed).toBe(true);
    expect(health.models.accurate).toMatchObject({
      name: "/nonexistent/ggml-small.bin",
      installed: false,
    });
    expect(health.models.accurate.detail).toContain("/nonexistent/ggml-small.bin does not exist");
    expect(health.models.hint).toBeUndefined();
  });
});
