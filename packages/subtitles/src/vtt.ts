import type { Cue, Speaker } from "./cue.js";
import { numberCues, readTimedBlock, splitBlocks, textForBlock } from "./cue-blocks.js";
import { cuesWithText } from "./empty-cues.js";
import { speakerDisplayName, speakersFromNames, type SpeakerOutput } from "./speaker-names.js";
import { formatTimecode } from "./timecode.js";
import {
  escapeCueText,
  placementFields,
  styledRuns,
  writeRuns,
  type CueAlign,
  type CuePosition,
  type RunWriter,
} from "./cue-styling.js";

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
 * style the name; the spec lets the end tag be left out). Styles are `<i>`, `<b>`, `<u>`; a cue
 * at the top has the setting `line:0`, one aligned left or right `align:left` or `align:right`.
 * Empty cues are left out.
 */
export function writeVtt(cues: readonly Cue[], output: SpeakerOutput = {}): string {
  const blocks = cuesWithText(cues).map((cue) => {
    const settings = [
      ...(cue.position === "top" ? ["line:0"] : []),
      ...(cue.align === "left" || cue.align === "right" ? [`align:${cue.align}`] : []),
    ];
    const timing = [
      formatTimecode(cue.start, "."),
      "-->",
      formatTimecode(cue.end, "."),
      ...settings,
    ].join(" ");
    const voice =
      cue.speaker !== undefined && output.speakerNames !== false
        ? `<v ${escapeVttText(speakerDisplayName(cue.speaker, output))}>`
        : "";
    return `${timing}\n${voice}${writeRuns(styledRuns(textForBlock(cue.text)), VTT_RUNS)}`;
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
    .map((item) => ({ ...item, text: styledText(item.text) }));
  return numberCues(items).map((cue, i) => withPlacement(cue, items[i]?.settings ?? ""));
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
  const cues = numberCues(items.map((item) => ({ ...item, text: styledText(item.text) }))).map(
    (cue, i) => withPlacement(cue, items[i]?.settings ?? ""),
  );
  return {
    speakers,
    cues: cues.map((cue, i) => {
      const name = names[i];
      return name ? { ...cue, speaker: idOf(name) } : cue;
    }),
  };
}

/** WebVTT's runs: text with `&`, `<` and `>` as entities, styles as its own tags. */
const VTT_RUNS: RunWriter = {
  escape: escapeVttText,
  open: (style) => `<${style[0]}>`,
  close: (style) => `</${style[0]}>`,
};

function escapeVttText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A style tag of WebVTT, classes allowed (`<i.loud>`). */
const STYLE_TAG = /^(\/?)([ibu])(?:\.[^\s>]*)?$/iu;

/**
 * A cue's WebVTT text as markup: `<i>`, `<b>` and `<u>` kept, other tags (voices, classes,
 * ruby, timestamps) dropped, entities read, the text escaped so "&lt;i>" stays text.
 */
function styledText(text: string): string {
  let out = "";
  let last = 0;
  const textPart = (part: string) => escapeCueText(plainText(part, false));
  for (const match of text.matchAll(/<([^>\n]*)>/gu)) {
    out += textPart(text.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = STYLE_TAG.exec((match[1] ?? "").trim());
    if (tag) out += `<${tag[1] ?? ""}${(tag[2] ?? "").toLowerCase()}>`;
  }
  out += textPart(text.slice(last));
  return out.trim();
}

/** A cue's place from its settings: `line:` from the top half is the top, `align:` its side. */
function withPlacement(cue: Cue, settings: string): Cue {
  const line = /(?:^|\s)line:(-?\d+(?:\.\d+)?)(%?)/u.exec(settings);
  let position: CuePosition | undefined;
  if (line) {
    const value = Number(line[1]);
    position = (line[2] === "%" ? value < 50 : value >= 0) ? "top" : "bottom";
  }
  const side = /(?:^|\s)align:(start|left|center|middle|end|right)\b/u.exec(settings)?.[1];
  const align: CueAlign | undefined =
    side === "start" || side === "left"
      ? "left"
      : side === "end" || side === "right"
        ? "right"
        : undefined;
  return { ...cue, ...placementFields(position, align) };
}

function plainText(text: string, trim = true): string {
  const plain = text
    .replace(/<[^>\n]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decodeEntity(entity, name));
  return trim ? plain.trim() : plain;
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
