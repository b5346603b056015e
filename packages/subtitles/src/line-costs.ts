import { punctuationBefore } from "./line-break-rules.js";
import { phraseBreakCost, startsClause } from "./phrase-rules.js";

// Costs of a way to break text into lines, in one unit. Uneven lines cost by how far each
// strays from the mean, measured in line widths: on 42-character lines, lines of 30 and 40
// characters cost 0.7, of 28 and 42 1.3, of 18 and 42 4. Splitting a phrase
// (phraseBreakCost 2) costs 5, more than any rough balance gains; ending a line at
// punctuation is worth a little less, starting it with a conjunction a little. So a rough
// balance that respects the phrasing beats a perfect one that does not.
const BALANCE_WEIGHT = 24;
const PHRASE_WEIGHT = 2.5;
const SENTENCE_BONUS = 3;
const CLAUSE_BONUS = 2.5;
const CLAUSE_START_BONUS = 0.5;

/**
 * What breaking a line between two words costs (negative: what it is worth): after a
 * sentence or clause it gains, before a conjunction a little; where it splits a phrase
 * (see phraseBreakCost) it costs.
 */
export function wordBreakCost(before: string, after: string, language?: string | null): number {
  const chars = Array.from(before.trimEnd());
  const punctuation = punctuationBefore(chars, chars.length);
  let cost = PHRASE_WEIGHT * phraseBreakCost(before, after, language);
  if (punctuation === "sentence") cost -= SENTENCE_BONUS;
  if (punctuation === "clause") cost -= CLAUSE_BONUS;
  if (startsClause(after, language)) cost -= CLAUSE_START_BONUS;
  return cost;
}

/**
 * What a line of `size` characters costs for straying from the mean length of its cue's
 * lines, on lines at most `width` characters long.
 */
export function lineBalanceCost(size: number, mean: number, width: number): number {
  return width > 0 ? BALANCE_WEIGHT * ((size - mean) / width) ** 2 : 0;
}
