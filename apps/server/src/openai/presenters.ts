import { deflateSync } from "node:zlib";
import { WHISPER_LANGUAGES } from "@verbatim/contract";
import type {
  DiarizedTranscription,
  JsonTranscription,
  OpenAISegment,
  OpenAIWord,
  VerboseTranscription,
} from "@verbatim/contract/api";
import type { Cue, Speaker } from "@verbatim/subtitles";
import type { z } from "zod";
import type { StoredSegment } from "../jobs/job-row.js";
import { joinText } from "./join-text.js";

// Verbatim keeps a job's result as cues (subtitle blocks built from word timings) and as
// Whisper's own segments; OpenAI's answers speak of Whisper's segments and of words, in
// seconds. Jobs finished before segments were kept answer with one segment per cue.

/** What a finished job gives the presenters. */
export interface Outcome {
  cues: readonly Cue[];
  /** Whisper's segments; absent for jobs finished before they were kept. */
  segments?: readonly StoredSegment[] | undefined;
  /** ISO code ("en"), or null when unknown. */
  language: string | null;
  durationMs: number;
  /** The speakers, when the job was diarized. */
  speakers?: readonly Speaker[] | null | undefined;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** A cue's text on one line (cues may be broken over two). */
const oneLine = (text: string) => joinText(text.split("\n"));

/** The whole text (OpenAI's `text`): the segments (or cues) joined as the language writes. */
export function transcriptText(outcome: Pick<Outcome, "cues" | "segments">): string {
  if (outcome.segments) return joinText(outcome.segments.map((segment) => segment.text));
  return joinText(outcome.cues.map((cue) => oneLine(cue.text)));
}

/** The seconds billed for a job, as `usage`. */
function usage(outcome: Outcome) {
  return { type: "duration" as const, seconds: Math.ceil(outcome.durationMs / 1000) };
}

/**
 * `json`; with `logprobs`, every token's log-probability in order (none for jobs finished
 * before they were kept).
 */
export function presentJson(
  outcome: Outcome,
  { logprobs = false }: { logprobs?: boolean } = {},
): z.infer<typeof JsonTranscription> {
  return {
    text: transcriptText(outcome),
    ...(logprobs
      ? {
          logprobs: (outcome.segments ?? []).flatMap((segment) =>
            (segment.logprobs ?? []).map(({ token, logprob }) => ({
              token,
              logprob,
              bytes: [...Buffer.from(token, "utf8")],
            })),
          ),
        }
      : {}),
    usage: usage(outcome),
  };
}

/** "english" for "en", as OpenAI names languages; the code itself when unknown. */
export function languageName(code: string | null): string {
  if (!code) return "unknown";
  return WHISPER_LANGUAGES[code]?.toLowerCase() ?? code;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** As whisper computes it: the text's UTF-8 bytes over its zlib-compressed bytes. */
export function compressionRatio(text: string): number {
  const bytes = Buffer.byteLength(text);
  return bytes > 0 ? round4(bytes / deflateSync(text).length) : 0;
}

/** One of Whisper's segments in OpenAI's shape. */
function toSegment(
  segment: StoredSegment,
  id: number,
  temperature: number,
): z.infer<typeof OpenAISegment> {
  const text = segment.text.trim();
  return {
    id,
    seek: Math.floor(segment.start / 10),
    start: seconds(segment.start),
    end: seconds(segment.end),
    text,
    tokens: segment.tokens,
    temperature: segment.temperature ?? temperature,
    avg_logprob: round4(segment.avgLogprob ?? 0),
    compression_ratio: compressionRatio(text),
    // whisper.cpp through this binding does not report it; voice activity detection removes
    // non-speech before the model sees it.
    no_speech_prob: segment.noSpeechProb ?? 0,
  };
}

/** A cue as a segment, for jobs finished before Whisper's segments were kept. */
function cueAsSegment(cue: Cue): StoredSegment {
  const probabilities = (cue.words ?? [])
    .map((word) => word.probability)
    .filter((p): p is number => typeof p === "number" && p > 0);
  return {
    start: cue.start,
    end: cue.end,
    text: oneLine(cue.text),
    tokens: [],
    ...(probabilities.length > 0
      ? {
          avgLogprob: probabilities.reduce((sum, p) => sum + Math.log(p), 0) / probabilities.length,
        }
      : {}),
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
    text: transcriptText(outcome),
    ...(segments
      ? {
          segments: (outcome.segments ?? outcome.cues.map(cueAsSegment)).map((segment, i) =>
            toSegment(segment, i, temperature),
          ),
        }
      : {}),
    ...(granularities.includes("word") ? { words: toWords(outcome.cues) } : {}),
    usage: usage(outcome),
  };
}

/** A, B, … Z, AA, AB …: OpenAI's labels for speakers it cannot name. */
function letterLabel(n: number): string {
  let label = "";
  for (let k = n; k >= 0; k = Math.floor(k / 26) - 1) {
    label = String.fromCharCode(65 + (k % 26)) + label;
  }
  return label;
}

/**
 * The answer for `diarized_json`: one segment per cue (a cue holds one speaker), labelled with
 * the speaker's name, or a letter in order of first speech for speakers without one.
 */
export function presentDiarized(outcome: Outcome): z.infer<typeof DiarizedTranscription> {
  const labels = new Map<string, string>();
  let unnamed = 0;
  for (const speaker of outcome.speakers ?? []) {
    labels.set(speaker.id, speaker.name ?? "");
  }
  const labelOf = (id: string | undefined): string => {
    const key = id ?? "";
    const known = labels.get(key);
    if (known) return known;
    const label = letterLabel(unnamed++);
    labels.set(key, label);
    return label;
  };
  const ordered = [...outcome.cues].sort((a, b) => a.start - b.start);
  return {
    task: "transcribe",
    duration: seconds(outcome.durationMs),
    text: transcriptText(outcome),
    segments: ordered.map((cue, i) => ({
      type: "transcript.text.segment" as const,
      id: `seg_${String(i + 1).padStart(3, "0")}`,
      start: seconds(cue.start),
      end: seconds(cue.end),
      text: oneLine(cue.text),
      speaker: labelOf(cue.speaker),
    })),
    usage: usage(outcome),
  };
}
