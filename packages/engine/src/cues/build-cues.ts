import { breakLines, isCjkText, type Cue } from "@verbatim/subtitles";
import { resolveCueOptions, type CueOptions } from "./cue-options.js";
import { settleTimings } from "./cue-timing.js";
import { groupUnits, unitPieces } from "./group-units.js";
import { unitsFromSegments, type TimedSegment } from "./speech-units.js";

/**
 * Cuts transcribed segments into readable cues. With word timings, words are grouped so
 * each cue fits its lines and duration, ending preferably at a sentence end, then a clause,
 * then a pause, never inside a word (a Chinese or Japanese one included) and not after a
 * word that leads into the next ("the", "of", "對"); lines are broken by the same rules.
 * Without word timings, segment text is split the same way and timed by length. Short or
 * fast cues are stretched into following silence, within the style preset's limits.
 */
export function buildCues(
  segments: readonly TimedSegment[],
  options: Partial<CueOptions> = {},
): Cue[] {
  const resolved = resolveCueOptions(options);
  const groups = groupUnits(unitsFromSegments(segments, resolved), resolved);
  const drafts = groups.flatMap(({ units, maxCharsPerLine }) => {
    const first = units[0];
    const last = units.at(-1);
    if (!first || !last) return [];
    const lines = breakLines(unitPieces(units), {
      maxCharsPerLine,
      maxLines: resolved.maxLines,
      language: resolved.language,
    });
    const words = units.flatMap((unit) => unit.words);
    const shown = resolved.trimLineEndPunctuation ? lines.map(trimLineEnd) : lines;
    const speaker = first.speaker;
    return [
      {
        start: first.start,
        end: last.end,
        text: shown.join("\n"),
        words,
        ...(speaker !== undefined ? { speaker } : {}),
      },
    ];
  });
  return settleTimings(drafts, resolved);
}

/** Chinese subtitles end a line without a comma or full stop (Netflix's Chinese guides). */
function trimLineEnd(line: string): string {
  return isCjkText(line) ? line.replace(/[，。、,.]+$/u, "") || line : line;
}
