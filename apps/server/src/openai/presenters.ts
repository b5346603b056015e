import { deflateSync } from "node:zlib";
import { WHISPER_LANGUAGES } from "@verbatim/engine";
import type { Cue } from "@verbatim/subtitles";
import { z } from "zod";

// Verbatim keeps a job's result as cues (subtitle blocks built from word timings); OpenAI's
// answers speak of segments and words in seconds. Each cue becomes one segment.

const Usage = z.object({ type: z.literal("duration"), seconds: z.number() });

/** `response_format=json`: the text, and the seconds billed (as OpenAI's `usage`). */
export const JsonTranscription = z.object({ text: z.string(), usage: Usage });

export const OpenAISegment = z.object({
  id: z.number().int(),
  seek: z.number().int(),
  /** Seconds. */
  start: z.number(),
  end: z.number(),
  text: z.string(),
  tokens: z.array(z.number().int()),
  temperature: z.number(),
  avg_logprob: z.number(),
  compression_ratio: z.number(),
  no_speech_prob: z.number(),
});

export const OpenAIWord = z.object({ word: z.string(), start: z.number(), end: z.number() });

/** `response_format=verbose_json`. */
export const VerboseTranscription = z.object({
  task: z.enum(["transcribe", "translate"]),
  /** The spoken language's English name in lower case ("english"), as OpenAI says it. */
  language: z.string(),
  /** Seconds. */
  duration: z.number(),
  text: z.string(),
  /** Unless `timestamp_granularities[]` asks for words only. */
  segments: z.array(OpenAISegment).optional(),
  /** With `timestamp_granularities[]=word`. */
  words: z.array(OpenAIWord).optional(),
  usage: Usage,
});

/** What a finished job gives the presenters. */
export interface Outcome {
  cues: readonly Cue[];
  /** ISO code ("en"), or null when unknown. */
  language: string | null;
  durationMs: number;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** A cue's text on one line (cues may be broken over two). */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

/** The whole text, cues joined by spaces (OpenAI's `text`). */
export function transcriptText(cues: readonly Cue[]): string {
  return cues
    .map((cue) => oneLine(cue.text))
    .filter(Boolean)
    .join(" ");
}

/** The seconds billed for a job, as `usage`. */
function usage(outcome: Outcome) {
  return { type: "duration" as const, seconds: Math.ceil(outcome.durationMs / 1000) };
}

export function presentJson(outcome: Outcome): z.infer<typeof JsonTranscription> {
  return { text: transcriptText(outcome.cues), usage: usage(outcome) };
}

/** "english" for "en", as OpenAI names languages; the code itself when unknown. */
export function languageName(code: string | null): string {
  if (!code) return "unknown";
  return WHISPER_LANGUAGES[code]?.toLowerCase() ?? code;
}

/** A cue as an OpenAI segment; the decoder's internals whisper.cpp does not keep get defaults. */
function toSegment(cue: Cue, id: number, temperature: number): z.infer<typeof OpenAISegment> {
  const text = oneLine(cue.text);
  const probabilities = (cue.words ?? [])
    .map((word) => word.probability)
    .filter((p): p is number => typeof p === "number" && p > 0);
  const avgLogprob =
    probabilities.length > 0
      ? probabilities.reduce((sum, p) => sum + Math.log(p), 0) / probabilities.length
      : 0;
  const bytes = Buffer.byteLength(text);
  return {
    id,
    seek: 0,
    start: seconds(cue.start),
    end: seconds(cue.end),
    text,
    tokens: [],
    temperature,
    avg_logprob: Math.round(avgLogprob * 1e4) / 1e4,
    // As whisper computes it: text bytes over zlib-compressed bytes.
    compression_ratio: bytes > 0 ? Math.round((bytes / deflateSync(text).length) * 1e4) / 1e4 : 0,
    // Voice activity detection removes non-speech before the model sees it.
    no_speech_prob: 0,
  };
}

function toWords(cues: readonly Cue[]): z.infer<typeof OpenAIWord>[] {
  return cues.flatMap((cue) =>
    (cue.words ?? [])
      .map((word) => ({
        word: word.text.trim(),
        start: seconds(word.start),
        end: seconds(word.end),
      }))
      .filter((word) => word.word !== ""),
  );
}

export type Granularity = "word" | "segment";

export function presentVerbose(
  outcome: Outcome,
  {
    task,
    granularities,
    temperature,
  }: {
    task: "transcribe" | "translate";
    granularities: readonly Granularity[];
    temperature: number;
  },
): z.infer<typeof VerboseTranscription> {
  // OpenAI: segments unless only words are asked for; words only when asked for.
  const segments = granularities.length === 0 || granularities.includes("segment");
  return {
    task,
    language: languageName(outcome.language),
    duration: seconds(outcome.durationMs),
    text: transcriptText(outcome.cues),
    ...(segments ? { segments: outcome.cues.map((cue, i) => toSegment(cue, i, temperature)) } : {}),
    ...(granularities.includes("word") ? { words: toWords(outcome.cues) } : {}),
    usage: usage(outcome),
  };
}
