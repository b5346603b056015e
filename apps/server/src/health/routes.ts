import { ConfiguredModel, ErrorResponse, HealthResponse } from "@verbatim/contract/api";
import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { engineInfo, findDiarizationModels, isEngineError } from "@verbatim/engine";
import type { z } from "zod";
import type { RateLimitRule } from "../auth/rate-limits.js";
import { pingDatabase, type Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { ffmpegVersion } from "./ffmpeg-version.js";
import { remembered } from "./remembered.js";
import type { Config } from "../config.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { ModelCatalog } from "../models/model-catalog.js";
import type { ModelPreparation } from "../models/model-preparation.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import type { HealthOptions } from "./health-options.js";

/**
 * Per client address: a monitoring probe (every few seconds, several behind one address) never
 * meets it; a client asking dozens of times a second does.
 */
export const DEFAULT_HEALTH_RATE_LIMIT: RateLimitRule = { max: 600, windowMs: 60_000 };

/** A missing ffmpeg or an engine that did not start is looked for again after this long. */
const RETRY_FAILED_CHECK_MS = 30_000;

/**
 * GET /api/health: database, queue, ffmpeg, the speech engine and models, each with a plain
 * detail. Nothing expensive runs per request: ffmpeg and the engine are asked once, a model
 * file is validated once per version (ModelCatalog), the database answers a one-row query.
 */
export function healthRoutes({
  config,
  db,
  jobs,
  models: catalog,
  modelPreparation: preparation,
  rateLimits,
  health: options,
}: {
  config: Config;
  db: Db;
  jobs: JobQueue;
  models: ModelCatalog;
  modelPreparation: ModelPreparation;
  rateLimits: RateLimitStore;
  health: HealthOptions;
}): FastifyPluginAsync {
  const ffmpegCheck = remembered(ffmpegVersion, RETRY_FAILED_CHECK_MS);
  const engineCheck = remembered(engineInfo, RETRY_FAILED_CHECK_MS);
  const rule = options.rateLimit ?? DEFAULT_HEALTH_RATE_LIMIT;
  return async (app) => {
    await app.register(rateLimit, rateLimits.pluginOptions("health"));
    const limiter = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `health|ip|${request.ip}`,
    });
    app.withTypeProvider<ZodTypeProvider>().get(
      "/api/health",
      {
        schema: {
          summary: "Service health",
          security: [],
          tags: ["health"],
          response: { 200: HealthResponse, 503: HealthResponse, 429: ErrorResponse },
        },
        preHandler: async (request, reply) => {
          const limited = await limiter(request);
          if (!limited.isAllowed && limited.isExceeded) {
            reply.header("retry-after", String(limited.ttlInSeconds));
            fail("RATE_LIMITED");
          }
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
        const ffmpeg = await ffmpegCheck().then(
          (version) => ({ ok: true, detail: version }),
          () => ({ ok: false, detail: "ffmpeg not found: install it (apt-get install ffmpeg)" }),
        );
        // whisper.cpp's version and what runs it (CPU features or the GPU), asked once.
        const engine = await engineCheck().then(
          (info) => ({
            ok: true,
            detail: `whisper.cpp ${info.whisperVersion} on ${info.backend.name}`,
            whisperVersion: info.whisperVersion,
            backend: info.backend,
            recognisers: info.recognisers,
          }),
          (error: unknown) => ({
            ok: false,
            detail: error instanceof Error ? error.message : String(error),
          }),
        );
        const files = await catalog.files();
        const installed = files.installed.map((m) => m.name);
        // Each configured model as a transcription finds it: a registry name in the models
        // folder, or a file path given in full; a name still downloading says how far it is.
        type Checked = z.infer<typeof ConfiguredModel>;
        const check = (role: "fast" | "accurate"): Checked => {
          const name = config.models[role];
          const family = catalog.familyOf(name, files.installed);
          const state = files.configured[role];
          if (state.installed) return { name, family, installed: true };
          const prepared = preparation.status(name);
          return isPath(name) || !prepared
            ? { name, family, installed: false, detail: state.problem.message }
            : { name, family, installed: false, preparation: prepared };
        };
        const fast = check("fast");
        const accurate = check("accurate");
        const notInstalled = [fast, accurate].filter((m) => !m.installed);
        const preparing = notInstalled.filter((m) => preparation.isPreparing(m.name));
        const needsAdmin = notInstalled.filter((m) => !preparation.isPreparing(m.name));
        // Only names can be installed by the command; a missing path says why in its detail.
        const hints = needsAdmin.flatMap((m) =>
          m.preparation?.instructions
            ? [m.preparation.instructions]
            : isPath(m.name)
              ? []
              : [`Install with: npm run models -- ${m.name}`],
        );
        // Every model fetched on start (the families too), in order, each where it stands.
        const downloads = preparation.configuredNames().map((name): Checked => {
          const family = catalog.familyOf(name, files.installed);
          if (files.installed.some((m) => m.name === name)) {
            return { name, family, installed: true };
          }
          const prepared = preparation.status(name);
          return { name, family, installed: false, ...(prepared ? { preparation: prepared } : {}) };
        });
        const familiesPreparing = downloads.some((m) => preparation.isPreparing(m.name));
        const models = {
          ok: notInstalled.length === 0,
          state: needsAdmin.length ? "missing" : preparing.length ? "preparing" : "ready",
          installed,
          fast,
          accurate,
          ...(hints.length ? { hint: [...new Set(hints)].join(" ") } : {}),
          downloads,
        } as const;
        // The speaker models are optional: missing, only the Speakers option is unavailable.
        const speakers = await findDiarizationModels(config.modelsDir).then(
          () => ({ ok: true, detail: "Speaker models installed" }),
          (error: unknown) => {
            if (!isEngineError(error)) throw error;
            return { ok: false, detail: error.message };
          },
        );
        const queue = await jobs.health();
        const working = database.ok && ffmpeg.ok && engine.ok && queue.ok;
        // "preparing" while any model is on its way; "degraded" only when Fast or Accurate
        // cannot run (a family's model missing leaves the languages of the others working).
        const status =
          working && models.ok && !familiesPreparing
            ? "ok"
            : working && (models.state === "preparing" || (models.ok && familiesPreparing))
              ? "preparing"
              : "degraded";
        return reply
          .status(database.ok ? 200 : 503)
          .send({ status, database, queue, ffmpeg, engine, models, speakers });
      },
    );
  };
}

/** FAST_MODEL/ACCURATE_MODEL may be a model file's path instead of a name. */
function isPath(name: string): boolean {
  return name.includes("/") || name.includes("\\") || name.endsWith(".bin");
}
