import type { Cue, Speaker } from "./cue.js";
import { numberCues, readTimedBlock, splitBlocks, textForBlock } from "./cue-blocks.js";
import { cuesWithText } from "./empty-cues.js";
import { speakerDisplayName, speakersFromNames, type SpeakerOutput } from "./speaker-names.js";
import { formatTimecode } from "./timecode.js";

const SKIPPED_BLOCK = /^\s*(?:NOTE|STYLE|REGION)(?:\s|$)/;
const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  lrm: "\u200E",
  rlm: "\u200F",
};

/**
 * Writes WebVTT: the `WEBVTT` header, then cues with `.` before milliseconds. A cue with a
 * speaker opens with a voice span, `<v Name>`, which runs to the cue's end (players show or
 * style the name; the spec lets the end tag be left out). Empty cues are left out.
 */
export function writeVtt(cues: readonly Cue[], output: SpeakerOutput = {}): string {
  const blocks = cuesWithText(cues).map((cue) => {
    const timing = `${formatTimecode(cue.start, ".")} --> ${formatTimecode(cue.end, ".")}`;
    const voice =
      cue.speaker !== undefined && output.speakerNames !== false
        ? `<v ${escapeCueText(speakerDisplayName(cue.speaker, output))}>`
        : "";
    return `${timing}\n${voice}${escapeCueText(textForBlock(cue.text))}`;
  });
  return `${["WEBVTT", ...blocks].join("\n\n")}\n`;
}

/**
 * Reads WebVTT: skips the header and NOTE, STYLE and REGION blocks; accepts cue identifiers,
 * cue settings after the times and times without hours; drops markup tags such as `<v Bob>`.
 */
export function readVtt(text: string): Cue[] {
  const blocks = splitBlocks(text).filter((block) => !SKIPPED_BLOCK.test(block[0] ?? ""));
  const items = blocks
    .flatMap(readTimedBlock)
    .map((item) => ({ ...item, text: plainText(item.text) }));
  return numberCues(items);
}

/**
 * A voice start tag: `<v` with optional classes (`<v.loud`), whitespace, then the annotation
 * (the speaker's name, entities escaped) up to `>`.
 */
const VOICE_TAG = /<v(?:\.[^\s>]*)?[ \t\f]+([^>\n]*)>/;

/**
 * Reads WebVTT as readVtt does, and each cue's voice span (`<v Name>`) as its speaker: the
 * speakers are listed in order of first appearance, "Speaker N" read back as unnamed speaker
 * N. A cue with two voices takes the first (a cue holds one speaker).
 */
export function readVttWithSpeakers(text: string): { cues: Cue[]; speakers: Speaker[] } {
  const blocks = splitBlocks(text).filter((block) => !SKIPPED_BLOCK.test(block[0] ?? ""));
  const items = blocks.flatMap(readTimedBlock);
  const names = items.map((item) => {
    const annotation = VOICE_TAG.exec(item.text)?.[1];
    const name = annotation === undefined ? "" : plainText(annotation).replace(/\s+/gu, " ");
    return name === "" ? null : name;
  });
  const { speakers, idOf } = speakersFromNames(names.filter((name) => name !== null));
  const cues = numberCues(items.map((item) => ({ ...item, text: plainText(item.text) })));
  return {
    speakers,
    cues: cues.map((cue, i) => {
      const name = names[i];
      return name ? { ...cue, speaker: idOf(name) } : cue;
    }),
  };
}

function escapeCueText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function plainText(text: string): string {
  return text
    .replace(/<[^>\n]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decodeEntity(entity, name))
    .trim();
}

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith("#")) {
    const code =
      name[1] === "x" || name[1] === "X"
        ? parseInt(name.slice(2), 16)
        : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return ENTITIES[name.toLowerCase()] ?? entity;
}
