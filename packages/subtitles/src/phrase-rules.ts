import { breaksAnywhere } from "./cjk.js";
import { CJK_WORDS, functionWordsFor, NUMBER_UNITS } from "./function-words.js";

/** How badly a break between two words splits a phrase, in the units line and cue planning use. */
export const PHRASE_BREAK_COST = {
  /** A phrase ends here: after punctuation, or before a function word ("woodcutters / of"). */
  none: 0,
  /** Two content words that may belong to one phrase or compound ("printed / book", "人工|智能"). */
  inside: 1,
  /** A function word left dangling, a name or a number and its unit torn apart. */
  phrase: 2,
} as const;

const HAN_WORD = /^\p{Script=Han}{2,}$/u;
const HIRAGANA_WORD = /^\p{Script=Hiragana}{1,4}$/u;
const OPENERS = /^[\p{Ps}\p{Pi}"'¿¡]+/u;
const CLOSERS = /[\p{Pe}\p{Pf}\p{Po}"']+$/u;
const CAPITALISED = /^\p{Lu}/u;
const NUMBER = /^[$€£¥]?[+-]?\d[\d.,]*$/u;

/**
 * How badly breaking a line or cue between two adjacent words splits a phrase (see
 * PHRASE_BREAK_COST): a function word left at the end ("of / the"), a name ("John / Smith"),
 * a number and its unit ("15 / km"); in Chinese and Japanese a particle starting the next
 * line, a preposition ending this one, or two content words that may form a compound.
 * Punctuation after the first word ends the phrase, so the break costs nothing.
 */
export function phraseBreakCost(before: string, after: string, language?: string | null): number {
  const left = before.trim();
  const right = after.trim();
  const last = Array.from(left).at(-1) ?? "";
  const first = Array.from(right)[0] ?? "";
  if (left === "" || right === "") return PHRASE_BREAK_COST.none;
  if (breaksAnywhere(last) || breaksAnywhere(first)) return cjkBreakCost(left, right);
  return spacedBreakCost(left, right, language);
}

/** Whether a line beginning with this word begins a clause ("and", "which", "但是"). */
export function startsClause(word: string, language?: string | null): boolean {
  const bare = word.trim().replace(OPENERS, "").replace(CLOSERS, "");
  return (
    CJK_WORDS.clauseStarts.has(bare) ||
    functionWordsFor(language).clauseStarts.has(bare.toLowerCase())
  );
}

function spacedBreakCost(before: string, after: string, language?: string | null): number {
  const table = functionWordsFor(language);
  const left = before.replace(OPENERS, "");
  const right = after.replace(OPENERS, "");
  const next = right.toLowerCase();
  const bareNext = next.replace(CLOSERS, "");
  const word = left.toLowerCase();
  if (table.leading.has(word)) return PHRASE_BREAK_COST.phrase;
  if (!/[\p{L}\p{N}]$/u.test(left)) return PHRASE_BREAK_COST.none;
  if (table.pairs.has(`${word} ${bareNext}`)) return PHRASE_BREAK_COST.phrase;
  if (table.subjects.has(word) && !table.clauseStarts.has(bareNext)) {
    return PHRASE_BREAK_COST.phrase;
  }
  if (NUMBER.test(left) && (NUMBER_UNITS.has(next) || NUMBER_UNITS.has(bareNext))) {
    return PHRASE_BREAK_COST.phrase;
  }
  if (table.capitalisedNames && CAPITALISED.test(left) && CAPITALISED.test(right)) {
    return PHRASE_BREAK_COST.phrase;
  }
  if (table.leading.has(bareNext) || table.clauseStarts.has(bareNext)) {
    return PHRASE_BREAK_COST.none;
  }
  return PHRASE_BREAK_COST.inside;
}

function cjkBreakCost(before: string, after: string): number {
  const left = before.replace(OPENERS, "");
  const right = after.replace(CLOSERS, "");
  const last = Array.from(left).at(-1) ?? "";
  if (!breaksAnywhere(last) || /\p{P}/u.test(last)) return PHRASE_BREAK_COST.none;
  if (CJK_WORDS.leading.has(left)) return PHRASE_BREAK_COST.phrase;
  if (CJK_WORDS.trailing.has(right) || right.startsWith("的")) return PHRASE_BREAK_COST.phrase;
  if (HIRAGANA_WORD.test(right)) return PHRASE_BREAK_COST.phrase;
  if (HAN_WORD.test(left) && HAN_WORD.test(right) && !hasGrammarChar(left + right)) {
    return PHRASE_BREAK_COST.inside;
  }
  return PHRASE_BREAK_COST.none;
}

function hasGrammarChar(text: string): boolean {
  for (const ch of text) if (CJK_WORDS.grammarChars.has(ch)) return true;
  return false;
}
