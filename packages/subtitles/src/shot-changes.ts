// Timing subtitles to shot changes (hard cuts), the one owner of the rules. Netflix Timed Text
// Style Guide (General Requirements, "Shot changes"): a subtitle should not cross a shot change
// by a few frames; an in-time within 12 frames of a shot change moves to it; an out-time within
// 12 frames of one ends 2 frames before it. BBC Subtitle Guidelines ("Shot changes") ask the
// same: do not leave a subtitle hanging over a cut, nor start one just before it. The numbers
// are the preset's (style-presets.ts).

/** How close to a shot change a cue's edges are moved to it, in frames. */
export interface ShotChangeRules {
  /** An in-time this many frames or fewer from a shot change starts at it (12). */
  inFrames: number;
  /** An out-time this many frames or fewer from a shot change is moved next to it (12). */
  outFrames: number;
  /** Frames between an out-time and the shot change it is moved to (2). */
  outGapFrames: number;
}

/** The guides' numbers: 12 frames either way, out-times 2 frames before the cut. */
export const DEFAULT_SHOT_CHANGE_RULES: Readonly<ShotChangeRules> = {
  inFrames: 12,
  outFrames: 12,
  outGapFrames: 2,
};

export interface SnapOptions {
  /** One frame of the video, in ms (40 at 25 fps). */
  frameMs: number;
  /** The minimum gap between cues (ms) that a moved edge must still keep. */
  gapMs: number;
  rules?: ShotChangeRules;
}

/**
 * Cues (in time order) with their edges moved to the shot changes (ms, in order) near them: an
 * in-time to the change itself, an out-time `outGapFrames` before it. A move that would overlap a
 * neighbour (closer than the minimum gap) or leave a cue under a frame long is not made. The same
 * array when nothing moves; new objects only for the cues that do.
 */
export function snapToShotChanges<T extends { start: number; end: number }>(
  cues: readonly T[],
  shotChanges: readonly number[],
  options: SnapOptions,
): T[] {
  if (shotChanges.length === 0) return cues as T[];
  const rules = options.rules ?? DEFAULT_SHOT_CHANGE_RULES;
  const inReach = rules.inFrames * options.frameMs + 0.5;
  const outReach = rules.outFrames * options.frameMs + 0.5;
  const outGap = Math.ceil(rules.outGapFrames * options.frameMs - 1e-6);
  let changed = false;
  const result: T[] = [];
  for (const [i, cue] of cues.entries()) {
    const previousEnd = result[i - 1]?.end ?? Number.NEGATIVE_INFINITY;
    const nextStart = cues[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    let { start, end } = cue;
    const inChange = nearest(shotChanges, start, inReach);
    if (inChange !== null && inChange >= previousEnd + options.gapMs && inChange < end) {
      start = inChange;
    }
    const outChange = nearest(shotChanges, end, outReach);
    if (outChange !== null) {
      const moved = outChange - outGap;
      if (moved - start >= options.frameMs && moved <= nextStart - options.gapMs) end = moved;
    }
    if (start !== cue.start || end !== cue.end) {
      changed = true;
      result.push({ ...cue, start, end });
    } else result.push(cue);
  }
  return changed ? result : (cues as T[]);
}

/** The shot change nearest `ms` within `reach` ms of it, or null (binary search). */
function nearest(changes: readonly number[], ms: number, reach: number): number | null {
  let low = 0;
  let high = changes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (changes[middle]! < ms) low = middle + 1;
    else high = middle;
  }
  let best: number | null = null;
  for (const candidate of [changes[low - 1], changes[low]]) {
    if (candidate === undefined || Math.abs(candidate - ms) > reach) continue;
    if (best === null || Math.abs(candidate - ms) < Math.abs(best - ms)) best = candidate;
  }
  return best;
}
