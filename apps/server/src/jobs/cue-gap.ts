import { gapAtRate, storedFrameRate } from "@verbatim/formats";
import { DEFAULT_STYLE, styleLimits, type StyleName } from "@verbatim/subtitles";
import type { TranscriptionRow } from "./job-row.js";

/**
 * The least time between cues for a job (ms): its style preset's gap in frames, at the uploaded
 * video's frame rate (23.976's frames for audio). The cue builder and re-timing keep it.
 */
export function jobGapMs(
  job: Pick<TranscriptionRow, "video_frame_rate">,
  style: StyleName | undefined,
): number {
  const frames = styleLimits(style ?? DEFAULT_STYLE, null).minGapFrames;
  return gapAtRate(frames, storedFrameRate(job.video_frame_rate));
}
