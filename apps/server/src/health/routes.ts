import { ConfiguredModel, HealthResponse } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  engineInfo,
  findDiarizationModels,
  isEngineError,
  listInstalledModels,
  resolveModel,
} from "@verbatim/engine";
import type { z } from "zod";
import type { AppServices } from "../app-services.js";
import { pingDatabase } from "../db/database.js";
import { ffmpegVersion } from "./ffmpeg-version.js";

/** GET /api/health: database, queue, ffmpeg, the speech engine and models, each with a plain detail. */
export function healthRoutes({
  config,
  db,
  jobs,
  modelPreparation: preparation,
}: Pick<AppServices, "config" | "db" | "jobs" | "modelPreparation">): FastifyPluginAsync {
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
        // Each configured model as a transcription finds it: a registry name in the models
        // folder, or a file path given in full; a name still downloading says how far it is.
        type Checked = z.infer<typeof ConfiguredModel>;
        const check = (name: string): Promise<Checked> =>
          resolveModel(name, config.modelsDir).then(
            (): Checked => ({ name, installed: true }),
            (error: unknown): Checked => {
              if (!isEngineError(error)) throw error;
              const prepared = preparation.status(name);
              return isPath(name) || !prepared
                ? { name, installed: false, detail: error.message }
                : { name, installed: false, preparation: prepared };
            },
          );
        const [fast, accurate] = await Promise.all([
          check(config.models.fast),
          check(config.models.accurate),
        ]);
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
        const models = {
          ok: notInstalled.length === 0,
          state: needsAdmin.length ? "missing" : preparing.length ? "preparing" : "ready",
          installed,
          fast,
          accurate,
          ...(hints.length ? { hint: [...new Set(hints)].join(" ") } : {}),
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
        const status =
          working && models.ok
            ? "ok"
            : working && models.state === "preparing"
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
