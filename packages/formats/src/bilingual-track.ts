import type { ExportFormat } from "@verbatim/contract";
import {
  bilingualCues,
  DEFAULT_STYLE,
  styleLimits,
  translationTrack,
  type Cue,
  type StyleName,
  type Transcript,
} from "@verbatim/subtitles";

// A bilingual transcription (cues holding a `translation`) as every export format writes it:
// two-line cues or one language's track, chosen once here for all of them.

/** Which cues of a bilingual transcription an export writes (`track`). */
export type ExportTrack = "both" | "original" | "translation";

/** The language of a bilingual transcription's translation (Whisper's translate task). */
export const TRANSLATION_LANGUAGE = "en";

/**
 * Formats that show a cue as lines on screen: `both` writes two-line cues there (the original
 * over the English). Every other format keeps the two languages apart — each cue keeps its
 * `translation`, written as a line, column, tier or field of its own.
 */
const ON_SCREEN_FORMATS: ReadonlySet<ExportFormat> = new Set<ExportFormat>([
  "srt",
  "vtt",
  "ass",
  "sbv",
  "stl",
]);

/** True where the transcript's cues hold a translation. */
export function isBilingual(cues: readonly Cue[]): boolean {
  return cues.some((cue) => cue.translation !== undefined);
}

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
  translationLanguage: string = TRANSLATION_LANGUAGE,
): Cue[] {
  if (!isBilingual(cues)) return [...cues];
  if (track === "original") return cues.map(({ translation: _translation, ...cue }) => cue);
  if (track === "translation") return translationTrack(cues);
  const original = styleLimits(style, language);
  const translated = styleLimits(style, translationLanguage);
  return bilingualCues(cues, {
    original: { maxCharsPerLine: original.maxCharsPerLine, maxLines: 1, language },
    translation: {
      maxCharsPerLine: translated.maxCharsPerLine,
      maxLines: 2,
      language: translationLanguage,
    },
  });
}

/**
 * The transcript a format writes, labelled with the language of what it holds: one track's
 * cues under its own language (the translation's is English), or for `both`, two-line cues in
 * on-screen formats and, elsewhere, the cues with their `translation` kept apart.
 */
export function exportedTranscript(
  transcript: Transcript,
  track: ExportTrack,
  format: ExportFormat,
  style: StyleName = DEFAULT_STYLE,
  translationLanguage: string = TRANSLATION_LANGUAGE,
): Transcript {
  const { cues, language } = transcript;
  if (!isBilingual(cues)) return transcript;
  if (track === "translation") {
    return { ...transcript, language: translationLanguage, cues: translationTrack(cues) };
  }
  if (track === "both" && !ON_SCREEN_FORMATS.has(format)) return transcript;
  return {
    ...transcript,
    cues: exportedCues(cues, track, language, style, translationLanguage),
  };
}

/** A cue's translation as running text; undefined where it has none. */
export function cueTranslation(cue: Cue): string | undefined {
  const text = cue.translation?.replace(/\s+/g, " ").trim();
  return text === undefined || text === "" ? undefined : text;
}
