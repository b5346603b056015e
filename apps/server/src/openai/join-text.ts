import { breaksAnywhere } from "@verbatim/subtitles";

/**
 * Joins pieces of a transcript (segments, cue lines) as the language writes them: with a space
 * between words of spaced scripts, and without one where either side is Chinese or Japanese
 * (written without spaces; Korean keeps its spaces).
 */
export function joinText(pieces: readonly string[]): string {
  let text = "";
  for (const raw of pieces) {
    const piece = raw.trim();
    if (piece === "") continue;
    if (text === "") {
      text = piece;
      continue;
    }
    const before = Array.from(text).at(-1) ?? "";
    const after = Array.from(piece)[0] ?? "";
    text += breaksAnywhere(before) || breaksAnywhere(after) ? piece : ` ${piece}`;
  }
  return text;
}
