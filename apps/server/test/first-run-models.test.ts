import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import {
  RECOGNISER_MODEL_REGISTRY,
  type ModelEntry,
  type RecogniserModelEntry,
} from "@verbatim/engine";
import { writeSenseVoiceStandIn } from "../../../packages/engine/test/helpers/sensevoice-stand-in.js";
import { ensureRandomParakeetModel } from "../../../packages/engine/test/support/random-parakeet-model.js";
import { tarBz2 } from "../../../packages/engine/test/support/tar-bz2.js";
import { ensureEmptyTestModel } from "../../../packages/engine/test/support/random-model.js";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { registryFor, startMirror } from "./support/model-mirror.js";
import { signedInUser, upload } from "./support/transcription-app.js";

// A fresh server with an empty models folder: the default model is fetched in the background
// from a local mirror (never the internet); uploads wait with 503 MODEL_PREPARING meanwhile.

interface Health {
  status: string;
  models: {
    state: string;
    hint?: string;
    fast: {
      name: string;
      installed: boolean;
      preparation?: {
        state: string;
        percent?: number;
        receivedBytes?: number;
        totalBytes?: number;
        reason?: string;
        instructions?: string;
        fileName?: string;
        folder?: string;
        url?: string;
      };
    };
  };
}

async function health(api: TestApi): Promise<Health> {
  return (await (await fetch(`${api.base}/api/health`)).json()) as Health;
}

