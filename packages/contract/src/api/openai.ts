import { z } from "zod";
import { CallbackUrl, LinkUrl } from "./links.js";
import { isSupportedLanguage } from "../whisper-languages.js";
import { MAX_PROMPT_CHARS } from "../limits.js";

// The OpenAI-compatible API under /v1: its request fields, answers, stream events and errors,
// in OpenAI's shapes so that OpenAI's clients work with it.

export const RESPONSE_FORMATS = [
  "json",
  "text",
  "srt",
  "verbose_json",
  "vtt",
  "diarized_json",
] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/** OpenAI's model that labels speakers; here the accurate model with diarization on. */
export const DIARIZE_MODEL = "gpt-4o-transcribe-diarize";
/** What OpenAI answers for the diarize model (speaker labels only in `diarized_json`). */
export const DIARIZE_FORMATS: readonly ResponseFormat[] = ["json", "text", "diarized_json"];
/** OpenAI's limit on known speakers in one request. */
export const MAX_KNOWN_SPEAKERS = 4;

/** `chunking_strategy`: `auto`, or a `server_vad` object (JSON in multipart). */
const chunkingStrategy = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (value === "auto") return true;
      try {
        const parsed = JSON.parse(value) as unknown;
        return VadConfig.safeParse(parsed).success;
      } catch {
        return false;
      }
    },
    { message: 'chunking_strategy must be "auto" or a server_vad object' },
  );

const VadConfig = z.strictObject({
  type: z.literal("server_vad"),
  prefix_padding_ms: z.number().int().min(0).optional(),
  silence_duration_ms: z.number().int().min(0).optional(),
  threshold: z.number().min(0).max(1).optional(),
});

const granularities = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim()))
  .pipe(
    z.array(
      z.enum(["word", "segment"], {
        error: 'timestamp_granularities[] takes "word" and/or "segment"',
      }),
    ),
  );

/**
 * The text fields of `/v1/audio/transcriptions` and `/v1/audio/translations`, as multipart
 * sends them (all strings). Each field is checked alone, so an error names its `param`.
 */
