import { rm, stat } from "node:fs/promises";
import { writeSrt, writeVtt } from "@verbatim/subtitles";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimitRule } from "../auth/rate-limits.js";
import { currentUser } from "../auth/require-user.js";
import { rowCues } from "../transcriptions/repo.js";
import {
  idempotencyKeyOf,
  keyHasJob,
  once,
  requestFingerprint,
} from "../transcriptions/idempotency.js";
import { waitWhileListening } from "../transcriptions/respond-with-job.js";
import {
  acceptUpload,
  checkUploadOptions,
  requireSomeMinutes,
  type TranscriptionServices,
} from "../transcriptions/service.js";
import { receiveMultipart } from "../uploads/receive-multipart.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import { requireApiKey } from "./auth.js";
import { OpenAIError, openAIErrorsOf, registerOpenAIErrorHandling } from "./errors.js";
import {
  JsonTranscription,
  presentJson,
  presentVerbose,
  transcriptText,
  VerboseTranscription,
  type Outcome,
} from "./presenters.js";
import {
  AudioFields,
  AudioRequestDoc,
  ModelParams,
  OpenAIModel,
  OpenAIModelList,
  type AudioFieldName,
  type ResponseFormat,
} from "./schema.js";

/** Settings tests may change. */
export interface OpenAIOptions {
  /** Requests per key; default 60 a minute. */
  rateLimit?: RateLimitRule;
}

type Task = "transcribe" | "translate";

/** The fields of an audio request, checked one by one so an error names its `param`. */
function parseFields(fields: Record<string, string>, only?: "present") {
  const parsed: Record<string, unknown> = {};
  for (const name of Object.keys(AudioFields) as AudioFieldName[]) {
    const value =
      fields[name] ??
      (name === "timestamp_granularities[]" ? fields.timestamp_granularities : undefined);
    if (only === "present" && value === undefined) continue;
    const result = AudioFields[name].safeParse(value);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? `invalid ${name}`;
      throw new OpenAIError(400, "invalid_request_error", message, name, "invalid_value");
    }
    parsed[name] = result.data;
  }
  return parsed as {
    model: string;
    language?: string;
    response_format: ResponseFormat;
    temperature: number;
    "timestamp_granularities[]"?: ("word" | "segment")[];
  };
}

const TEXT_TYPES: Record<"text" | "srt" | "vtt", string> = {
  text: "text/plain; charset=utf-8",
  srt: "text/plain; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
};

/**
 * The OpenAI-compatible API under /v1 (register with `{ prefix: "/v1" }`): audio
 * transcriptions and translations, and the model list. API keys only; every error in
 * OpenAI's shape (this scope's own error handler).
 */
export function openAIRoutes(
  services: TranscriptionServices,
  rateLimits: RateLimitStore,
  options: OpenAIOptions = {},
): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    registerOpenAIErrorHandling(app);
    const preHandler = await requireApiKey(app, {
      db: services.db,
      now: services.now,
      publicUrl: services.config.publicUrl,
      rateLimits,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    });
    const security = [{ bearer: [] }];

    const audioRoute = (task: Task, summary: string, description: string) =>
      app.post(
        task === "transcribe" ? "/audio/transcriptions" : "/audio/translations",
        {
          preHandler,
          // The body is multipart, read by the handler; the schema below is for the document.
          validatorCompiler: () => (data) => ({ value: data }),
          schema: {
            summary,
            description,
            tags: ["openai"],
            security,
            consumes: ["multipart/form-data"],
            produces: ["application/json", "text/plain", "text/vtt"],
            body: AudioRequestDoc,
            response: {
              200: z.union([VerboseTranscription, JsonTranscription, z.string()]),
              ...openAIErrorsOf(400, 401, 404, 409, 413, 415, 429, 500, 503),
            },
          },
        },
        async (request, reply) => transcribe(services, task, request, reply),
      );

    const common =
      "OpenAI-compatible (point an OpenAI client's baseURL at `/v1`). multipart/form-data: `file` (required; any audio or video ffmpeg reads), `model` (required: `whisper-1` fast, `gpt-4o-transcribe` accurate, or an installed model's name), `language` (ISO-639-1; detected when absent), `prompt` (accepted and ignored), `response_format` (`json` default → `{text}`, `text`, `srt`, `vtt`, `verbose_json` → task, language, duration, text, segments, and words with `timestamp_granularities[]=word`), `temperature` (0–1, accepted; decoding uses the server's settings), `timestamp_granularities[]` (`word`, `segment`). Authenticate with `Authorization: Bearer vb_…` (an API key from /account). The audio's duration is charged to the key owner's minutes; the job is kept in their history (header `x-verbatim-transcription-id`), and keeps running if the client disconnects. No minutes left: 429 `insufficient_quota`.";
    audioRoute("transcribe", "Transcribe audio (OpenAI-compatible)", common);
    audioRoute(
      "translate",
      "Translate audio into English text (OpenAI-compatible)",
      `${common} The text is translated into English.`,
    );

    app.get(
      "/models",
      {
        preHandler,
        schema: {
          summary: "Models that can be used (OpenAI-compatible)",
          description:
            "The public names (`whisper-1`, `gpt-4o-transcribe`) whose engine model is installed, then every installed model.",
          tags: ["openai"],
          security,
          response: { 200: OpenAIModelList, ...openAIErrorsOf(401, 429) },
        },
      },
      async () => ({ object: "list" as const, data: await listModels(services) }),
    );

    app.get(
      "/models/:model",
      {
        preHandler,
        schema: {
          summary: "One model (OpenAI-compatible)",
          tags: ["openai"],
          security,
          params: ModelParams,
          response: { 200: OpenAIModel, ...openAIErrorsOf(401, 404, 429) },
        },
      },
      async (request) => {
        const found = (await listModels(services)).find((m) => m.id === request.params.model);
        if (!found) {
          throw new OpenAIError(
            404,
            "invalid_request_error",
            `The model '${request.params.model}' does not exist or is not installed.`,
            "model",
            "model_not_found",
          );
        }
        return found;
      },
    );
  };
}

