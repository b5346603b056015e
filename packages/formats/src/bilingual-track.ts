import {
  bilingualCues,
  DEFAULT_STYLE,
  styleLimits,
  translationTrack,
  type Cue,
  type StyleName,
} from "@verbatim/subtitles";

// A bilingual transcription (cues holding a `translation`) as every export format writes it:
// two-line cues or one language's track, chosen once here for all of them.

/** Which cues of a bilingual transcription an export writes (`track`). */
export type ExportTrack = "both" | "original" | "translation";

/**
 * The cues an export writes. A bilingual transcription (cues with a `translation`): `both`
 * (two-line cues, the original over the English, each within its own language's line limit
 * of the job's style), or one language as its own track. Other transcriptions: their cues.
 */
export function exportedCues(
  cues: readonly Cue[],
  track: ExportTrack,
  language: string | null,
  style: StyleName = DEFAULT_STYLE,
): Cue[] {
  if (!cues.some((cue) => cue.translation !== undefined)) return [...cues];
  if (track === "original") return cues.map(({ translation: _translation, ...cue }) => cue);
  if (track === "translation") return translationTrack(cues);
  const original = styleLimits(style, language);
  const english = styleLimits(style, "en");
  return bilingualCues(cues, {
    original: { maxCharsPerLine: original.maxCharsPerLine, maxLines: 1, language },
    translation: { maxCharsPerLine: english.maxCharsPerLine, maxLines: 2, language: "en" },
  });
}
