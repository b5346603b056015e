// What /api/health and intake cost the server: a model file is validated once per version, the
// health check is rate-limited per client, uploads are probed by a helper process (the server
// never forks ffprobe or ffmpeg per upload), and concurrent looks at the models share one.
import {
  chmodSync,
  copyFileSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { ensureRandomModel } from "../../../packages/engine/test/support/random-model.js";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { ModelCatalog } from "../src/models/model-catalog.js";
import { createTestDatabase } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TranscriptionApi,
} from "./support/transcription-app.js";

interface Health {
  models: {
    ok: boolean;
    installed: string[];
    fast: { name: string; installed: boolean; detail?: string };
  };
}

async function startApi(env: Record<string, string>, health = {}) {
  const database = await createTestDatabase("sqlite");
  const config = {
    ...loadConfig({ LOG_LEVEL: "silent", MODELS_AUTO_DOWNLOAD: "false", ...env }),
    database: database.config,
  };
  const app: FastifyInstance = await buildApp({ config, db: database.db, health });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base,
    health: async () => (await (await fetch(`${base}/api/health`)).json()) as Health,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe("a model file in the models folder", () => {
  const models = scratchDir("verbatim-models-");
  const file = join(models.dir, "ggml-fixture.bin");
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    copyFileSync(await ensureRandomModel("tiny"), file);
    utimesSync(file, 1_000_000_000, 1_000_000_000);
    api = await startApi({
      MODELS_DIR: models.dir,
      FAST_MODEL: "fixture",
      ACCURATE_MODEL: "fixture",
    });
  });
  afterAll(async () => {
    await api?.close();
    models.cleanup();
  });

  it("is validated once per version: unchanged it is not read again, changed it is", async () => {
    const first = await api.health();
    expect(first.models.fast).toEqual({ name: "fixture", family: "whisper", installed: true });
    expect(first.models.installed).toContain("fixture");

    // Same inode, size and mtime, other bytes: a health check that read the file again would
    // now call it invalid. It must answer from what it validated.
    const size = statSync(file).size;
    writeFileSync(file, Buffer.alloc(size));
    utimesSync(file, 1_000_000_000, 1_000_000_000);
    const unchanged = await api.health();
    expect(unchanged.models.fast.installed).toBe(true);
    expect(unchanged.models.installed).toContain("fixture");

    // A new modification time is a new version: validated again, and found broken.
    utimesSync(file, 1_000_000_100, 1_000_000_100);
    const changed = await api.health();
    expect(changed.models.fast.installed).toBe(false);
    expect(changed.models.fast.detail).toMatch(/not a valid whisper\.cpp model|invalid/i);
    expect(changed.models.installed).not.toContain("fixture");
  });

  it("placed while the server runs is seen by the next health check, without a restart", async () => {
    copyFileSync(await ensureRandomModel("tiny"), join(models.dir, "ggml-placed.bin"));
    expect((await api.health()).models.installed).toContain("placed");
  });
});

describe("concurrent looks at the models folder", () => {
  it("share one listing, and a later look lists again", async () => {
    const models = scratchDir("verbatim-models-");
    try {
      copyFileSync(await ensureRandomModel("tiny"), join(models.dir, "ggml-one.bin"));
      const catalog = new ModelCatalog(
        loadConfig({ MODELS_DIR: models.dir, MODELS_AUTO_DOWNLOAD: "false" }),
      );
      const looks = await Promise.all(Array.from({ length: 8 }, () => catalog.installed()));
      for (const look of looks) expect(look).toBe(looks[0]);
      expect(looks[0]?.map((m) => m.name)).toEqual(["one"]);
      copyFileSync(await ensureRandomModel("tiny"), join(models.dir, "ggml-two.bin"));
      expect((await catalog.installed()).map((m) => m.name)).toEqual(["one", "two"]);
    } finally {
      models.cleanup();
    }
  });
});

describe("GET /api/health from one client", () => {
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    api = await startApi(
      { MODELS_DIR: "/nonexistent-models" },
      { rateLimit: { max: 5, windowMs: 60_000 } },
    );
  });
  afterAll(() => api?.close());

  it("is answered up to the limit, then 429 RATE_LIMITED with Retry-After", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await fetch(`${api.base}/api/health`);
      statuses.push(last.status);
      if (last.status === 200) await last.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await last?.json()) as { code: string }).code).toBe("RATE_LIMITED");
  });
});

describe("an upload's probe", () => {
  const tools = scratchDir("verbatim-tools-");
  const parents = join(tools.dir, "parents.log");
  let api: TranscriptionApi;

  beforeAll(async () => {
    // ffprobe and ffmpeg stand-ins that note which process started them, then run the real tool.
    for (const tool of ["ffprobe", "ffmpeg"]) {
      const path = join(tools.dir, tool);
      writeFileSync(path, `#!/bin/sh\necho "${tool} $PPID" >> "${parents}"\nexec ${tool} "$@"\n`);
      chmodSync(path, 0o755);
    }
    process.env.FFPROBE_PATH = join(tools.dir, "ffprobe");
    process.env.FFMPEG_PATH = join(tools.dir, "ffmpeg");
    api = await startTranscriptionApi("sqlite", { WORKER_CONCURRENCY: "0" });
  });
  afterAll(async () => {
    delete process.env.FFPROBE_PATH;
    delete process.env.FFMPEG_PATH;
    await api?.close();
    tools.cleanup();
  });

  it("runs in the helper process: the server itself spawns no ffprobe or ffmpeg", async () => {
    const user = await signedInUser(api.db);
    const responses = await Promise.all([
      upload(api.base, "/api/transcribe", {
        file: new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" }),
        fileName: "jfk.mp3",
        fields: { source: "file", model: "whisper-1" },
        headers: { ...user.auth, prefer: "respond-async" },
      }),
      upload(api.base, "/api/transcribe", {
        file: new Blob(["this is not audio"], { type: "audio/mpeg" }),
        fileName: "text.mp3",
        fields: { source: "file", model: "whisper-1" },
        headers: user.auth,
      }),
    ]);
    expect(responses[1]?.status).toBe(415);
    expect(responses[0]?.status).toBe(202);
    const runs = readFileSync(parents, "utf8").trim().split("\n");
    // Both files were probed (ffprobe each, ffmpeg's packet span for the real one at least)...
    expect(runs.filter((run) => run.startsWith("ffprobe")).length).toBeGreaterThanOrEqual(2);
    expect(runs.some((run) => run.startsWith("ffmpeg"))).toBe(true);
    // ...and none of the tools was a child of this (the server's) process.
    for (const run of runs) expect(run.split(" ")[1]).not.toBe(String(process.pid));
  });
});
