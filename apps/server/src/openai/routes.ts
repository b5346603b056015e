import { stat } from "node:fs/promises";
import {
  AudioRequestDoc,
  DIARIZE_MODEL,
  DiarizedSegment,
  DiarizedTranscription,
  IdempotencyKeyHeader,
  JsonTranscription,
  ModelParams,
  OpenAIModel,
  OpenAIModelList,
  TranscriptTextDelta,
  TranscriptTextDone,
  VerboseTranscription,
} from "@verbatim/contract/api";
import { findDiarizationModels } from "@verbatim/engine";
import { writeSrt, writeVtt } from "@verbatim/subtitles";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimitRule } from "../auth/rate-limits.js";
import { rowCues, rowSegments, rowSpeakers } from "../jobs/job-row.js";
import { waitWhileListening } from "../transcriptions/respond-with-job.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import { documentOnly } from "../http/openapi-docs.js";
import { requireApiKey } from "./auth.js";
import { OpenAIError, openAIErrorsOf, registerOpenAIErrorHandling } from "./errors.js";
import { jobFailure } from "./job-failure.js";
import { streamTranscript } from "./stream-transcript.js";
import { takeInAudioRequest, type Task } from "./take-in-audio.js";
import { transcriptionJobRoutes } from "./transcription-jobs.js";
import { MODEL_ALIASES } from "../models/model-catalog.js";
import {
  presentDiarized,
  presentJson,
  presentVerbose,
  transcriptText,
  type Outcome,
} from "./presenters.js";

