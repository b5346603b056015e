// Putting diarization's turns onto transcribed text: each word goes to the speaker whose turns
// cover most of it, and a segment is split where its words change speaker, so a segment (and so
// a cue built from it) holds one speaker.
import type { Word } from "@verbatim/subtitles";
import type { Segment } from "../pipeline/pipeline-types.js";

/** A stretch of one speaker's speech, in ms of the media. */
export interface SpeakerTurn {
  start: number;
  end: number;
  /** "S1", "S2", … */
  speaker: string;
}

/**
 * The speaker whose turns overlap [start, end) the most; with no overlap (a word the model
 * placed in a pause), the speaker of the nearest turn. Undefined only when there are no turns.
 */
export function speakerOf(
  turns: readonly SpeakerTurn[],
  start: number,
  end: number,
): string | undefined {
  const overlap = new Map<string, number>();
  let nearest: { speaker: string; distance: number } | undefined;
  for (const turn of turns) {
    const shared = Math.min(end, turn.end) - Math.max(start, turn.start);
    if (shared > 0) overlap.set(turn.speaker, (overlap.get(turn.speaker) ?? 0) + shared);
    const distance = Math.max(turn.start - end, start - turn.end, 0);
    if (!nearest || distance < nearest.distance) nearest = { speaker: turn.speaker, distance };
  }
  let best: string | undefined;
  let bestMs = 0;
  for (const [speaker, ms] of overlap) if (ms > bestMs) [best, bestMs] = [speaker, ms];
  // An instant (start == end) overlaps nothing: it takes the turn it lies in, as the nearest.
  return best ?? nearest?.speaker;
}

/** Gives every segment and word a speaker, splitting segments where the speaker changes. */
export function labelSegments(
  segments: readonly Segment[],
  turns: readonly SpeakerTurn[],
): Segment[] {
  if (turns.length === 0) return segments.map((segment) => ({ ...segment }));
  return segments.flatMap((segment) => {
    const words = segment.words ?? [];
    if (words.length === 0) {
      const speaker = speakerOf(turns, segment.start, segment.end);
      return [{ ...segment, ...(speaker ? { speaker } : {}) }];
    }
    const labelled: Word[] = words.map((word) => {
      const speaker = speakerOf(turns, word.start, word.end);
      return { ...word, ...(speaker ? { speaker } : {}) };
    });
    const runs: Word[][] = [];
    for (const word of labelled) {
      const run = runs.at(-1);
      // Punctuation-only or empty words stay with the word before them.
      if (run && (run[0]!.speaker === word.speaker || !/[\p{L}\p{N}]/u.test(word.text)))
        run.push(word.speaker === run[0]!.speaker ? word : { ...word, speaker: run[0]!.speaker! });
      else runs.push([word]);
    }
    if (runs.length === 1) return [{ ...segment, words: labelled, speaker: labelled[0]!.speaker! }];
    return runs.map((run, i) => splitPart(segment, run, runs[i + 1]?.[0]?.start, i === 0));
  });
}

function splitPart(
  segment: Segment,
  run: Word[],
  nextStart: number | undefined,
  first: boolean,
): Segment {
  const start = first ? segment.start : run[0]!.start;
  const end = nextStart === undefined ? segment.end : Math.max(start, run.at(-1)!.end);
  const tokens = segment.tokens?.filter(
    (token) =>
      token.start >= (first ? -Infinity : start) &&
      (nextStart === undefined || token.start < nextStart),
  );
  const part: Segment = {
    ...segment,
    start,
    end,
    text: run
      .map((word) => word.text)
      .join("")
      .trim(),
    words: run,
    speaker: run[0]!.speaker!,
  };
  if (tokens) part.tokens = tokens;
  return part;
}
