import { convertChineseScript } from "../chinese-script.js";
import { breaksAnywhere } from "../cjk.js";
import type { Cue, Word } from "../cue.js";

/** A unit of text the alignment compares: a word, or one character of Chinese or Japanese. */
export interface ScriptToken {
  /** What is compared: lower case, no punctuation, one Chinese script. */
  key: string;
  /** As written (for reports). */
  text: string;
  /** Index into the imported cues. */
  cue: number;
}

/** A recognised token with its time (ms). */
export interface HeardToken {
  key: string;
  text: string;
  start: number;
  end: number;
}

/** Markup a cue may hold that is not said: HTML-like tags and ASS override blocks. */
const MARKUP = /<[^>\n]*>|\{\\[^}\n]*\}/gu;
/** Letters, marks and digits: what a token keeps of a word. */
const NOT_SPOKEN = /[^\p{L}\p{M}\p{N}]/gu;

/**
 * Splits text into alignment tokens: runs of letters and digits separated by anything else are
 * words; characters written without spaces (Han, kana) are a token each. Punctuation and
 * markup are not tokens.
 */
export function tokensOf(text: string): { key: string; text: string }[] {
  const tokens: { key: string; text: string }[] = [];
  let word = "";
  const flush = () => {
    const key = keyOf(word);
    if (key !== "") tokens.push({ key, text: word });
    word = "";
  };
  for (const ch of text.replace(MARKUP, " ")) {
    if (breaksAnywhere(ch)) {
      flush();
      const key = keyOf(ch);
      if (key !== "") tokens.push({ key, text: ch });
    } else if (/[\p{L}\p{M}\p{N}'’]/u.test(ch)) {
      word += ch;
    } else {
      flush();
    }
  }
  flush();
  return tokens;
}

/** The imported cues' tokens, in order, each knowing its cue. */
export function scriptTokens(cues: readonly Pick<Cue, "text">[]): ScriptToken[] {
  return cues.flatMap((cue, index) =>
    tokensOf(cue.text).map((token) => ({ ...token, cue: index })),
  );
}

/**
 * The recognised words' tokens with times: a word of several CJK characters shares its time
 * among them evenly.
 */
export function heardTokens(words: readonly Word[]): HeardToken[] {
  return words.flatMap((word) => {
    const tokens = tokensOf(word.text);
    const span = Math.max(0, word.end - word.start);
    return tokens.map((token, i) => ({
      ...token,
      start: Math.round(word.start + (span * i) / tokens.length),
      end: Math.round(word.start + (span * (i + 1)) / tokens.length),
    }));
  });
}

const keys = new Map<string, string>();

/** The form two tokens are compared in: NFKC, lower case, no punctuation, Simplified Chinese. */
function keyOf(text: string): string {
  const known = keys.get(text);
  if (known !== undefined) return known;
  let key = text.normalize("NFKC").toLowerCase().replace(NOT_SPOKEN, "");
  // Whisper writes either script whatever the speaker's; a script in the other matches it.
  if (/\p{Script=Han}/u.test(key)) key = convertChineseScript(key, "cn");
  if (keys.size < 100_000) keys.set(text, key);
  return key;
}
