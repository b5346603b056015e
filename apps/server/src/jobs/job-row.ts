import {
  readJobOptions,
  type FrameRateName,
  type JobOptions,
  type ModelFamily,
} from "@verbatim/contract";
import type { ProbedMedia, Segment } from "@verbatim/engine";
import { plainCueText, type Cue, type Speaker } from "@verbatim/subtitles";
import type { Selectable } from "kysely";
import type { TranscriptionsTable } from "../db/schema.js";

// A transcription job's row in the jobs table (`transcriptions`) and the JSON its columns hold:
// the types, and the parsing every reader shares. No database access here (job-reads.ts reads,
// lifecycle/ writes).

/** A job's row. */
export type TranscriptionRow = Selectable<TranscriptionsTable>;

export { JOB_STATUSES, type JobStatus, type JobOptions } from "@verbatim/contract";

/** True once a job has ended (completed, failed or cancelled). */
export function isFinal(status: string): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/**
 * The media time a job is charged for: none for an import whose timings are kept, twice the
 * length for bilingual subtitles (two passes), else the length. The one rule for what a job
 * reserves and what its completion charges.
 */
export function chargedMs(options: Pick<JobOptions, "subtitles" | "bilingual">, mediaMs: number) {
  if (options.subtitles && !options.subtitles.retime) return 0;
  return options.bilingual ? 2 * mediaMs : mediaMs;
}

/** A new job, as accepted from an upload. */
export interface NewTranscription {
  id: string;
  userId: string;
  fileName: string;
  model: string;
  engineModel: string;
  /** The family of the engine model (the catalog's); absent: not recorded. */
  modelFamily?: ModelFamily | null;
  options: JobOptions;
  mediaPath: string;
  mediaBytes: number;
  durationMs: number;
  /** The intake's probe of the media and which version of the file it read. */
  probed?: ProbedMedia;
  /** The cues (and speakers) of an imported subtitle file, kept with the job until it runs. */
  imported?: { cues: readonly Cue[]; speakers?: readonly Speaker[] | undefined };
  /** The video's timecode rate, for timecoded exports; null for audio. */
  videoFrameRate?: FrameRateName | null;
  /** The batch the file was sent in, when it was sent with others. */
  batchId?: string | null;
  /** The team it is sent into (docs/teams.md); absent: the user's own. */
  teamId?: string | null;
  /** Whose minutes pay (the team owner's for a team's job); absent: the user's. */
  payerId?: string;
}

/** A passage recognised while a job runs (milliseconds). */
export interface LiveSegment {
  start: number;
  end: number;
  text: string;
}

/** The segments a running job has recognised so far. */
export function rowPartial(row: Pick<TranscriptionRow, "partial_json">): LiveSegment[] {
  return row.partial_json ? (JSON.parse(row.partial_json) as LiveSegment[]) : [];
}

/** What history search looks in: the name and the subtitles' text, in lower case. */
export function searchText(fileName: string, cues: readonly Pick<Cue, "text">[]): string {
  return [fileName, ...cues.map((cue) => plainCueText(cue.text))].join("\n").toLowerCase();
}

/** A speaker as a diarized job keeps it: the engine's time spoken while the engine's. */
export interface StoredSpeaker extends Speaker {
  /** Milliseconds the speaker spoke, as diarization found (absent for speakers a user added). */
  speechMs?: number;
}

/** The shot changes found in the job's video (ms); none when it had none looked for. */
export function rowShotChanges(row: Pick<TranscriptionRow, "shot_changes_json">): number[] {
  if (!row.shot_changes_json) return [];
  const parsed: unknown = JSON.parse(row.shot_changes_json);
  return Array.isArray(parsed)
    ? parsed.filter((ms): ms is number => Number.isInteger(ms) && ms >= 0)
    : [];
}

/** A row's speakers; null when the transcription was not diarized. */
export function rowSpeakers(row: Pick<TranscriptionRow, "speakers_json">): StoredSpeaker[] | null {
  return row.speakers_json ? (JSON.parse(row.speakers_json) as StoredSpeaker[]) : null;
}

/** Parses a row's stored cues. */
export function rowCues(row: Pick<TranscriptionRow, "cues_json">): Cue[] {
  return row.cues_json ? (JSON.parse(row.cues_json) as Cue[]) : [];
}

/**
 * One of Whisper's segments as a finished job keeps it (times in ms). The decoder's details are
 * there when the engine reported them: `temperature` only when decoding never raised it.
 */
export interface StoredSegment {
  start: number;
  end: number;
  text: string;
  /** Token ids, special tokens excluded. */
  tokens: number[];
  /** Each token's text and natural-log probability (`include[]=logprobs`); absent in older jobs. */
  logprobs?: { token: string; logprob: number }[];
  avgLogprob?: number;
  noSpeechProb?: number;
  temperature?: number;
}

/** What a job keeps of the engine's segments: token ids, texts and log-probabilities (no timings). */
export function storedSegments(segments: readonly Segment[]): StoredSegment[] {
  return segments.map((segment) => ({
    start: segment.start,
    end: segment.end,
    text: segment.text,
    tokens: (segment.tokens ?? []).map((token) => token.id),
    ...(segment.tokens
      ? {
          logprobs: segment.tokens.map((token) => ({
            token: token.text,
            // Four decimals keep the row small; a probability of 0 stays a finite number.
            logprob: Math.round(Math.log(Math.max(token.p, 1e-12)) * 1e4) / 1e4,
          })),
        }
      : {}),
    ...(segment.avgLogprob !== undefined ? { avgLogprob: segment.avgLogprob } : {}),
    ...(segment.noSpeechProb !== undefined ? { noSpeechProb: segment.noSpeechProb } : {}),
    ...(segment.temperature !== undefined ? { temperature: segment.temperature } : {}),
  }));
}

/** A finished row's Whisper segments; undefined for jobs finished before they were kept. */
export function rowSegments(
  row: Pick<TranscriptionRow, "segments_json">,
): StoredSegment[] | undefined {
  return row.segments_json ? (JSON.parse(row.segments_json) as StoredSegment[]) : undefined;
}

/**
 * A row's options, parsed (and upgraded from the shape older rows hold) by the contract's
 * schema; throws for options that break it.
 */
/**
 * The intake's probe kept with the job, for the engine (which checks that the file is still the
 * one probed); undefined for rows from before it or one that does not read as one: the engine
 * then probes the file itself.
 */
export function rowProbe(row: Pick<TranscriptionRow, "media_probe_json">): ProbedMedia | undefined {
  if (!row.media_probe_json) return undefined;
  try {
    const probed = JSON.parse(row.media_probe_json) as Partial<ProbedMedia> | null;
    const file = probed?.file;
    const known =
      typeof probed?.media?.durationMs === "number" &&
      typeof file?.sizeBytes === "number" &&
      typeof file.mtimeMs === "number" &&
      typeof file.inode === "number";
    return known ? (probed as ProbedMedia) : undefined;
  } catch {
    return undefined;
  }
}

export function rowOptions(row: Pick<TranscriptionRow, "options_json">): JobOptions {
  return readJobOptions(JSON.parse(row.options_json));
}
