// A glossary: names and terms the user fixed — kept as they are ("Verbatim" stays "Verbatim")
// or translated as the user says ("minute ledger" → "分鐘帳"). Applied before (the prompt lists
// the terms that occur in the text sent) and checked after (a cue whose source has a term and
// whose translation lacks the user's rendering is flagged, never silently changed).

/** One term and how it is written in the translation. */
export interface GlossaryEntry {
  /** As it appears in the source. */
  source: string;
  /** As it must appear in the translation (the same text: keep it untranslated). */
  target: string;
}

/** The most entries a glossary holds, and the longest term, in characters. */
export const MAX_GLOSSARY_ENTRIES = 200;
export const MAX_GLOSSARY_TERM_CHARS = 100;

function folded(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("en");
}

/** Whether `text` contains `term`, ignoring case and width (full-width letters match). */
export function containsTerm(text: string, term: string): boolean {
  const needle = folded(term).trim();
  return needle !== "" && folded(text).includes(needle);
}

/** The entries whose source term occurs in any of the texts. */
export function termsIn(
  glossary: readonly GlossaryEntry[],
  texts: readonly string[],
): GlossaryEntry[] {
  return glossary.filter((entry) => texts.some((text) => containsTerm(text, entry.source)));
}

/** The entries the source has and the translation does not render as the user said. */
export function missingTerms(
  glossary: readonly GlossaryEntry[],
  source: string,
  translation: string,
): GlossaryEntry[] {
  return glossary.filter(
    (entry) => containsTerm(source, entry.source) && !containsTerm(translation, entry.target),
  );
}
