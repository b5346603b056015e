import { recognisedWords, type Segment, type Transcription } from "@verbatim/engine";
import type { Cue } from "@verbatim/subtitles";
import { fail } from "../http/app-error.js";
import { jobGapMs } from "./cue-gap.js";
import {
  RETIME_LIMITS,
  runSubtitleWork,
  SubtitleWorkLimitError,
} from "../isolated/subtitle-work.js";
import {
  rowCues,
  rowSpeakers,
  type JobOptions,
  type StoredSpeaker,
  type TranscriptionRow,
} from "./job-row.js";

// What a job produces, for the three kinds of job: a transcription (the engine's cues), an
// imported subtitle file whose timings are kept (its cues, no engine run), and one re-timed to
// the speech (its cues with times from the recognised words, and where script and speech
// disagree). An import's cues wait in the job's row (createJob stored them) until it runs.

/** A job's cues and what goes with them, before the audio copy is made. */
export interface ProducedResult {
  cues: Cue[];
  segments: Segment[];
  speakers?: StoredSpeaker[] | undefined;
  language: string | null;
  durationMs: number;
  /** The recogniser family that ran; none for an import that keeps its timings. */
  family?: Transcription["family"];
}

/** Runs what the job needs: nothing for kept timings, else `transcribe`, re-timed for an import. */
export async function jobResult(
  job: Pick<TranscriptionRow, "cues_json" | "speakers_json" | "duration_ms" | "video_frame_rate">,
  options: Pick<JobOptions, "subtitles" | "language" | "style">,
  transcribe: () => Promise<Transcription>,
): Promise<ProducedResult> {
  if (options.subtitles && !options.subtitles.retime) {
    return {
      cues: rowCues(job),
      segments: [],
      speakers: rowSpeakers(job) ?? undefined,
      language: options.language === "auto" ? null : options.language,
      durationMs: job.duration_ms,
    };
  }
  const transcription = await transcribe();
  const produced: ProducedResult = {
    cues: transcription.cues,
    segments: transcription.segments,
    speakers: transcription.speakers,
    language: transcription.language,
    durationMs: transcription.durationMs,
    family: transcription.family,
  };
  if (!options.subtitles) return produced;
  const cues = await retimeInWorker(job, transcription, jobGapMs(job, options.style));
  return { ...produced, cues, speakers: rowSpeakers(job) ?? undefined };
}

/**
 * Re-times the job's imported cues to the recognised words in a worker thread under
 * RETIME_LIMITS, off the event loop (a long script aligned on it stalled every request for
 * 34–40 s); outgrowing a cap fails the job with RETIME_TOO_COMPLEX.
 */
async function retimeInWorker(
  job: Pick<TranscriptionRow, "cues_json">,
  transcription: Transcription,
  minGapMs: number,
): Promise<Cue[]> {
  try {
    const { cues } = await runSubtitleWork(
      {
        kind: "retime",
        cues: rowCues(job),
        words: recognisedWords(transcription),
        durationMs: transcription.durationMs,
        minGapMs,
      },
      RETIME_LIMITS,
    );
    return cues;
  } catch (error) {
    if (!(error instanceof SubtitleWorkLimitError)) throw error;
    fail("RETIME_TOO_COMPLEX", {
      heapMb: error.limits.heapMb,
      seconds: error.limits.timeMs / 1000,
    });
  }
}