/** Settings tests may change. */
export interface OpenAIOptions {
  /** Requests per key; default 60 a minute. */
  rateLimit?: RateLimitRule;
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
  ctx: TranscriptionContext & { rateLimits: RateLimitStore },
  options: OpenAIOptions = {},
): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    registerOpenAIErrorHandling(app);
    // As OpenAI's API says how long a request took (a stream says it when it starts).
    app.addHook("onSend", async (_request, reply) => {
      reply.header("openai-processing-ms", String(Math.round(reply.elapsedTime)));
    });
    const preHandler = await requireApiKey(app, {
      db: ctx.db,
      now: ctx.now,
      publicUrl: ctx.config.publicUrl,
      rateLimits: ctx.rateLimits,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    });
    const security = [{ bearer: [] }];

    const audioRoute = (task: Task, summary: string, description: string) =>
      app.post(
        task === "transcribe" ? "/audio/transcriptions" : "/audio/translations",
        {
          preHandler,
          // The body is multipart, read by the handler; the schema below is for the document.
          validatorCompiler: documentOnly,
          schema: {
            operationId: task === "transcribe" ? "createTranscription" : "createTranslation",
            summary,
            description,
            tags: ["openai"],
            security,
            consumes: ["multipart/form-data"],
            produces: ["application/json", "text/plain", "text/vtt", "text/event-stream"],
            headers: z.looseObject({ "idempotency-key": IdempotencyKeyHeader }),
            body: AudioRequestDoc,
            response: {
              200: {
                description:
                  "The transcript: `json` → {text, usage}; `verbose_json` → task, language, duration (seconds), text, segments and words (times in seconds); `diarized_json` → task, duration (seconds), text, segments with `speaker` (times in seconds); `text`, `srt` (text/plain) and `vtt` (text/vtt) as text; with `stream=true`, server-sent events (text/event-stream) whose `data` is a TranscriptTextDelta, then (model `gpt-4o-transcribe-diarize`) one `transcript.text.segment` per segment with its speaker, then one TranscriptTextDone.",
                content: {
                  "application/json": {
                    schema: z.union([
                      VerboseTranscription,
                      DiarizedTranscription,
                      JsonTranscription,
                    ]),
                  },
                  "text/plain": { schema: z.string() },
                  "text/vtt": { schema: z.string() },
                  "text/event-stream": {
                    schema: z.union([TranscriptTextDelta, TranscriptTextDone, DiarizedSegment]),
                  },
                },
              },
              ...openAIErrorsOf(400, 401, 404, 409, 413, 415, 429, 500, 503, 507),
            },
          },
        },
        async (request, reply) => transcribe(ctx, task, request, reply),
      );

    const common =
      "OpenAI-compatible (point an OpenAI client's baseURL at `/v1`). multipart/form-data: `file` (required; any audio or video ffmpeg reads), `model` (required: `whisper-1` or `gpt-4o-mini-transcribe` fast, `gpt-4o-transcribe` accurate, or an installed model's name), `language` (ISO-639-1; detected when absent), `prompt` (the decoder's initial prompt: vocabulary and style), `response_format` (`json` default → `{text, usage}`, `text`, `srt`, `vtt`, `verbose_json` → task, language, duration in seconds, text, Whisper's segments, and words with `timestamp_granularities[]=word`; every time in seconds), `temperature` (0–1, the starting decoder temperature), `timestamp_granularities[]` (`word`, `segment`), `stream` (`true`: server-sent events `transcript.text.delta` then `transcript.text.done`). Speakers, as OpenAI's `gpt-4o-transcribe-diarize`: that model with `response_format=diarized_json` answers segments with a `speaker` each (a known speaker's name, a saved voice's name, else A, B…); `known_speaker_names[]` with `known_speaker_references[]` (up to 4 data-URL clips of 2–10 seconds) name speakers; `chunking_strategy` is accepted; `prompt`, `include[]`, `timestamp_granularities[]` and formats other than json, text and diarized_json are refused with that model, as OpenAI does. Diarization costs the same minutes as transcription; 503 `diarization_model_missing` when the speaker models are not installed. Authenticate with `Authorization: Bearer vb_…` (an API key from /account). The audio's duration is charged to the key owner's minutes (`usage.seconds`); the job is kept in their history (header `x-verbatim-transcription-id`). Send an `Idempotency-Key` header (1–255 visible ASCII characters) so that a retry within 24 hours gets the same job and answer without a new charge (the same key with a different request: 409); a client that disconnects before the answer cancels its job, which is then charged only for the audio it had already transcribed (nothing when no text was out yet; with `stream=true`, what was streamed), unless it sent a key (then the job completes for the retry). Answers carry `x-request-id` and `openai-processing-ms` (milliseconds). Bad media: 400 `invalid_request_error`; no minutes left: 429 `insufficient_quota`.";
    audioRoute("transcribe", "Transcribe audio (OpenAI-compatible)", common);
    await app.register(transcriptionJobRoutes(ctx, preHandler));
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
          operationId: "listModels",
          summary: "Models that can be used (OpenAI-compatible)",
          description:
            "The public names (`whisper-1` and its alias `gpt-4o-mini-transcribe`, `gpt-4o-transcribe`) whose engine model is installed, then every installed model. `created`: Unix time in seconds (when the model file was installed).",
          tags: ["openai"],
          security,
          response: { 200: OpenAIModelList, ...openAIErrorsOf(401, 429) },
        },
      },
      async () => ({ object: "list" as const, data: await listModels(ctx) }),
    );

    app.get(
      "/models/:model",
      {
        preHandler,
        schema: {
          operationId: "retrieveModel",
          summary: "One model (OpenAI-compatible)",
          tags: ["openai"],
          security,
          params: ModelParams,
          response: { 200: OpenAIModel, ...openAIErrorsOf(401, 404, 429) },
        },
      },
      async (request) => {
        const found = (await listModels(ctx)).find((m) => m.id === request.params.model);
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

/** Whether the speaker models the diarizing model needs are in the models folder. */
async function diarizationInstalled(ctx: TranscriptionContext): Promise<boolean> {
  return findDiarizationModels(ctx.config.modelsDir).then(
    () => true,
    () => false,
  );
}

/** Installed models in OpenAI's list shape; `created` is the model file's time. */
async function listModels(ctx: TranscriptionContext): Promise<z.infer<typeof OpenAIModel>[]> {
  const installed = await ctx.models.installed();
  const listed = (await ctx.models.list()).filter((m) => m.installed);
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
    // OpenAI's other names for this model, right after it (the diarizing one only when the
    // speaker models are there too: otherwise every request for it answers 503).
    for (const [alias, target] of Object.entries(MODEL_ALIASES)) {
      if (alias === DIARIZE_MODEL && !(await diarizationInstalled(ctx))) continue;
      if (target === model.id && !seen.has(alias)) {
        seen.add(alias);
        data.push({ id: alias, object: "model", created, owned_by: "verbatim" });
      }
    }
  }
  return data;
}

async function transcribe(
  ctx: TranscriptionContext,
  task: Task,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const {
    row,
    keyed,
    parsed: fields,
  } = await takeInAudioRequest(ctx, task, request, reply, `/v1/audio/${task}`);
  if (fields.stream) {
    return streamTranscript(ctx, request, reply, row, {
      keyed,
      logprobs: fields["include[]"] === "logprobs",
    });
  }
  reply.header("x-verbatim-transcription-id", row.id);

  const { final, gone } = await waitWhileListening(ctx, reply, row.id, { keyed });
  if (final?.status !== "completed") {
    if (gone) return reply; // nobody is listening (the job was cancelled unless keyed)
    throw jobFailure(final);
  }

  const outcome: Outcome = {
    cues: rowCues(final),
    segments: rowSegments(final),
    language: final.language,
    durationMs: final.duration_ms,
    speakers: rowSpeakers(final),
  };
  const format = fields.response_format;
  if (format === "json") {
    return reply.send(presentJson(outcome, { logprobs: fields["include[]"] === "logprobs" }));
  }
  if (format === "diarized_json") return reply.send(presentDiarized(outcome));
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
      ? `${transcriptText(outcome)}\n`
      : format === "srt"
        ? writeSrt(outcome.cues)
        : writeVtt(outcome.cues);
  return reply
    .header("content-type", TEXT_TYPES[format])
    .serializer((payload: unknown) => payload as string)
    .send(body);
}
