import { detectShotChanges, isEngineError } from "@verbatim/engine";
import { frameRate, framesToMs, gapAtRate, storedFrameRate } from "@verbatim/formats";
import { DEFAULT_STYLE, snapToShotChanges, styleLimits, type Cue } from "@verbatim/subtitles";
import type { StyleName } from "@verbatim/subtitles";
import type { FastifyBaseLogger } from "fastify";
import type { TranscriptionRow } from "./job-row.js";

/**
 * The shot changes of a job's video (ms), found on the worker before the upload is deleted; null
 * for audio or a video of no timecode rate (video_frame_rate null), and when ffmpeg cannot find
 * them (logged: the subtitles do not depend on them). A cancel stops the search with the job.
 */
export async function shotChangesOf(
  job: Pick<TranscriptionRow, "id" | "media_path" | "video_frame_rate" | "duration_ms">,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<number[] | null> {
  if (!job.media_path || storedFrameRate(job.video_frame_rate) === null) return null;
  try {
    // Scaled-down frames decode far faster than real time; a minute plus the media's length
    // is room enough on a busy machine.
    return await detectShotChanges(job.media_path, {
      signal,
      timeoutMs: 60_000 + job.duration_ms,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    log.warn(
      { err: isEngineError(error) ? error.message : error, jobId: job.id },
      "no shot changes found",
    );
    return null;
  }
}

/** Cues with their edges moved to the shot changes, by the preset's rules at the video's rate. */
export function snappedToShots(
  cues: Cue[],
  shots: readonly number[],
  job: Pick<TranscriptionRow, "video_frame_rate">,
  style: StyleName | undefined,
): Cue[] {
  const rate = storedFrameRate(job.video_frame_rate);
  if (!rate) return cues;
  const limits = styleLimits(style ?? DEFAULT_STYLE, null);
  return snapToShotChanges(cues, shots, {
    frameMs: framesToMs(1, frameRate(rate)),
    gapMs: gapAtRate(limits.minGapFrames, rate),
    rules: limits.shotChanges,
  });
}