export const AudioFields = {
  model: z
    .string({ error: "you must provide a model parameter" })
    .trim()
    .min(1, "you must provide a model parameter")
    .max(200),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isSupportedLanguage, {
      message: "language must be an ISO-639-1 code whisper knows, such as en, zh, ja",
    })
    .optional(),
  /** The decoder's initial prompt: vocabulary, names and style to expect. */
  prompt: z
    .string()
    .max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`)
    .optional(),
  response_format: z
    .enum(RESPONSE_FORMATS, {
      error: `response_format must be one of ${RESPONSE_FORMATS.join(", ")}`,
    })
    .default("json"),
  temperature: z.coerce
    .number({ error: "temperature must be a number between 0 and 1" })
    .min(0, "temperature must be between 0 and 1")
    .max(1, "temperature must be between 0 and 1")
    .default(0),
  "timestamp_granularities[]": granularities.optional(),
  stream: z
    .enum(["true", "false"], { error: 'stream must be "true" or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  /**
   * Accepted as OpenAI takes it. The engine always finds speech with its own voice activity
   * detection and decodes in windows, so the value changes nothing here.
   */
  chunking_strategy: chunkingStrategy.optional(),
  /**
   * `logprobs`: the json answer adds each token's log-probability (refused with the diarize
   * model and with formats other than json, as OpenAI does).
   */
  "include[]": z.enum(["logprobs"], { error: 'include[] takes "logprobs"' }).optional(),
  /** Verbatim's extension (Rev.ai and Sonix style): called when the job ends. */
  callback_url: CallbackUrl.optional(),
  /**
   * Verbatim's extension, as on POST /api/transcribe: "whisper" runs a Cantonese request on
   * Whisper while SenseVoice is not ready, instead of the 503.
   */
  fallback: z.enum(["whisper"], { error: 'fallback must be "whisper"' }).optional(),
} as const;

export type AudioFieldName = keyof typeof AudioFields;

/** The multipart body, for the OpenAPI document only (multipart is read by the handler). */
export const AudioRequestDoc = z.object({
  file: z
    .string()
    .meta({ format: "binary" })
    .optional()
    .describe("The audio or video file; any format ffmpeg reads. Required unless `url` is sent."),
  url: LinkUrl.optional().describe(
    "Instead of `file` (Verbatim's extension): an http or https link to the media, fetched by the server under the same rules as POST /api/imports; a link to a private, loopback or metadata address is refused (400, code `url_not_allowed`).",
  ),
  model: z
    .string()
    .describe(
      "`whisper-1` or `gpt-4o-mini-transcribe` (fast), `gpt-4o-transcribe` (accurate), or an installed model's name: `parakeet-tdt-0.6b-v3` (NVIDIA Parakeet: fast, 25 European languages), `sensevoice-small` (SenseVoice: Cantonese written as spoken, Mandarin, English, Japanese, Korean), a Whisper size such as `base`. `GET /v1/models` lists what is installed.",
    ),
  language: z
    .string()
    .optional()
    .describe(
      "ISO-639-1 code of the spoken language (`yue` for Cantonese); detected when absent. A language the model does not transcribe is refused (400, code `language_not_supported`, naming the models that do).",
    ),
  prompt: z
    .string()
    .optional()
    .describe(
      `Initial prompt for the decoder (up to ${MAX_PROMPT_CHARS} characters): names, vocabulary and style to expect.`,
    ),
  response_format: z
    .enum(RESPONSE_FORMATS)
    .optional()
    .describe(
      "Default `json`. With `stream=true`: `json` or `text`. `diarized_json` (model `gpt-4o-transcribe-diarize` only, which answers `json`, `text` or `diarized_json`): task, duration (seconds), text and segments with a `speaker` each.",
    ),
  temperature: z
    .number()
    .optional()
    .describe(
      "Starting decoder temperature, 0 (default) to 1; higher is more random. The server may raise it for a window it re-decodes.",
    ),
  "timestamp_granularities[]": z
    .array(z.enum(["word", "segment"]))
    .optional()
    .describe(
      "verbose_json only (400 with another format): `word` adds words, `segment` (default) segments.",
    ),
  "include[]": z
    .array(z.enum(["logprobs"]))
    .optional()
    .describe(
      "json only (400 with another format): `logprobs` adds each token's log-probability (`logprobs`: token, logprob, bytes).",
    ),
  "known_speaker_names[]": z
    .array(z.string())
    .optional()
    .describe(
      "`gpt-4o-transcribe-diarize` only: up to 4 names, one per `known_speaker_references[]` clip; a speaker whose voice matches is labelled with the name.",
    ),
  "known_speaker_references[]": z
    .array(z.string())
    .optional()
    .describe(
      "`gpt-4o-transcribe-diarize` only: data URLs (`data:audio/wav;base64,…`) of 2 to 10 seconds of each known speaker, in any format `file` takes.",
    ),
  chunking_strategy: z
    .string()
    .optional()
    .describe(
      "`auto` or a `server_vad` object (JSON): accepted as OpenAI takes it; this engine always cuts the audio at the pauses its own voice detection finds.",
    ),
  stream: z
    .boolean()
    .optional()
    .describe(
      "`true`: answer with server-sent events (`text/event-stream`) as OpenAI streams transcriptions: `transcript.text.delta` events (`delta`: text added) as the audio is recognised, then one `transcript.text.done` (`text`: the whole transcript; `usage`: seconds billed). A failure arrives as a `data:` line with OpenAI's `error` object.",
    ),
  callback_url: CallbackUrl.optional().describe(
    "Verbatim's extension: called when the job completes, fails or is cancelled (a signed POST as a webhook delivery, signed with the account's callback secret; docs/webhooks.md). Public http or https only (400 `url_not_allowed`, checked before the file is read when sent before it).",
  ),
  fallback: z
    .enum(["whisper"])
    .optional()
    .describe(
      "Verbatim's extension, as on POST /api/transcribe: `whisper` starts a Cantonese request (`language=yue`) on Whisper while the Cantonese model (SenseVoice) is not ready yet. Without it such a request is refused with 503 (code `cantonese_model_not_ready`), never handed to Whisper unasked.",
    ),
});

/** `transcript.text.delta`: text recognised since the last delta. */
export const TranscriptTextDelta = z.object({
  type: z.literal("transcript.text.delta"),
  delta: z.string().describe("Text added (with its leading space where the language uses one)."),
});

/** `transcript.text.done`: the whole transcript (the deltas normally add up to it). */
/** One decoded token and its log-probability (`include[]=logprobs`). */
export const TokenLogprob = z.object({
  token: z.string().describe("The token's text."),
  logprob: z.number().describe("Natural log of the probability the decoder gave the token."),
  bytes: z.array(z.number().int()).describe("The token's UTF-8 bytes."),
});

export const TranscriptTextDone = z.object({
  type: z.literal("transcript.text.done"),
  text: z.string(),
  logprobs: z.array(TokenLogprob).optional(),
  usage: z.object({
    type: z.literal("duration"),
    seconds: z.number().int().describe("Seconds billed (whole seconds, rounded up)."),
  }),
});

export const OpenAIModel = z.object({
  id: z.string(),
  object: z.literal("model"),
  /** Unix seconds: when the model file was installed. */
  created: z.number().int(),
  owned_by: z.string(),
});

export const OpenAIModelList = z.object({
  object: z.literal("list"),
  data: z.array(OpenAIModel),
});

export const ModelParams = z.object({ model: z.string().max(200) });

/** Every error under /v1, in OpenAI's shape, so OpenAI clients show it as they would OpenAI's. */
export const OpenAIErrorResponse = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    /** The request field at fault, if any. */
    param: z.string().nullable(),
    /** A stable code (`invalid_api_key`, `model_not_found`, `insufficient_quota`, …), or null. */
    code: z.string().nullable(),
  }),
});

const Usage = z.object({
  type: z.literal("duration"),
  seconds: z.number().describe("Seconds billed: the audio's length in whole seconds, rounded up."),
});

/**
 * `response_format=json`: the text, the seconds billed (as OpenAI's `usage`), and with
 * `include[]=logprobs` each token's log-probability.
 */
export const JsonTranscription = z.object({
  text: z.string(),
  logprobs: z.array(TokenLogprob).optional(),
  usage: Usage,
});

export const OpenAISegment = z.object({
  id: z.number().int(),
  seek: z.number().int().describe("Where the segment's audio starts, in 10 ms frames."),
  start: z.number().describe("Start, in seconds."),
  end: z.number().describe("End, in seconds."),
  text: z.string(),
  tokens: z.array(z.number().int()).describe("Whisper's token ids for the text."),
  temperature: z
    .number()
    .describe(
      "Decoding temperature: the one asked for (the server may have raised it for a window it re-decoded).",
    ),
  avg_logprob: z.number().describe("Mean log-probability of the tokens (0 when unknown)."),
  compression_ratio: z
    .number()
    .describe("The text's length over its zlib-compressed length (high: repetitive)."),
  no_speech_prob: z
    .number()
    .describe("Always 0: this engine does not report it (voice detection removes silence first)."),
});

export const OpenAIWord = z.object({
  word: z.string(),
  start: z.number().describe("Start, in seconds."),
  end: z.number().describe("End, in seconds."),
});

/** `response_format=verbose_json`. */
export const VerboseTranscription = z.object({
  task: z.enum(["transcribe", "translate"]),
  /** The spoken language's English name in lower case ("english"), as OpenAI says it. */
  language: z.string(),
  /** Seconds. */
  duration: z.number().describe("Length of the audio, in seconds."),
  text: z.string(),
  /** Unless `timestamp_granularities[]` asks for words only. */
  segments: z.array(OpenAISegment).optional(),
  /** With `timestamp_granularities[]=word`. */
  words: z.array(OpenAIWord).optional(),
  usage: Usage,
});

/** One speaker's stretch of the transcript, as `diarized_json` lists it. */
export const DiarizedSegment = z.object({
  type: z.literal("transcript.text.segment"),
  id: z.string().describe('Unique within the answer: "seg_001", "seg_002", …'),
  start: z.number().describe("Start, in seconds."),
  end: z.number().describe("End, in seconds."),
  text: z.string(),
  speaker: z
    .string()
    .describe(
      "The known speaker's name (`known_speaker_names[]`, or a saved voice's name) when the voice matched; otherwise A, B, C… in order of first speech.",
    ),
});

/** `response_format=diarized_json` (model `gpt-4o-transcribe-diarize`). */
export const DiarizedTranscription = z.object({
  task: z.literal("transcribe"),
  duration: z.number().describe("Length of the audio, in seconds."),
  text: z.string(),
  segments: z.array(DiarizedSegment),
  usage: Usage,
});
