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

/**
 * Collapses a phrase said three or more times in a row to one occurrence:
 * "thank you thank you thank you" → "thank you". Works on words, or on characters for
 * text without spaces (Chinese, Japanese).
 */
export function collapseRepeatedPhrases(text: string, minRepeats = 3): string {
  const spaced = /\s/.test(text.trim());
  const units = spaced ? text.trim().split(/\s+/) : Array.from(text.trim());
  const key = (unit: string) => normalise(unit);
  const out: string[] = [];
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
  return out.join(spaced ? " " : "");
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
