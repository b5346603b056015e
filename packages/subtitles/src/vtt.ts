import type { Cue } from "./cue.js";
import { numberCues, readTimedBlock, splitBlocks, textForBlock } from "./cue-blocks.js";
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

/** Writes WebVTT: the `WEBVTT` header, then cues with `.` before milliseconds. */
export function writeVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue) => {
    const timing = `${formatTimecode(cue.start, ".")} --> ${formatTimecode(cue.end, ".")}`;
    return `${timing}\n${escapeCueText(textForBlock(cue.text))}`;
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
