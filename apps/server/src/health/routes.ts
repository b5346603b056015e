import type { JobQueue } from "../jobs/job-queue.js";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { engineInfo, listInstalledModels } from "@verbatim/engine";
import { z } from "zod";
import type { AppContext } from "../http/app.js";
import { pingDatabase } from "../db/database.js";
import { ffmpegVersion } from "./ffmpeg-version.js";

const Check = z.object({ ok: z.boolean(), detail: z.string() });

const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: Check,
  queue: Check,
  ffmpeg: Check,
  engine: z.object({
    ok: z.boolean(),
    detail: z.string(),
    whisperVersion: z.string().optional(),
    backend: z
      .object({
        kind: z.enum(["cpu", "cuda", "vulkan"]),
        name: z.string(),
        fallback: z.string().optional(),
      })
      .optional(),
  }),
  models: z.object({
    ok: z.boolean(),
    installed: z.array(z.string()),
    fast: z.object({ name: z.string(), installed: z.boolean() }),
    accurate: z.object({ name: z.string(), installed: z.boolean() }),
    hint: z.string().optional(),
  }),
});

/** GET /api/health: database, queue, ffmpeg, the speech engine and models, each with a plain detail. */
export function healthRoutes({ config, db }: AppContext, jobs: JobQueue): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/api/health",
      {
        schema: {
          summary: "Service health",
          tags: ["health"],
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (_request, reply) => {
        const database = await pingDatabase(db).then(
          () => ({ ok: true, detail: config.database.kind }),
          (error: unknown) => ({
            ok: false,
            detail: `${config.database.kind}: ${String(error)}`,
          }),
        );
        const ffmpeg = await ffmpegVersion().then(
          (version) => ({ ok: true, detail: version }),
          () => ({ ok: false, detail: "ffmpeg not found: install it (apt-get install ffmpeg)" }),
        );
        // whisper.cpp's version and what runs it (CPU features or the GPU), asked once.
        const engine = await engineInfo().then(
          (info) => ({
            ok: true,
            detail: `whisper.cpp ${info.whisperVersion} on ${info.backend.name}`,
            whisperVersion: info.whisperVersion,
            backend: info.backend,
          }),
          (error: unknown) => ({
            ok: false,
            detail: error instanceof Error ? error.message : String(error),
          }),
        );
        const installed = (await listInstalledModels(config.modelsDir))
          .filter((m) => !m.problem)
          .map((m) => m.name);
        const fast = {
          name: config.models.fast,
          installed: installed.includes(config.models.fast),
        };
        const accurate = {
          name: config.models.accurate,
          installed: installed.includes(config.models.accurate),
        };
        const missing = [fast, accurate].filter((m) => !m.installed).map((m) => m.name);
        const models = {
          ok: missing.length === 0,
          installed,
          fast,
          accurate,
          ...(missing.length
            ? { hint: `Install with: npm run models -- ${missing.join(" ")}` }
            : {}),
        };
        const queue = await jobs.health();
        const healthy = database.ok && ffmpeg.ok && engine.ok && models.ok && queue.ok;
        return reply
          .status(database.ok ? 200 : 503)
          .send({ status: healthy ? "ok" : "degraded", database, queue, ffmpeg, engine, models });
      },
    );
  };
}
