import { breaksAnywhere } from "./cjk.js";
import { isNoLineStart } from "./line-break-rules.js";

/** How many characters a text shows: code points, so a CJK character counts once. */
export function displayLength(text: string): number {
  return Array.from(text).length;
}

/**
 * Joins a cue's lines into one, collapsing runs of whitespace: a space goes between the
 * lines of spaced scripts, nothing between CJK lines.
 */
export function joinLines(text: string): string {
  let joined = "";
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/\s+/gu, " ").trim();
    if (line === "") continue;
    if (joined === "") {
      joined = line;
      continue;
    }
    const before = Array.from(joined).at(-1) ?? "";
    const after = Array.from(line)[0] ?? "";
    const glue = (breaksAnywhere(before) && breaksAnywhere(after)) || isNoLineStart(after);
    joined += glue ? line : ` ${line}`;
  }
  return joined;
}
