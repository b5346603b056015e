import { normalizeNewlines } from "../cue-blocks.js";
import { untimedCues, type ImportedCues } from "./imported-cues.js";

/**
 * A plain-text script: one cue per paragraph (paragraphs separated by blank lines; the lines of
 * a paragraph kept as its lines), untimed.
 */
export function importPlainText(text: string): ImportedCues {
  return { cues: untimedCues(paragraphsOf(text)), timed: false };
}

/** The paragraphs of a text: blank lines between them, each line trimmed. */
export function paragraphsOf(text: string): string[] {
  return normalizeNewlines(text)
    .split(/\n[^\S\n]*\n/u)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "")
        .join("\n"),
    )
    .filter((paragraph) => paragraph !== "");
}