/** Installed models in OpenAI's list shape; `created` is the model file's time. */
async function listModels(services: TranscriptionServices): Promise<z.infer<typeof OpenAIModel>[]> {
  const installed = await services.models.installed();
  const listed = (await services.models.list()).filter((m) => m.installed);
  const seen = new Set<string>();
  const data: z.infer<typeof OpenAIModel>[] = [];
  for (const model of listed) {
    if (seen.has(model.id)) continue;
    seen.add(model.id);
    const path =
      installed.find((m) => m.name === model.engineModel)?.path ??
      (model.engineModel.includes("/") ? model.engineModel : undefined);
    const created = path
      ? await stat(path).then(
          (s) => Math.floor(s.mtimeMs / 1000),
          () => 0,
        )
      : 0;
    data.push({ id: model.id, object: "model", created, owned_by: "verbatim" });
  }
  return data;
}

async function transcribe(
  services: TranscriptionServices,
  task: Task,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const user = currentUser(request);
  const key = idempotencyKeyOf(request);
  // A retry of a request that made its job is answered even when no minutes are left.
  if (!(await keyHasJob(services.db, user, key))) {
    await requireSomeMinutes(services.db, user, services.now());
  }
  // Fields sent before the file are checked before its bytes are kept.
  const { file, fields: raw } = await receiveMultipart(request, {
    dir: services.config.uploadDir,
    limitBytes: services.config.maxUploadBytes,
    beforeFile: async (early) => {
      parseFields(early, "present");
      if (early.model !== undefined)
        await checkUploadOptions(services, user, { model: early.model });
    },
  });
  let fields: ReturnType<typeof parseFields>;
  try {
    fields = parseFields(raw);
  } catch (error) {
    await rm(file.path, { force: true });
    throw error;
  }
  const fingerprint = requestFingerprint(`/v1/audio/${task}`, raw, file.sha256);
  const { row, replayed } = await once(services.db, user, key, fingerprint, services.now(), () =>
    acceptUpload(services, user, file, {
      model: fields.model,
      language: fields.language ?? "auto",
      task,
      generateTimestamps: true,
    }),
  );
  if (replayed) await rm(file.path, { force: true });
  reply.header("x-verbatim-transcription-id", row.id);

  const { final, gone } = await waitWhileListening(services, reply, row.id, {
    keyed: key !== undefined,
  });
  if (final?.status !== "completed") {
    if (gone) return reply; // nobody is listening (the job was cancelled unless keyed)
    const code = final?.error_code ?? "ENGINE_FAILED";
    const message = final?.error_message ?? "The transcription failed.";
    if (code === "CANCELLED") {
      throw new OpenAIError(409, "invalid_request_error", message, null, "cancelled");
    }
    if (code.startsWith("INPUT_")) {
      throw new OpenAIError(400, "invalid_request_error", message, "file", code.toLowerCase());
    }
    throw new OpenAIError(500, "server_error", message, null, code.toLowerCase());
  }

  const outcome: Outcome = {
    cues: rowCues(final),
    language: final.language,
    durationMs: final.duration_ms,
  };
  const format = fields.response_format;
  if (format === "json") return reply.send(presentJson(outcome));
  if (format === "verbose_json") {
    return reply.send(
      presentVerbose(outcome, {
        task,
        granularities: fields["timestamp_granularities[]"] ?? [],
        temperature: fields.temperature,
      }),
    );
  }
  const body =
    format === "text"
      ? `${transcriptText(outcome.cues)}\n`
      : format === "srt"
        ? writeSrt(outcome.cues)
        : writeVtt(outcome.cues);
  return reply
    .header("content-type", TEXT_TYPES[format])
    .serializer((payload: unknown) => payload as string)
    .send(body);
}
