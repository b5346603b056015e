import type { Cue } from "@verbatim/subtitles";

/** A stretch of one speaker's speech, in milliseconds. */
export interface Turn {
  start: number;
  end: number;
}

/** Cues of one speaker this close together are one turn (a breath between subtitles). */
const SAME_TURN_GAP_MS = 1_000;

/**
 * The speaker's longest turns, longest first, cut to `maxTotalMs` together: where a saved voice
 * is taken from (long stretches of one voice make a steadier embedding than many short ones).
 * Consecutive cues of the speaker, no other speaker between and at most a second apart, form
 * one turn.
 */
export function longestTurns(
  cues: readonly Cue[],
  speakerId: string,
  { count, maxTotalMs }: { count: number; maxTotalMs: number },
): Turn[] {
  const turns: Turn[] = [];
  let current: Turn | null = null;
  for (const cue of [...cues].sort((a, b) => a.start - b.start)) {
    if (cue.speaker !== speakerId) {
      current = null;
      continue;
    }
    if (current && cue.start - current.end <= SAME_TURN_GAP_MS) {
      current.end = Math.max(current.end, cue.end);
    } else {
      current = { start: cue.start, end: cue.end };
      turns.push(current);
    }
  }
  const chosen: Turn[] = [];
  let total = 0;
  for (const turn of turns.sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (chosen.length >= count || total >= maxTotalMs) break;
    const end = Math.min(turn.end, turn.start + (maxTotalMs - total));
    if (end <= turn.start) continue;
    chosen.push({ start: turn.start, end });
    total += end - turn.start;
  }
  return chosen;
}

/** The mean direction of several embeddings of one voice (each scaled to length 1 first). */
export function meanEmbedding(embeddings: readonly number[][]): number[] {
  const first = embeddings[0];
  if (!first) throw new Error("meanEmbedding needs at least one embedding");
  const sum = new Array<number>(first.length).fill(0);
  for (const embedding of embeddings) {
    if (embedding.length !== first.length) throw new Error("embeddings differ in length");
    const norm = Math.hypot(...embedding) || 1;
    embedding.forEach((value, i) => (sum[i] = (sum[i] ?? 0) + value / norm));
  }
  const norm = Math.hypot(...sum) || 1;
  return sum.map((value) => value / norm);
}
