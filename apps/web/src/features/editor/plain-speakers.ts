import { cuesFromPlainText } from "@verbatim/subtitles";
import { fromPlainText, toPlainText } from "./plain-text";
import type { EditorCue } from "./types";

// Speakers in the plain view. Where the speaker changes, the paragraph starts with a line
// "Name:" (as the TXT download writes them); reading the text back, such a line — a speaker's
// shown name followed by a colon, ASCII or full-width — says who speaks from that paragraph on.
// A line with a name that is not a speaker's stays text: the plain view never invents speakers.

/** Shown name → speaker id, for the speakers of a transcription (first wins on equal names). */
export type SpeakerLabels = ReadonlyArray<readonly [name: string, id: string]>;

/** The plain view's text with a "Name:" line wherever the speaker changes. */
export function toPlainTextWithSpeakers(cues: readonly EditorCue[], labels: SpeakerLabels): string {
  const names = new Map(labels.map(([name, id]) => [id, name] as const));
  let current: string | undefined;
  return toPlainText(
    cues.map((cue) => {
      // A cue without text is not shown, so it cannot carry a label either.
      if (!cue.speaker || cue.speaker === current || cue.text.trim() === "") return cue;
      current = cue.speaker;
      const name = names.get(cue.speaker);
      return name ? { ...cue, text: `${name}:\n${cue.text}` } : cue;
    }),
  );
}

/** The speaker a label line names, or null when the line is not a label. */
function labelOf(line: string, labels: SpeakerLabels): string | null {
  const match = /^(.+?)\s*[:：]$/.exec(line.trim());
  if (!match) return null;
  return labels.find(([name]) => name === match[1])?.[1] ?? null;
}

/**
 * Reads the plain view's text back into cues (see fromPlainText for text and timing), then
 * gives each paragraph the speaker of the label line in effect there; paragraphs before any
 * label keep the speaker their cue had.
 */
export function fromPlainTextWithSpeakers(
  text: string,
  previous: readonly EditorCue[],
  nextKey: number,
  labels: SpeakerLabels,
): EditorCue[] {
  const paragraphs: string[] = [];
  const speakers: Array<string | undefined> = [];
  let current: string | undefined;
  for (const { text: paragraph } of cuesFromPlainText(text, [])) {
    const [first = "", ...rest] = paragraph.split("\n");
    const label = labelOf(first, labels);
    if (label) current = label;
    const body = label ? rest.join("\n") : paragraph;
    if (body === "") continue; // a label on its own names the next paragraph's speaker
    paragraphs.push(body);
    speakers.push(current);
  }
  const cues = fromPlainText(paragraphs.join("\n\n"), previous, nextKey);
  // fromPlainText gives one cue per paragraph, in order, and puts back the cues without text.
  let at = 0;
  return cues.map((cue) => {
    if (cue.text.trim() === "") return cue;
    const speaker = speakers[at++];
    return speaker && speaker !== cue.speaker ? { ...cue, speaker } : cue;
  });
}