describe("first start with no models installed", () => {
  let bytes: Buffer;
  let registry: ModelEntry[];
  const scratch = scratchDir("verbatim-first-run-");

  beforeAll(async () => {
    bytes = readFileSync(await ensureEmptyTestModel());
    registry = registryFor(bytes);
  });
  afterAll(() => scratch.cleanup());

  /**
   * A server on SQLite whose default models are `tiny`, in a models folder of its own; it fetches
   * only those unless `env` sets MODELS_DOWNLOAD_ORDER.
   */
  async function start(
    modelsDir: string,
    env: Record<string, string>,
    recogniserRegistry?: RecogniserModelEntry[],
  ): Promise<TestApi> {
    return startTestApi(
      "sqlite",
      {
        MODELS_DIR: modelsDir,
        FAST_MODEL: "tiny",
        ACCURATE_MODEL: "tiny",
        MODELS_DOWNLOAD_ORDER: "fast,accurate",
        UPLOAD_DIR: join(scratch.dir, "uploads"),
        WORKER_CONCURRENCY: "0",
        ...env,
      },
      undefined,
      { modelDownloads: { registry, ...(recogniserRegistry ? { recogniserRegistry } : {}) } },
    );
  }

  it("downloads the model in the background; uploads meanwhile answer 503 MODEL_PREPARING and cost nothing; then they are accepted", async () => {
    const mirror = await startMirror(bytes);
    const modelsDir = join(scratch.dir, "models-download");
    const api = await start(modelsDir, {
      MODELS_AUTO_DOWNLOAD: "true",
      VERBATIM_MODEL_BASE_URL: mirror.url,
    });
    try {
      await mirror.halfSent;
      const during = await health(api);
      expect(during.status).toBe("preparing");
      expect(during.models.state).toBe("preparing");
      expect(during.models.fast.installed).toBe(false);
      expect(during.models.fast.preparation).toMatchObject({
        state: "downloading",
        totalBytes: bytes.length,
        fileName: "ggml-tiny.bin",
        folder: modelsDir,
        url: `${mirror.url}/ggml-tiny.bin`,
      });
      const percent = during.models.fast.preparation?.percent ?? -1;
      expect(percent).toBeGreaterThan(0);
      expect(percent).toBeLessThan(100);
      const listed = (await (await fetch(`${api.base}/api/models`)).json()) as Array<{
        id: string;
        preparation?: { state: string };
      }>;
      expect(listed.find((m) => m.id === "whisper-1")?.preparation?.state).toBe("downloading");

      const user = await signedInUser(api.db);
      const file = new Blob([readFileSync(JFK_MP3)]);
      const refused = await upload(api.base, "/api/transcribe", { file, headers: user.auth });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      const body = (await refused.json()) as { code: string; message: string };
      expect(body.code).toBe("MODEL_PREPARING");
      expect(body.message).toMatch(/still being prepared.*Nothing was uploaded or charged/);
      expect(await minuteBalance(api.db, user.id, new Date())).toEqual({
        planSeconds: 1200,
        packSeconds: 0,
      });
      expect(await api.db.selectFrom("transcriptions").select("id").execute()).toEqual([]);

      mirror.release();
      await api.app.modelPreparation.settled();
      const after = await health(api);
      expect(after.models.state).toBe("ready");
      expect(after.models.fast).toEqual({ name: "tiny", family: "whisper", installed: true });
      const accepted = await upload(api.base, "/api/transcribe", {
        file,
        headers: { ...user.auth, prefer: "respond-async" },
      });
      expect(accepted.status).toBe(202);
      expect(mirror.requests).toEqual(["/ggml-tiny.bin"]);
    } finally {
      await api.close();
      await mirror.close();
    }
  });

  it("with MODELS_AUTO_DOWNLOAD=false downloads nothing and says which file to put where", async () => {
    const mirror = await startMirror(bytes);
    const modelsDir = join(scratch.dir, "models-off");
    const api = await start(modelsDir, {
      MODELS_AUTO_DOWNLOAD: "false",
      VERBATIM_MODEL_BASE_URL: mirror.url,
    });
    try {
      await api.app.modelPreparation.settled();
      const body = await health(api);
      expect(body.models.state).toBe("missing");
      expect(body.models.fast.preparation?.state).toBe("missing");
      expect(body.models.hint).toContain(`Put ggml-tiny.bin into ${modelsDir}`);
      expect(body.models.hint).toContain(`download ${mirror.url}/ggml-tiny.bin`);
      const user = await signedInUser(api.db);
      const file = new Blob([readFileSync(JFK_MP3)]);
      const refused = await upload(api.base, "/api/transcribe", { file, headers: user.auth });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe("MODEL_NOT_INSTALLED");
      expect(mirror.requests).toEqual([]);
    } finally {
      await api.close();
      await mirror.close();
    }
  });

  it("when the mirror cannot be reached, health and the refusal say exactly which file to put where", async () => {
    const mirror = await startMirror(bytes);
    const unreachable = mirror.url; // closed below: nothing listens there any more
    await mirror.close();
    const modelsDir = join(scratch.dir, "models-offline");
    const api = await start(modelsDir, {
      MODELS_AUTO_DOWNLOAD: "true",
      VERBATIM_MODEL_BASE_URL: unreachable,
    });
    try {
      await api.app.modelPreparation.settled();
      const body = await health(api);
      expect(body.status).toBe("degraded");
      expect(body.models.state).toBe("missing");
      expect(body.models.fast.preparation).toMatchObject({
        state: "failed",
        fileName: "ggml-tiny.bin",
        folder: modelsDir,
        url: `${unreachable}/ggml-tiny.bin`,
      });
      expect(body.models.fast.preparation?.reason).toMatch(/cannot be reached/);
      const expected = `Put ggml-tiny.bin into ${modelsDir}: download ${unreachable}/ggml-tiny.bin and save it as ${join(modelsDir, "ggml-tiny.bin")}`;
      expect(body.models.fast.preparation?.instructions).toContain(expected);
      const user = await signedInUser(api.db);
      const refused = await upload(api.base, "/api/transcribe", {
        file: new Blob([readFileSync(JFK_MP3)]),
        headers: user.auth,
      });
      expect(refused.status).toBe(503);
      const refusal = (await refused.json()) as {
        code: string;
        message: string;
        details: { hint: string };
      };
      expect(refusal.code).toBe("MODEL_NOT_INSTALLED");
      // The client is told what to do, but not the server's folder (/api/health shows it).
      expect(refusal.details.hint).toContain(
        `Put ggml-tiny.bin into the server's models folder: download ${unreachable}/ggml-tiny.bin`,
      );
      expect(JSON.stringify(refusal)).not.toContain(modelsDir);
    } finally {
      await api.close();
    }
  });
  it("fetches Whisper, then SenseVoice (an archive, unpacked), then Parakeet, with each one's progress in /api/health; a Cantonese upload meanwhile is refused unless the user chooses Whisper", async () => {
    // Stand-ins in the published layouts, hashed here: SenseVoice as sherpa-onnx's archive.
    const standIn = await writeSenseVoiceStandIn(join(mkdtempSync(join(tmpdir(), "sv-")), "sv"));
    const top = "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17";
    const archive = await tarBz2([
      { header: { name: `${top}/`, type: "directory" } },
      ...readdirSync(standIn).map((name) => ({
        header: { name: `${top}/${name}` },
        body: readFileSync(join(standIn, name)),
      })),
    ]);
    const parakeet = readFileSync(await ensureRandomParakeetModel("test"));
    const served = { "sv.tar.bz2": archive, "pk.bin": parakeet };
    const recognisers = RECOGNISER_MODEL_REGISTRY.map((real) => {
      const downloadName = real.family === "sensevoice" ? "sv.tar.bz2" : "pk.bin";
      const bytes = served[downloadName];
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      return { ...real, downloadName, sizeBytes: bytes.length, sha256 };
    });
    const mirror = await startMirror(bytes, served, "sv.tar.bz2");
    const modelsDir = join(scratch.dir, "models-families");
    const api = await start(
      modelsDir,
      {
        MODELS_AUTO_DOWNLOAD: "true",
        VERBATIM_MODEL_BASE_URL: mirror.url,
        MODELS_DOWNLOAD_ORDER: "fast,cantonese,parakeet,accurate",
      },
      recognisers,
    );
    type Downloads = Array<{
      name: string;
      family: string;
      installed: boolean;
      preparation?: { state: string; percent?: number };
    }>;
    /** The family the job of an accepted upload runs on, as its detail says. */
    const familyOf = async (accepted: Response, auth: Record<string, string>) => {
      const { id } = (await accepted.json()) as { id: string };
      const detail = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: auth });
      return ((await detail.json()) as { modelFamily: string }).modelFamily;
    };
    const downloads = async () =>
      ((await health(api)) as unknown as { models: { downloads: Downloads } }).models.downloads;
    try {
      await mirror.halfSent;
      const during = await downloads();
      expect(during.map((m) => [m.name, m.family])).toEqual([
        ["tiny", "whisper"],
        ["sensevoice-small", "sensevoice"],
        ["parakeet-tdt-0.6b-v3", "parakeet"],
      ]);
      expect(during[0]?.installed).toBe(true);
      expect(during[1]?.preparation?.state).toBe("downloading");
      expect(during[1]?.preparation?.percent).toBeGreaterThan(0);
      expect(during[2]?.preparation?.state).toBe("queued");
      expect((await health(api)).status).toBe("preparing");

      const user = await signedInUser(api.db);
      const file = new Blob([readFileSync(JFK_MP3)]);
      const cantonese = { language: "yue" };
      const refused = await upload(api.base, "/api/transcribe", {
        file,
        fields: cantonese,
        headers: { ...user.auth, prefer: "respond-async" },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      const refusal = (await refused.json()) as {
        code: string;
        message: string;
        details: Record<string, unknown>;
      };
      expect(refusal.code).toBe("CANTONESE_MODEL_NOT_READY");
      expect(refusal.details).toMatchObject({
        model: "sensevoice-small",
        family: "sensevoice",
        state: "downloading",
        fallback: "whisper",
      });
      expect(await api.db.selectFrom("transcriptions").select("id").execute()).toEqual([]);
      const onWhisper = await upload(api.base, "/api/transcribe", {
        file,
        fields: { ...cantonese, fallback: "whisper" },
        headers: { ...user.auth, prefer: "respond-async" },
      });
      expect(onWhisper.status).toBe(202);
      expect(await familyOf(onWhisper, user.auth)).toBe("whisper");
      // /v1 holds to the same rule: the 503 in OpenAI's shape, or Whisper when asked for.
      const keyResponse = await api.post("/api/keys", { name: "v1" }, user.auth);
      const bearer = {
        authorization: `Bearer ${((await keyResponse.json()) as { key: string }).key}`,
      };
      const v1Fields = { model: "whisper-1", ...cantonese };
      const v1Refused = await upload(api.base, "/v1/transcriptions/jobs", {
        file,
        fields: v1Fields,
        headers: bearer,
      });
      expect(v1Refused.status).toBe(503);
      expect(((await v1Refused.json()) as { error: { code: string } }).error.code).toBe(
        "cantonese_model_not_ready",
      );
      const v1OnWhisper = await upload(api.base, "/v1/transcriptions/jobs", {
        file,
        fields: { ...v1Fields, fallback: "whisper" },
        headers: bearer,
      });
      expect(v1OnWhisper.status).toBe(202);
      expect(await familyOf(v1OnWhisper, user.auth)).toBe("whisper");

      mirror.release();
      await api.app.modelPreparation.settled();
      expect((await downloads()).map((m) => m.installed)).toEqual([true, true, true]);
      expect(mirror.requests).toEqual(["/ggml-tiny.bin", "/sv.tar.bz2", "/pk.bin"]);
      expect(readdirSync(modelsDir).sort()).toEqual([
        "ggml-tiny.bin",
        "parakeet-tdt-0.6b-v3-f16.bin",
        top,
      ]);
      const onSenseVoice = await upload(api.base, "/api/transcribe", {
        file,
        fields: cantonese,
        headers: { ...user.auth, prefer: "respond-async" },
      });
      expect(onSenseVoice.status).toBe(202);
      expect(await familyOf(onSenseVoice, user.auth)).toBe("sensevoice");
    } finally {
      await api.close();
      await mirror.close();
    }
  });
});
