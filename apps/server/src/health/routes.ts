import type { JobQueue } from "../jobs/job-queue.js";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isEngineError, listInstalledModels, resolveModel } from "@verbatim/engine";
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
  models: z.object({
    ok: z.boolean(),
    installed: z.array(z.string()),
    fast: z.object({ name: z.string(), installed: z.boolean(), detail: z.string().optional() }),
    accurate: z.object({
      name: z.string(),
      installed: z.boolean(),
      detail: z.string().optional(),
    }),
    hint: z.string().optional(),
  }),
});

/** GET /api/health: database, queue, ffmpeg and models, each with a plain detail. */
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
        const installed = (await listInstalledModels(config.modelsDir))
          .filter((m) => !m.problem)
          .map((m) => m.name);
        // Each configured model as a transcription finds it: a registry name in the models
        // folder, or a file path given in full.
        const check = (name: string) =>
          resolveModel(name, config.modelsDir).then(
            () => ({ name, installed: true }),
            (error: unknown) => {
              if (!isEngineError(error)) throw error;
              return { name, installed: false, detail: error.message };
            },
          );
        const [fast, accurate] = await Promise.all([
          check(config.models.fast),
          check(config.models.accurate),
        ]);
        // Only names can be installed by the command; a missing path says why in its detail.
        const missing = [fast, accurate]
          .filter((m) => !m.installed && !/[\\/]|\.bin$/.test(m.name))
          .map((m) => m.name);
        const models = {
          ok: fast.installed && accurate.installed,
          installed,
          fast,
          accurate,
          ...(missing.length
            ? { hint: `Install with: npm run models -- ${missing.join(" ")}` }
            : {}),
        };
        const queue = await jobs.health();
        const healthy = database.ok && ffmpeg.ok && models.ok && queue.ok;
        return reply
          .status(database.ok ? 200 : 503)
          .send({ status: healthy ? "ok" : "degraded", database, queue, ffmpeg, models });
      },
    );
  };
}
