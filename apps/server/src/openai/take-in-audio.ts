import {
  DIARIZE_FORMATS,
  DIARIZE_MODEL,
  AudioFields,
  type AudioFieldName,
  type ResponseFormat,
} from "@verbatim/contract/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { currentUser } from "../auth/require-user.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { takeInUpload, type ReadUpload, type TakenIn } from "../uploads/upload-intake.js";
import type { User } from "../users/repo.js";
import { jobFromAudioRequest, type AudioRequestFields } from "./audio-job.js";
import { OpenAIError } from "./errors.js";
import { knownVoices } from "./known-speakers.js";

// Taking in a /v1 audio request (OpenAI's multipart fields, or `url` instead of `file`) as a
// queued job: for /v1/audio/transcriptions and /translations, which then wait for it, and for
// /v1/transcriptions/jobs, which answers at once.

/** What a /v1 audio request asks for. */
export type Task = "transcribe" | "translate";

/**
 * `chunking_strategy` sent as an object: OpenAI's clients write it as bracketed form fields
 * (`chunking_strategy[type]=server_vad`, …); gathered into the JSON the field check reads.
 */
function gatherChunkingStrategy(fields: Record<string, string>): Record<string, string> {
  const parts = Object.entries(fields).flatMap(([name, value]) => {
    const match = /^chunking_strategy\[(\w+)\]$/.exec(name);
    return match?.[1] ? [[match[1], value] as const] : [];
  });
  if (parts.length === 0 || fields.chunking_strategy !== undefined) return fields;
  const object = Object.fromEntries(
    parts.map(([key, value]) => [
      key,
      key === "type" || Number.isNaN(Number(value)) ? value : Number(value),
    ]),
  );
  return { ...fields, chunking_strategy: JSON.stringify(object) };
}

/** The fields of an audio request, checked one by one so an error names its `param`. */
function parseFields(given: Record<string, string>, only?: "present"): AudioRequestFields {
  const fields = gatherChunkingStrategy(given);
  const parsed: Record<string, unknown> = {};
  for (const name of Object.keys(AudioFields) as AudioFieldName[]) {
    const value =
      fields[name] ??
      (name === "timestamp_granularities[]" ? fields.timestamp_granularities : undefined) ??
      (name === "include[]" ? fields.include : undefined);
    if (only === "present" && value === undefined) continue;
    const result = AudioFields[name].safeParse(value);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? `invalid ${name}`;
      throw new OpenAIError(400, "invalid_request_error", message, name, "invalid_value");
    }
    parsed[name] = result.data;
  }
  return parsed as AudioRequestFields;
}

/**
 * What OpenAI refuses around its diarizing model: `diarized_json` with another model, known
 * speakers with another model; with it, formats other than json, text and diarized_json, and
 * `prompt`, `include[]` and `timestamp_granularities[]`, which it does not support.
 */
function checkDiarizeFields(
  fields: ReturnType<typeof parseFields>,
  raw: Record<string, string>,
  task: Task,
  knownSpeakers: boolean,
): void {
  const refuse = (message: string, param: string) =>
    new OpenAIError(400, "invalid_request_error", message, param, "unsupported_value");
  if (fields.model !== DIARIZE_MODEL) {
    if (fields.response_format === "diarized_json") {
      throw refuse(
        `response_format 'diarized_json' is only supported with the model '${DIARIZE_MODEL}'.`,
        "response_format",
      );
    }
    if (knownSpeakers) {
      throw refuse(
        `known_speaker_names[] and known_speaker_references[] are only supported with the model '${DIARIZE_MODEL}'.`,
        "known_speaker_names[]",
      );
    }
    return;
  }
  if (task === "translate") {
    throw refuse(
      `The model '${DIARIZE_MODEL}' does not translate; use /v1/audio/transcriptions.`,
      "model",
    );
  }
  if (!DIARIZE_FORMATS.includes(fields.response_format)) {
    throw refuse(
      `response_format '${fields.response_format}' is not compatible with the model '${DIARIZE_MODEL}': use ${DIARIZE_FORMATS.join(", ")}.`,
      "response_format",
    );
  }
  for (const [param, present] of [
    ["prompt", fields.prompt !== undefined],
    ["include[]", fields["include[]"] !== undefined],
    [
      "timestamp_granularities[]",
      (raw["timestamp_granularities[]"] ?? raw.timestamp_granularities) !== undefined,
    ],
  ] as const) {
    if (present) {
      throw refuse(`${param} is not supported with the model '${DIARIZE_MODEL}'.`, param);
    }
  }
}

