import type { Cue, Speaker } from "./cue.js";
import { numberCues, readTimedBlock, splitBlocks, textForBlock } from "./cue-blocks.js";
import { speakerDisplayName, speakersFromNames, type SpeakerOutput } from "./speaker-names.js";
import { cuesWithText } from "./empty-cues.js";
import { formatTimecode } from "./timecode.js";
import {
  keypadAlignment,
  placementFields,
  placementOfKeypad,
  styledRuns,
  writeRuns,
  type RunWriter,
} from "./cue-styling.js";

/**
 * Writes SubRip: cues numbered from 1 in the given order, a blank line between them. A cue with
 * a speaker starts with `Name: ` on its first line (SubRip has no speaker markup; this is the
 * convention subtitle editors and players show as is). Styles are `<i>`, `<b>`, `<u>`; a cue
 * placed elsewhere than bottom centre starts with `{\anN}` (N on the keypad: 8 top centre), as
 * Subtitle Edit, ffmpeg, VLC and mpv read it. Empty cues are left out.
 */
export function writeSrt(allCues: readonly Cue[], output: SpeakerOutput = {}): string {
  const cues = cuesWithText(allCues);
  if (cues.length === 0) return "";
  const blocks = cues.map((cue, i) => {
    const timing = `${formatTimecode(cue.start)} --> ${formatTimecode(cue.end)}`;
    const prefix =
      cue.speaker !== undefined && output.speakerNames !== false
        ? `${plainName(speakerDisplayName(cue.speaker, output))}: `
        : "";
    const place =
      cue.position === "top" || (cue.align !== undefined && cue.align !== "center")
        ? `{\\an${keypadAlignment(cue.position, cue.align)}}`
        : "";
    const text = writeRuns(styledRuns(textForBlock(cue.text)), SRT_RUNS);
    return `${i + 1}\n${timing}\n${safeText(place + SRT_RUNS.escape(prefix) + text)}`;
  });
  return `${blocks.join("\n\n")}\n`;
}

/** A word joiner: put after a `<` or `{` of text so that no player reads it as a tag. */
const JOINER = "\u2060";

/**
 * SubRip's runs: players read `<` before a letter or `/` as a tag and `{\` as an ASS override,
 * and SubRip has no escape, so text's `<` and `{` there are followed by a word joiner (unseen;
 * readSrt takes it off again).
 */
const SRT_RUNS: RunWriter = {
  escape: (text) =>
    text.replace(/<(?=[a-z/])/giu, `<${JOINER}`).replace(/\{(?=\\)/gu, `{${JOINER}`),
  open: (style) => `<${style[0]}>`,
  close: (style) => `</${style[0]}>`,
};

/**
 * A speaker's name as text a player shows as typed: players read `<b>`, `<i>`, `<font …>` in
 * SubRip as formatting and `{…}` as an ASS override block or a hidden comment (VLC, mpv and
 * ffmpeg's libass path alike), and SubRip has no escape for them, so the brackets become the
 * look-alike ‹ › and ( ). The cue's own text is left alone: its tags may be wanted.
 */
function plainName(name: string): string {
  return name.replace(/</g, "‹").replace(/>/g, "›").replace(/\{/g, "(").replace(/\}/g, ")");
}

/**
 * A cue's text as SubRip can hold it: no blank lines (they end a cue) and no "-->" (a player
 * reads a line with it as the timing of a new cue, so text could forge cues the user never made).
 */
function safeText(text: string): string {
  return textForBlock(text).replace(/-->/g, "->");
}

/**
 * Reads SubRip leniently: BOM, CRLF or CR line ends, missing or wrong numbers, extra blank
 * lines, `.` before milliseconds, coordinates after the times; unreadable blocks are
 * skipped and the cues renumbered from 1.
 */
export function readSrt(text: string): Cue[] {
  return numberCues(splitBlocks(text).flatMap(readTimedBlock)).map(styledSrtCue);
}

/** A leading `{\anN}`: the cue's place on the keypad. */
const KEYPAD_TAG = /^\{\\an([1-9])\}/u;

/**
 * A read cue's text as markup: a leading `{\anN}` becomes its position and alignment, `<i>`,
 * `<b>`, `<u>` stay its styles, `<font …>` (colours Verbatim does not keep) is dropped, a word
 * joiner that writeSrt put after a `<` or `{` is taken off, and "&lt;" stays text.
 */
function styledSrtCue(cue: Cue): Cue {
  const keypad = KEYPAD_TAG.exec(cue.text);
  const placement = keypad ? placementOfKeypad(Number(keypad[1])) : null;
  const text = cue.text
    .replace(KEYPAD_TAG, "")
    .replace(/<\/?font\b[^>\n]*>/giu, "")
    .replace(/&(?=(?:lt|gt|amp);)/giu, "&amp;")
    .replace(new RegExp(`<${JOINER}(?=/?[ibu]>)`, "giu"), "&lt;")
    .replace(new RegExp(`([<{])${JOINER}`, "gu"), "$1");
  return { ...cue, text, ...placementFields(placement?.position, placement?.align) };
}

/** `Name: ` at the start of a cue's first line: a name of up to 60 characters without a colon. */
const NAME_PREFIX = /^([^:：\n]{1,60}?)\s*[:：][ \t]+(?=\S)/u;

/**
 * Reads SubRip written with `Name: ` prefixes (as writeSrt writes speakers): each prefix becomes
 * the cue's speaker and is taken off its text. Opt-in, since an ordinary subtitle may start
 * with "Note: …"; "Speaker N" reads back as unnamed speaker N.
 */
export function readSrtWithSpeakers(text: string): { cues: Cue[]; speakers: Speaker[] } {
  const cues = readSrt(text);
  const names = cues.map((cue) => NAME_PREFIX.exec(cue.text)?.[1]?.trim() ?? null);
  const { speakers, idOf } = speakersFromNames(names.filter((name) => name !== null));
  return {
    speakers,
    cues: cues.map((cue, i) => {
      const name = names[i];
      if (!name) return cue;
      return { ...cue, text: cue.text.replace(NAME_PREFIX, ""), speaker: idOf(name) };
    }),
  };
}
