import type { Cue } from "./cue.js";
import { normalizeNewlines } from "./cue-blocks.js";
import { cuesWithText } from "./empty-cues.js";
import { speakerDisplayName, type SpeakerOutput } from "./speaker-names.js";
import { joinLines } from "./text-measure.js";

/** Timing given to a paragraph that has no cue at its position to borrow from. */
const DEFAULT_SPAN = { start: 0, end: 5000 } as const;

/**
 * Writes plain text: the cue texts without timings, a blank line between cues. When cues carry
 * speakers, it reads as a script instead: consecutive cues of one speaker form one paragraph
 * (their lines joined as running text) under a `Name:` line, a blank line between paragraphs.
 * Empty cues are left out. A bilingual transcript's translation follows each paragraph on a line
 * of its own.
 */
export function writeTxt(allCues: readonly Cue[], output: SpeakerOutput = {}): string {
  const cues = cuesWithText(allCues);
  if (output.speakerNames === false || !cues.some((cue) => cue.speaker !== undefined)) {
    return cues.map((cue) => withTranslation(cue.text, [cue])).join("\n\n");
  }
  const paragraphs: { speaker: string | undefined; text: string; cues: Cue[] }[] = [];
  for (const cue of cues) {
    const last = paragraphs.at(-1);
    if (last && last.speaker === cue.speaker) {
      last.text = joinLines(`${last.text}\n${cue.text}`);
      last.cues.push(cue);
    } else paragraphs.push({ speaker: cue.speaker, text: joinLines(cue.text), cues: [cue] });
  }
  return paragraphs
    .map(({ speaker, text, cues: turn }) => {
      const body = withTranslation(text, turn);
      return speaker === undefined ? body : `${speakerDisplayName(speaker, output)}:\n${body}`;
    })
    .join("\n\n");
}

/** A bilingual paragraph: its text, then its cues' translation on a line of its own. */
function withTranslation(text: string, cues: readonly Cue[]): string {
  const translation = cues
    .flatMap((cue) => cue.translation?.replace(/\s+/g, " ").trim() || [])
    .join(" ");
  return translation === "" ? text : `${text}\n${translation}`;
}

/**
 * Turns edited plain text back into cues: each paragraph (separated by blank lines) becomes
 * a cue that borrows the timing of the cue at the same position in `previous`, or 0–5000 ms
 * when there is none. Words are kept only where the text is unchanged.
 */
export function cuesFromPlainText(text: string, previous: readonly Cue[]): Cue[] {
  const paragraphs = normalizeNewlines(text)
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "")
        .join("\n"),
    )
    .filter((paragraph) => paragraph !== "");
  return paragraphs.map((paragraph, i) => {
    const source = previous[i];
    const cue: Cue = {
      index: i + 1,
      start: source?.start ?? DEFAULT_SPAN.start,
      end: source?.end ?? DEFAULT_SPAN.end,
      text: paragraph,
    };
    if (source?.words && source.text === paragraph) cue.words = source.words;
    return cue;
  });
}
