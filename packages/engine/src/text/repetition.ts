import { deflateRawSync } from "node:zlib";

/** Normalises text for comparison: case, punctuation and spacing do not matter. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whisper's loop test: text that compresses much better than language does is repeating
 * itself (the reference implementation rejects a compression ratio above 2.4).
 */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length === 0) return 0;
  return bytes.length / deflateRawSync(bytes).length;
}

/** A piece of text the collapse works on: a word, or a character in text without spaces. */
interface TextUnit {
  text: string;
  /** Where it starts in the trimmed text (UTF-16 offset). */
  offset: number;
}

/** What collapsing left of a text: the text, and which stretches of the trimmed text it kept. */
export interface CollapsedText {
  text: string;
  /** The kept units' [start, end) offsets in the trimmed text, in order. */
  kept: { start: number; end: number }[];
}

/**
 * Collapses a phrase said three or more times in a row to one occurrence:
 * "thank you thank you thank you" → "thank you". Works on words, or on characters for
 * text without spaces (Chinese, Japanese).
 */
export function collapseRepeatedPhrases(text: string, minRepeats = 3): string {
  return collapseRepeats(text, minRepeats).text;
}

/** collapseRepeatedPhrases, also saying which stretches of the trimmed text were kept. */
export function collapseRepeats(text: string, minRepeats = 3): CollapsedText {
  const trimmed = text.trim();
  const spaced = /\s/.test(trimmed);
  const units: TextUnit[] = spaced
    ? Array.from(trimmed.matchAll(/\S+/gu), (match) => ({ text: match[0], offset: match.index }))
    : unitsOfCharacters(trimmed);
  const key = (unit: TextUnit) => normalise(unit.text);
  const out: TextUnit[] = [];
  let i = 0;
  while (i < units.length) {
    let collapsed = false;
    // Shortest phrase first (the loop's real period); in text without spaces at least two
    // characters, because doubled characters are words there ("謝謝", "哈哈").
    for (let size = spaced ? 1 : 2; size <= Math.floor((units.length - i) / minRepeats); size++) {
      const phrase = units
        .slice(i, i + size)
        .map(key)
        .join(" ");
      if (phrase === "") continue;
      let repeats = 1;
      while (
        units
          .slice(i + repeats * size, i + (repeats + 1) * size)
          .map(key)
          .join(" ") === phrase
      ) {
        repeats++;
      }
      if (repeats >= minRepeats) {
        out.push(...units.slice(i, i + size));
        i += repeats * size;
        collapsed = true;
        break;
      }
    }
    if (!collapsed) out.push(units[i++]!);
  }
  return {
    text: out.map((unit) => unit.text).join(spaced ? " " : ""),
    kept: out.map((unit) => ({ start: unit.offset, end: unit.offset + unit.text.length })),
  };
}

function unitsOfCharacters(text: string): TextUnit[] {
  const units: TextUnit[] = [];
  let offset = 0;
  for (const character of text) {
    units.push({ text: character, offset });
    offset += character.length;
  }
  return units;
}

/**
 * The timed words of a segment whose text the guard collapsed to `collapsed`: the words that
 * lie inside the stretches collapsing kept. Undefined when they do not spell the collapsed text
 * exactly (a word cut in two by the collapse, or words that never spelled the text), because
 * cues are built from the words and must not lose or gain text.
 */
export function wordsAfterCollapse<W extends { text: string }>(
  words: readonly W[],
  original: string,
  collapsed: string,
): W[] | undefined {
  const { text, kept: units } = collapseRepeats(original);
  if (text !== collapsed) return undefined;
  // Adjacent kept characters make one stretch, so a word of several of them fits inside.
  const kept: { start: number; end: number }[] = [];
  for (const unit of units) {
    const last = kept[kept.length - 1];
    if (last && last.end === unit.start) last.end = unit.end;
    else kept.push({ ...unit });
  }
  const joined = words.map((word) => word.text).join("");
  if (joined.trim() !== original.trim()) return undefined;
  const lead = joined.length - joined.trimStart().length;
  const inside: W[] = [];
  let offset = -lead;
  for (const word of words) {
    const start = offset + (word.text.length - word.text.trimStart().length);
    const end = offset + word.text.trimEnd().length;
    offset += word.text.length;
    if (end <= start) continue;
    if (kept.some((range) => range.start <= start && end <= range.end)) inside.push(word);
  }
  const spelled = (value: string) => value.replace(/\s+/gu, " ").trim();
  return spelled(inside.map((word) => word.text).join("")) === spelled(collapsed)
    ? inside
    : undefined;
}

/** Tracks recent segments to drop ones that repeat earlier text (a decoder loop). */
export class RepetitionGuard {
  private readonly recent: string[] = [];
  private looping = false;

  constructor(private readonly window = 4) {}

  /**
   * Returns the text to keep for a segment, or null to drop it: an exact repeat of a recent
   * segment, or text whose compression ratio shows a loop even after collapsing phrases.
   */
  accept(text: string): string | null {
    const collapsed = collapseRepeatedPhrases(text);
    const key = normalise(collapsed);
    if (key === "") return null;
    const repeated = this.recent.includes(key) || compressionRatio(collapsed) > 2.4;
    this.looping ||= repeated || collapsed.length < text.trim().length * 0.6;
    if (repeated) return null;
    this.recent.push(key);
    if (this.recent.length > this.window) this.recent.shift();
    return collapsed;
  }

  /** Whether a loop was seen since the last reset: the next chunk should then start fresh. */
  get sawLoop(): boolean {
    return this.looping;
  }

  /** Forgets loop state (call per chunk; recent texts are kept across chunks). */
  resetLoopFlag(): void {
    this.looping = false;
  }
}
