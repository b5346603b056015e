import type { ChecksResponse } from "@verbatim/contract/api";
import { gapAtRate, storedFrameRate } from "@verbatim/formats";
import { DEFAULT_STYLE, formatTimecode, styleLimits } from "@verbatim/subtitles";
import type { z } from "zod";
import { fail } from "../http/app-error.js";
import { rowCues, rowOptions, type TranscriptionRow } from "../jobs/job-row.js";
import {
  runSubtitleWork,
  SubtitleWorkLimitError,
  type SubtitleWorkLimits,
} from "../isolated/subtitle-work.js";

/** Caps for checking (at most 20,000 cues; the dictionary takes 2 s to load on an idle core). */
const CHECK_LIMITS: SubtitleWorkLimits = { heapMb: 512, timeMs: 60_000 };

/**
 * The quality checks of a completed transcription's subtitles (409 NOT_COMPLETED before):
 * against its style preset, the minimum gap at its video's frame rate, the media's length, and
 * spelling in its language where a dictionary is installed, with the user's own words. Run in a
 * subtitle-work thread (the dictionary and the cues are the user's to make big);
 * 422 CHECKS_TOO_COMPLEX past its caps.
 */
export async function checkTranscription(
  row: TranscriptionRow,
  ownWords: readonly string[],
): Promise<z.infer<typeof ChecksResponse>> {
  if (row.status !== "completed") fail("NOT_COMPLETED");
  const style = rowOptions(row).style ?? DEFAULT_STYLE;
  const frameRate = storedFrameRate(row.video_frame_rate);
  const gapMs = gapAtRate(styleLimits(style, row.language).minGapFrames, frameRate);
  try {
    const { issues, dictionary } = await runSubtitleWork(
      {
        kind: "checks",
        cues: rowCues(row),
        options: { style, language: row.language, durationMs: row.duration_ms, gapMs },
        ownWords: [...ownWords],
      },
      CHECK_LIMITS,
    );
    return {
      style,
      frameRate,
      minGapMs: gapMs,
      spelling: dictionary,
      issues: issues.map(({ cue, fix, ...issue }) => ({
        ...issue,
        subtitle: cue,
        ...(fix
          ? {
              fix: {
                ...(fix.start !== undefined ? { startTime: formatTimecode(fix.start) } : {}),
                ...(fix.end !== undefined ? { endTime: formatTimecode(fix.end) } : {}),
                ...(fix.text !== undefined ? { text: fix.text } : {}),
              },
            }
          : {}),
      })),
    };
  } catch (error) {
    if (!(error instanceof SubtitleWorkLimitError)) throw error;
    fail("CHECKS_TOO_COMPLEX", {
      heapMb: error.limits.heapMb,
      seconds: error.limits.timeMs / 1000,
    });
  }
}