/** The route of jobs for programs, which answer at once (no stream). */
export const JOBS_ROUTE = "/v1/transcriptions/jobs";

/** Formats a stream may be asked for (diarized_json: the diarizing model's segment events). */
const STREAMED_FORMATS: readonly ResponseFormat[] = ["json", "text", "diarized_json"];

/** Longest text field of a /v1 request: room for four known speakers' clips as data URLs. */
const KNOWN_SPEAKER_FIELD_BYTES = 4 * 1024 * 1024;

/** Aborts work for a request whose client hung up (nobody would receive it). */
function abortOnHangUp(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Reads a /v1 audio request's fields, each error naming its `param` as OpenAI's do: the job's
 * upload options, the known speakers' voices, and the fields the answer is shaped by.
 */
async function readAudioRequest(
  ctx: TranscriptionContext,
  task: Task,
  user: User,
  raw: Record<string, string>,
  lists: Record<string, string[]>,
  reply: FastifyReply,
  route: string,
): Promise<ReadUpload<AudioRequestFields>> {
  const names = lists["known_speaker_names[]"] ?? [];
  const references = lists["known_speaker_references[]"] ?? [];
  const knownSpeakers = names.length + references.length > 0;
  const fields = parseFields(raw);
  checkDiarizeFields(fields, raw, task, knownSpeakers);
  if (
    (raw["timestamp_granularities[]"] ?? raw.timestamp_granularities) !== undefined &&
    fields.response_format !== "verbose_json"
  ) {
    // OpenAI refuses them rather than answer without the times asked for.
    throw new OpenAIError(
      400,
      "invalid_request_error",
      "timestamp_granularities[] is only supported with response_format 'verbose_json'.",
      "timestamp_granularities[]",
      "unsupported_value",
    );
  }
  if (fields["include[]"] !== undefined && fields.response_format !== "json") {
    throw new OpenAIError(
      400,
      "invalid_request_error",
      "include[]=logprobs is only supported with response_format 'json'.",
      "include[]",
      "unsupported_value",
    );
  }
  if (fields.stream && route === JOBS_ROUTE) {
    throw new OpenAIError(
      400,
      "invalid_request_error",
      "stream=true does not apply to a job: it answers at once; fetch the result with GET /v1/transcriptions/jobs/{id}.",
      "stream",
      "unsupported_value",
    );
  }
  if (fields.stream && !STREAMED_FORMATS.includes(fields.response_format)) {
    throw new OpenAIError(
      400,
      "invalid_request_error",
      `stream=true answers with text events; use response_format ${STREAMED_FORMATS.join(", ")}, not ${fields.response_format}.`,
      "stream",
      "unsupported_value",
    );
  }
  const known = knownSpeakers
    ? await knownVoices(ctx, names, references, abortOnHangUp(reply))
    : [];
  return {
    job: jobFromAudioRequest(fields, task, user, known),
    fingerprint: { ...raw, ...lists },
    parsed: fields,
  };
}

/**
 * Takes in a /v1 audio request as a queued job (takeInUpload: Idempotency-Key, model, minutes,
 * size, probe, reservation), each bad field answered in OpenAI's shape naming its `param`.
 */
export async function takeInAudioRequest(
  ctx: TranscriptionContext,
  task: Task,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
): Promise<TakenIn & { parsed: AudioRequestFields }> {
  const user = currentUser(request);
  return takeInUpload(ctx, request, user, {
    route,
    // An unusable model is answered for the model asked for (checkJobRequest).
    requireUsableModel: false,
    // Known speakers' clips come as data URLs: 10 s of 48 kHz stereo WAV is about 2.6 MB.
    fieldSizeBytes: KNOWN_SPEAKER_FIELD_BYTES,
    // `url` instead of `file`: the server fetches the media.
    acceptsLink: true,
    // Fields sent before the file are checked before its bytes are kept (those not sent yet
    // as their defaults).
    earlyJob: (early) => {
      if (early.model === undefined) {
        parseFields(early, "present");
        return undefined;
      }
      return jobFromAudioRequest(parseFields(early), task, user);
    },
    read: ({ fields: raw, lists }) => readAudioRequest(ctx, task, user, raw, lists, reply, route),
  });
}
