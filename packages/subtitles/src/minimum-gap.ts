// The minimum gap between subtitles: the one owner of the rule. The cue builder (engine),
// re-timing, the editor's operations and the quality checks all ask here how long the gap is
// and how a pair of cues too close together is put right.
//
// Netflix Timed Text Style Guide (General Requirements, "Timing"): at least 2 frames between
// subtitles; BBC Subtitle Guidelines (section 7, "Timing"): a short gap between subtitles, so a
// viewer sees the change. The gap is counted in frames of the video, per preset.

/** Two frames: the gap the presets ask for (Netflix, BBC). */
export const DEFAULT_MIN_GAP_FRAMES = 2;

/** One frame at 23.976 fps, the longest frame of the rates subtitles are timed in. */
const SLOWEST_FRAME_MS = 1001 / 24;

/**
 * The gap in whole milliseconds for a number of frames of a given length (rounded up, so the
 * gap is never under those frames). Without a frame length (audio, an unknown rate) the
 * slowest rate's frames are used: 2 frames are then 84 ms, enough at 23.976, 24, 25, 29.97 and 30.
 */
export function minimumGapMs(frames: number, frameMs: number = SLOWEST_FRAME_MS): number {
  return Math.ceil(frames * frameMs - 1e-6);
}

/** What keeping the gap between two cues changes: the first one's end, or the second's start. */
export type GapFix = { end: number } | { nextStart: number };

/**
 * How two neighbouring cues (times in ms) keep the gap, by shortening, never lengthening: the
 * first ends a gap before the second starts (the guides' way: the out-time moves, the in-time
 * stays with the speech); when that would leave it shorter than half its length, and moving
 * the second cue's start keeps more, the second starts a gap after the first ends instead.
 * Null when the pair already keeps the gap, or when neither can be shortened (one cue inside
 * the other from the same start).
 */
export function gapFix(
  cue: { start: number; end: number },
  next: { start: number; end: number },
  gapMs: number,
): GapFix | null {
  if (next.start - cue.end >= gapMs) return null;
  const trimmedEnd = next.start - gapMs;
  const movedStart = cue.end + gapMs;
  const keptByTrim = trimmedEnd - cue.start;
  const keptByMove = next.end - movedStart;
  if (keptByTrim > 0 && (keptByTrim >= (cue.end - cue.start) / 2 || keptByTrim >= keptByMove)) {
    return { end: trimmedEnd };
  }
  if (keptByMove > 0) return { nextStart: movedStart };
  return null;
}

/**
 * Cues (in time order) with the gap kept between each pair, by gapFix; the same array when
 * nothing changes, otherwise new objects only for the cues that changed.
 */
export function keepMinimumGap<T extends { start: number; end: number }>(
  cues: readonly T[],
  gapMs: number,
): T[] {
  let result: T[] | null = null;
  for (let i = 0; i + 1 < cues.length; i += 1) {
    const list: readonly T[] = result ?? cues;
    const cue = list[i]!;
    const next = list[i + 1]!;
    const fix = gapFix(cue, next, gapMs);
    if (!fix) continue;
    result ??= [...cues];
    if ("end" in fix) result[i] = { ...cue, end: fix.end };
    else result[i + 1] = { ...next, start: fix.nextStart };
  }
  return result ?? (cues as T[]);
}
