import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelEntry } from "@verbatim/engine";
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

  /** A server on SQLite whose default models are `tiny`, in a models folder of its own. */
  async function start(modelsDir: string, env: Record<string, string>): Promise<TestApi> {
    return startTestApi(
      "sqlite",
      {
        MODELS_DIR: modelsDir,
        FAST_MODEL: "tiny",
        ACCURATE_MODEL: "tiny",
        UPLOAD_DIR: join(scratch.dir, "uploads"),
        WORKER_CONCURRENCY: "0",
        ...env,
      },
      undefined,
      { modelDownloads: { registry } },
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
});
