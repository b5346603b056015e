// The three model families through the server: the catalogue lists and chooses Parakeet and
// SenseVoice next to Whisper (stand-in models of the real formats), a language the chosen model
// does not transcribe is refused at intake before anything is kept or reserved, and the job,
// /api/health and /v1/models say which family runs.
import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ROUTING } from "@verbatim/engine";
import { ensurePlumbingModel } from "../../../packages/engine/test/support/random-model.js";
import { routeByDetectedLanguage } from "../src/jobs/auto-language-route.js";
import { ModelCatalog } from "../src/models/model-catalog.js";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { writeSenseVoiceStandIn } from "../../../packages/engine/test/helpers/sensevoice-stand-in.js";
import { ensureRandomParakeetModel } from "../../../packages/engine/test/support/random-parakeet-model.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const models = scratchDir("verbatim-families-");
const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });

let api: TranscriptionApi;
let user: TestUser;

beforeAll(async () => {
  await copyFile(
    await ensureRandomParakeetModel("test", models.dir),
    join(models.dir, "parakeet-tdt-0.6b-v3-f16.bin"),
  );
  const senseVoice = join(models.dir, "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17");
  await mkdir(senseVoice, { recursive: true });
  await writeSenseVoiceStandIn(senseVoice);
  api = await startTranscriptionApi("sqlite", { MODELS_DIR: models.dir });
  user = await signedInUser(api.db);
}, 120_000);
afterAll(async () => {
  await api?.close();
  models.cleanup();
});

interface Listing {
  id: string;
  family: string;
  languages: string[] | null;
  installed: boolean;
}

/** The minutes ledger's rows for the user besides the grant: reservations and charges. */
async function ledgerMoves(userId: string): Promise<number> {
  const rows = await api.db
    .selectFrom("minute_ledger")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "!=", "grant")
    .execute();
  return rows.length;
}

/** Waits for a job to end and returns its history row. */
async function finished(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 600; i++) {
    const response = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    const row = (await response.json()) as Record<string, unknown>;
    if (row.status === "completed" || row.status === "failed") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe("model families on the server", () => {
  it("lists Parakeet and SenseVoice with their families and languages next to Whisper", async () => {
    const listed = (await (await fetch(`${api.base}/api/models`)).json()) as Listing[];
    expect(listed.find((m) => m.id === "whisper-1")).toMatchObject({
      family: "whisper",
      languages: null,
      installed: true,
    });
    const parakeet = listed.find((m) => m.id === "parakeet-tdt-0.6b-v3");
    expect(parakeet).toMatchObject({ family: "parakeet", installed: true });
    expect(parakeet?.languages).toContain("en");
    expect(parakeet?.languages).not.toContain("zh");
    const senseVoice = listed.find((m) => m.id === "sensevoice-small");
    expect(senseVoice).toMatchObject({ family: "sensevoice", installed: true });
    expect(senseVoice?.languages).toEqual(expect.arrayContaining(["yue", "zh", "en"]));
  });

  it("/v1/models lists the installed families by the names a client sends", async () => {
    const created = await fetch(`${api.base}/api/keys`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "families" }),
    });
    const { key } = (await created.json()) as { key: string };
    const response = await fetch(`${api.base}/v1/models`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const ids = ((await response.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["parakeet-tdt-0.6b-v3", "sensevoice-small"]));
    // A family not installed is not listed (the accurate Whisper model is missing here).
    expect(ids).not.toContain("gpt-4o-transcribe");
  });

  it("refuses Chinese for Parakeet at intake, naming the models here that transcribe it", async () => {
    const someone = await signedInUser(api.db);
    {
      const response = await upload(api.base, "/api/transcribe", {
        file: jfk,
        fields: { model: "parakeet-tdt-0.6b-v3", language: "zh" },
        headers: someone.auth,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("LANGUAGE_NOT_SUPPORTED");
      expect(body.message).toContain("parakeet-tdt-0.6b-v3");
      expect(body.message).toMatch(/whisper-1.*sensevoice-small/);
      expect(body.message).not.toMatch(/parakeet-tdt-0\.6b-v3,|, parakeet/);
    }
    // Nothing kept, nothing reserved.
    expect(api.leftovers()).toEqual([]);
    expect(await ledgerMoves(someone.id)).toBe(0);
    const history = await fetch(`${api.base}/api/transcriptions`, { headers: someone.auth });
    expect(await history.json()).toEqual([]);
  });

  it("answers the same refusal on /v1 in OpenAI's shape, naming the language parameter", async () => {
    const created = await fetch(`${api.base}/api/keys`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "refusal" }),
    });
    const { key } = (await created.json()) as { key: string };
    const response = await upload(api.base, "/v1/audio/transcriptions", {
      file: jfk,
      fields: { model: "sensevoice-small", language: "de" },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; param: string } };
    expect(error).toMatchObject({ code: "language_not_supported", param: "language" });
  });

  it("takes Cantonese (yue) to SenseVoice and records the family that ran", async () => {
    const response = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fields: { model: "sensevoice-small", language: "yue" },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const row = await finished(id);
    expect(row).toMatchObject({
      status: "completed",
      modelFamily: "sensevoice",
      // Asked for by name: the installed model's folder, never the server's path to it.
      engineModel: "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17",
      language: "yue",
    });
    const history = await fetch(`${api.base}/api/transcriptions`, { headers: user.auth });
    expect(await history.json()).toEqual([
      expect.objectContaining({ id, modelFamily: "sensevoice" }),
    ]);
  });

  it("routes the plain choices by language: Fast is Parakeet for English, never for Chinese", async () => {
    const cases = [
      { model: "whisper-1", language: "en", family: "parakeet" },
      { model: "whisper-1", language: "zh", family: "whisper" },
      { model: "whisper-1", language: "auto", family: "whisper" },
      { model: "whisper-1", language: "yue", family: "sensevoice" },
      // Accurate's Whisper is not installed here; Cantonese still has SenseVoice.
      { model: "gpt-4o-transcribe", language: "yue", family: "sensevoice" },
    ];
    const someone = await signedInUser(api.db);
    for (const { model, language, family } of cases) {
      const response = await upload(api.base, "/api/transcribe", {
        file: jfk,
        fields: { model, language },
        headers: { ...someone.auth, prefer: "respond-async" },
      });
      expect(response.status, `${model} ${language}`).toBe(202);
      const { id } = (await response.json()) as { id: string };
      const row = await api.db
        .selectFrom("transcriptions")
        .select(["model", "model_family"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      // The job keeps the name asked for and the family it was routed to.
      expect(row, `${model} ${language}`).toEqual({ model, model_family: family });
      await fetch(`${api.base}/api/transcriptions/${id}/cancel`, {
        method: "POST",
        headers: someone.auth,
      });
    }
  });

  it("says in /api/health which family each configured model is and what runs each family", async () => {
    const health = (await (await fetch(`${api.base}/api/health`)).json()) as {
      engine: { recognisers: { family: string; backend: string }[] };
      models: { fast: { family: string } };
    };
    expect(health.models.fast.family).toBe("whisper");
    expect(health.engine.recognisers.map((r) => r.family)).toEqual([
      "whisper",
      "parakeet",
      "sensevoice",
    ]);
    expect(health.engine.recognisers[2]?.backend).toMatch(/^sherpa-onnx \d/);
  });
});

