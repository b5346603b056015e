import type { Misspelling } from "@verbatim/subtitles";

// Spelling for the quality checks, with nspell (a Hunspell-compatible checker, MIT) and the
// `dictionary-en` package (SCOWL's en-US Hunspell dictionary, MIT and BSD). Building the
// checker reads the whole dictionary (about 2 s on one core), so it runs in a subtitle-work
// thread (subtitle-work-thread.ts), never on the API's event loop. A language is added by
// installing its `dictionary-xx` package and a row in DICTIONARIES.

/** The dictionary of each language spelling is checked in, as its package names it. */
const DICTIONARIES: Readonly<Record<string, { name: string; load: () => Promise<Dictionary> }>> = {
  en: {
    name: "en-US",
    load: async () => (await import("dictionary-en")).default,
  },
};

interface Dictionary {
  aff: Uint8Array;
  dic: Uint8Array;
}

/** How many different misspelt words get suggestions. */
const MOST_SUGGESTED = 300;

/** Letters and the apostrophes inside a word ("don't", "Hong Kong's"); digits make no word. */
const WORD = /[\p{L}][\p{L}\p{M}'’]*/gu;

/**
 * A spelling function for a language (its base code: `en` for `en-GB`), accepting the user's own
 * words (any case); null when no dictionary for it is installed.
 */
export async function spellingFor(
  language: string | null,
  ownWords: readonly string[],
): Promise<{ dictionary: string; misspellings: (text: string) => Misspelling[] } | null> {
  const base = language?.toLowerCase().split(/[-_]/u)[0] ?? "";
  const entry = Object.hasOwn(DICTIONARIES, base) ? DICTIONARIES[base] : undefined;
  if (!entry) return null;
  const { default: nspell } = await import("nspell");
  const dictionary = await entry.load();
  const checker = nspell(Buffer.from(dictionary.aff), Buffer.from(dictionary.dic));
  const own = new Set(ownWords.map((word) => word.toLowerCase()));
  // Suggesting is the slow part (tens of ms a word): once per word, and for the first
  // MOST_SUGGESTED words only; the rest are still found.
  const suggested = new Map<string, string[]>();
  const suggestionsFor = (word: string): string[] => {
    let suggestions = suggested.get(word);
    if (!suggestions) {
      suggestions = suggested.size < MOST_SUGGESTED ? checker.suggest(word).slice(0, 5) : [];
      suggested.set(word, suggestions);
    }
    return suggestions;
  };
  const misspellings = (text: string): Misspelling[] => {
    const found: Misspelling[] = [];
    for (const match of text.matchAll(WORD)) {
      const word = match[0].replace(/['’]+$/u, "").replace(/’/gu, "'");
      if (word.length < 2 || own.has(word.toLowerCase()) || checker.correct(word)) continue;
      found.push({ word, suggestions: suggestionsFor(word) });
    }
    return found;
  };
  return { dictionary: entry.name, misspellings };
}
