import type { Cue } from "./cue.js";
import { breakLines, type LineLimits } from "./break-lines.js";
import { joinLines } from "./text-measure.js";

/**
 * Puts a translation's cues on the transcript's cues by time: each translated cue goes to the
 * transcript cue it overlaps most (the nearest when it overlaps none), several on one cue
 * joined in order. The transcript's cues and times are kept.
 */
export function withTranslations(cues: readonly Cue[], translated: readonly Cue[]): Cue[] {
  const parts: string[][] = cues.map(() => []);
  for (const item of translated) {
    const text = joinLines(item.text).trim();
    if (text === "" || cues.length === 0) continue;
    let best = 0;
    let bestScore = -Infinity;
    cues.forEach((cue, i) => {
      const overlap = Math.min(cue.end, item.end) - Math.max(cue.start, item.start);
      // Overlap counts first; without any, the smaller gap wins (a negative "overlap").
      if (overlap > bestScore) {
        bestScore = overlap;
        best = i;
      }
    });
    parts[best]!.push(text);
  }
  return cues.map((cue, i) => {
    const translation = parts[i]!.join(" ");
    const copy: Cue = { ...cue };
    delete copy.translation;
    return translation === "" ? copy : { ...copy, translation };
  });
}

/** Line limits of each language of a bilingual cue. */
export interface BilingualLimits {
  original: LineLimits;
  translation: LineLimits;
}

/**
 * Bilingual cues as one track: each cue's original text over its translation, each broken
 * within its own line limits (by default one line of each). The hook every subtitle writer
 * (SRT, WebVTT, ASS) takes: write the cues this returns.
 */
export function bilingualCues(cues: readonly Cue[], limits: BilingualLimits): Cue[] {
  return cues.map((cue) => {
    const original = breakLines(joinLines(cue.text), limits.original).join("\n");
    const translation =
      cue.translation === undefined || cue.translation.trim() === ""
        ? ""
        : breakLines(joinLines(cue.translation), limits.translation).join("\n");
    const copy: Cue = {
      ...cue,
      text: translation === "" ? original : `${original}\n${translation}`,
    };
    delete copy.words; // the words are the original's alone
    return copy;
  });
}

/** One language of bilingual cues as its own track: the translation's cues, or the original's. */
export function translationTrack(cues: readonly Cue[]): Cue[] {
  return cues
    .filter((cue) => cue.translation !== undefined && cue.translation.trim() !== "")
    .map(({ words: _words, translation, ...cue }, i) => ({
      ...cue,
      index: i + 1,
      text: translation ?? "",
    }));
}