describe("auto: the language is detected, then the job routed by it", () => {
  /** The catalogue the server builds from its settings, over this file's models folder. */
  async function catalog(): Promise<ModelCatalog> {
    const fast = await ensurePlumbingModel();
    return new ModelCatalog({
      modelsDir: models.dir,
      models: {
        fast,
        accurate: "/nonexistent/ggml-small.bin",
        autoDownload: false,
        baseUrl: undefined,
        routing: {
          ...DEFAULT_ROUTING,
          fastWhisper: fast,
          accurate: ["/nonexistent/ggml-small.bin"],
        },
      },
    });
  }

  /** Routes an "auto" job whose detector answers `detected`; returns the family and language. */
  async function routed(model: string, detected: string | null, options = {}) {
    const fast = await ensurePlumbingModel();
    const asked: string[] = [];
    const route = await routeByDetectedLanguage(
      {
        model,
        engineModel: fast,
        family: "whisper",
        options: { language: "auto", task: "transcribe", ...options },
      },
      await catalog(),
      (request) => {
        asked.push(request.model);
        return Promise.resolve(detected);
      },
      { input: "unused.wav", modelsDir: models.dir },
      new AbortController().signal,
    );
    return { route, asked };
  }

  it("routes by what the detector says, as if the user had chosen that language", async () => {
    const cases = [
      // Fast: Parakeet for its European languages, SenseVoice for Cantonese and Chinese.
      { model: "whisper-1", detected: "en", family: "parakeet", language: "en" },
      { model: "whisper-1", detected: "de", family: "parakeet", language: "de" },
      { model: "whisper-1", detected: "yue", family: "sensevoice", language: "yue" },
      { model: "whisper-1", detected: "zh", family: "sensevoice", language: "zh" },
      // Whisper elsewhere, told "auto" (it decides per chunk, as before).
      { model: "whisper-1", detected: "ja", family: "whisper", language: "auto" },
      { model: "whisper-1", detected: null, family: "whisper", language: "auto" },
      // Accurate: Cantonese to SenseVoice, never Parakeet.
      { model: "gpt-4o-transcribe", detected: "yue", family: "sensevoice", language: "yue" },
      { model: "gpt-4o-transcribe", detected: "en", family: "whisper", language: "auto" },
    ] as const;
    for (const { model, detected, family, language } of cases) {
      const { route, asked } = await routed(model, detected);
      expect(route, `${model} ${detected}`).toMatchObject({ family, language, detected });
      // Detection runs on the Whisper model the job was queued with.
      expect(asked).toEqual([await ensurePlumbingModel()]);
    }
  });

  it("does not detect when the user chose the language, a model by name, or a translation", async () => {
    for (const [model, options] of [
      ["whisper-1", { language: "en" }],
      ["parakeet-tdt-0.6b-v3", {}],
      ["whisper-1", { task: "translate" }],
      ["whisper-1", { bilingual: true }],
    ] as const) {
      const { route, asked } = await routed(model, "en", options);
      expect(route, model).toBeNull();
      expect(asked).toEqual([]);
    }
  });

  it("records the detected language and the family that ran, through the real pipeline", async () => {
    const response = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fields: { model: "whisper-1", language: "auto" },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const row = await finished(id);
    expect(row.status).toBe("completed");
    // The random-weight model's detection is arbitrary: what is checked is that the job ran the
    // family its detected language routes to, and recorded both.
    const language = row.language as string | null;
    const expected =
      language === null
        ? "whisper"
        : ((await (await catalog()).routeDetected("whisper-1", language))?.family ?? "whisper");
    expect(row.modelFamily).toBe(expected);
    const stored = await api.db
      .selectFrom("transcriptions")
      .select(["engine_model", "model_family", "language"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.model_family).toBe(expected);
    if (expected === "parakeet") {
      expect(stored.engine_model).toBe("parakeet-tdt-0.6b-v3");
      expect(row.engineModel).toBe("parakeet-tdt-0.6b-v3");
    }
  });
});
