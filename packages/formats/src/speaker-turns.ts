import { cuesWithText, joinLines, type Cue } from "@verbatim/subtitles";
import { cueTranslation } from "./bilingual-track.js";

/** Consecutive cues of one speaker, as one paragraph of a transcript. */
export interface SpeakerTurn {
  /** The speaker's id; undefined when the cues carry none. */
  speaker: string | undefined;
  start: number;
  end: number;
  /** The cues' text as running text (lines joined as the language joins them). */
  text: string;
  /** A bilingual transcript: the cues' translations as running text; undefined without. */
  translation: string | undefined;
}

/**
 * A transcript's paragraphs: consecutive cues of one speaker joined into one turn (empty cues
 * left out). Without speakers, a new paragraph starts after a pause of `pauseMs` or more, so a
 * long monologue is not one block.
 */
export function speakerTurns(cues: readonly Cue[], pauseMs = 2000): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  for (const cue of cuesWithText(cues)) {
    const last = turns.at(-1);
    const sameSpeaker = last !== undefined && last.speaker === cue.speaker;
    const pause =
      last !== undefined && cue.speaker === undefined && cue.start - last.end >= pauseMs;
    if (last && sameSpeaker && !pause) {
      last.text = joinLines(`${last.text}\n${cue.text}`);
      last.end = Math.max(last.end, cue.end);
      last.translation = joinTranslations(last.translation, cueTranslation(cue));
    } else {
      turns.push({
        speaker: cue.speaker,
        start: cue.start,
        end: cue.end,
        text: joinLines(cue.text),
        translation: cueTranslation(cue),
      });
    }
  }
  return turns;
}

function joinTranslations(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : `${a} ${b}`;
}
