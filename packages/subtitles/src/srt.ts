import type { Cue, Speaker } from "./cue.js";
import { numberCues, readTimedBlock, splitBlocks, textForBlock } from "./cue-blocks.js";
import { speakerDisplayName, speakersFromNames, type SpeakerOutput } from "./speaker-names.js";
import { cuesWithText } from "./empty-cues.js";
import { formatTimecode } from "./timecode.js";

/**
 * Writes SubRip: cues numbered from 1 in the given order, a blank line between them. A cue with
 * a speaker starts with `Name: ` on its first line (SubRip has no speaker markup; this is the
 * convention subtitle editors and players show as is). Empty cues are left out.
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
    return `${i + 1}\n${timing}\n${safeText(prefix + textForBlock(cue.text))}`;
  });
  return `${blocks.join("\n\n")}\n`;
}

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
  return numberCues(splitBlocks(text).flatMap(readTimedBlock));
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
