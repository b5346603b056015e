import {
  breaksAnywhere,
  canBreakBetween,
  displayLength,
  isCjkText,
  isNoLineStart,
  splitAtBreaks,
  type Word,
} from "@verbatim/subtitles";
import {
  LONG_PAUSE_MS,
  SPLIT_PRIORITY,
  splitPriorityAfter,
  type SplitPriority,
} from "./split-priority.js";
import { joinWordPieces, type WordUnitOptions } from "./word-units.js";

/** A transcribed segment: times in ms, with word timings when the model gave them. */
export interface TimedSegment {
  start: number;
  end: number;
  text: string;
  words?: Word[];
  /** The speaker's id when the audio was diarized; a segment holds one speaker. */
  speaker?: string;
}

/**
 * The smallest piece a cue is built from: a word, or words that must stay together (a
 * word and the punctuation after it). Pieces of a segment without word timings get a
 * share of its time proportional to their length, and no words.
 */
export interface SpeechUnit {
  /** Text as it joins the previous unit: with its leading space in spaced scripts. */
  text: string;
  start: number;
  end: number;
  /** The model's words in this unit, unchanged; empty when timed from text. */
  words: Word[];
  /** How good a cue end right after this unit is. */
  splitAfter: SplitPriority;
  /** Whether a cue must end after this unit (a long silence, or another speaker next). */
  mustSplitAfter: boolean;
  /** The segment's speaker, when diarized. */
  speaker?: string;
}

/**
 * Turns segments into units, marking where cues may and must end. A unit holds a whole
 * word: Chinese and Japanese text is cut only between the words Intl.Segmenter finds.
 */
export function unitsFromSegments(
  segments: readonly TimedSegment[],
  options: WordUnitOptions,
): SpeechUnit[] {
  const units: SpeechUnit[] = [];
  for (const segment of segments) {
    const own = segmentUnits(segment, options);
    if (segment.speaker !== undefined) for (const unit of own) unit.speaker = segment.speaker;
    const first = own[0];
    const previous = units.at(-1);
    if (!first) continue;
    if (previous) {
      if (needsSpaceBetween(previous.text, first.text)) first.text = ` ${first.text}`;
      // A cue never holds two speakers: the speaker's change ends it, as a long pause does.
      if (first.start - previous.end >= LONG_PAUSE_MS || previous.speaker !== first.speaker)
        previous.mustSplitAfter = true;
      else
        previous.splitAfter = Math.max(previous.splitAfter, SPLIT_PRIORITY.clause) as SplitPriority;
    }
    units.push(...own);
  }
  const last = units.at(-1);
  if (last) last.mustSplitAfter = true;
  return tidyTexts(units);
}

/**
 * Collapses whitespace so each unit's text is its visible text plus at most one leading
 * space (moved over from a trailing one), so joined units need no further cleaning.
 */
function tidyTexts(units: SpeechUnit[]): SpeechUnit[] {
  let spaceBefore = false;
  units.forEach((unit, i) => {
    const leading = i > 0 && (spaceBefore || /^\s/u.test(unit.text));
    spaceBefore = /\s$/u.test(unit.text);
    unit.text = (leading ? " " : "") + unit.text.replace(/\s+/gu, " ").trim();
  });
  return units;
}

/** Whether two segments' texts of a spaced script meet without a space ("end." + "Next"). */
function needsSpaceBetween(before: string, after: string): boolean {
  if (/\s$/u.test(before) || /^\s/u.test(after)) return false;
  const last = Array.from(before).at(-1) ?? "";
  const first = Array.from(after)[0] ?? "";
  return !breaksAnywhere(last) && !breaksAnywhere(first) && !isNoLineStart(first);
}

function segmentUnits(segment: TimedSegment, options: WordUnitOptions): SpeechUnit[] {
  const words = (segment.words ?? []).filter((word) => word.text.trim() !== "");
  const units =
    words.length > 0
      ? joinWordPieces(unitsFromWords(words), options)
      : unitsFromText(segment, options);
  units.forEach((unit, i) => {
    const next = units[i + 1];
    if (next) unit.splitAfter = splitPriorityAfter(unit.text, next.start - unit.end);
  });
  return units;
}

function unitsFromWords(words: readonly Word[]): SpeechUnit[] {
  const addSpaces = lacksSpaces(words);
  const units: SpeechUnit[] = [];
  for (const word of words) {
    const last = units.at(-1);
    const text = addSpaces && last ? ` ${word.text.trim()}` : word.text;
    const start = Math.round(word.start);
    const end = Math.max(start, Math.round(word.end));
    if (last && !startsUnit(last.text, text)) {
      last.text += text;
      last.end = Math.max(last.end, end);
      last.words.push({ ...word });
    } else {
      units.push({
        text,
        start,
        end,
        words: [{ ...word }],
        splitAfter: SPLIT_PRIORITY.word,
        mustSplitAfter: false,
      });
    }
  }
  return units;
}

/** Words of a spaced script that arrived without their spaces ("Hello", "world"). */
function lacksSpaces(words: readonly Word[]): boolean {
  if (words.length < 2 || isCjkText(words.map((word) => word.text).join(""))) return false;
  return words.every((word, i) => (i === 0 || !/^\s/u.test(word.text)) && !/\s$/u.test(word.text));
}

function startsUnit(previousText: string, text: string): boolean {
  const first = Array.from(text.trimStart())[0] ?? "";
  if (/^\s/u.test(text) || /\s$/u.test(previousText)) return !isNoLineStart(first);
  return canBreakBetween(Array.from(previousText).at(-1) ?? "", first);
}

/** Splits a segment's text where lines may break, timing pieces by their length. */
function unitsFromText(segment: TimedSegment, options: WordUnitOptions): SpeechUnit[] {
  const pieces = splitAtBreaks(segment.text, options.language, options.cjkMaxCharsPerLine);
  const lengths = pieces.map((piece) => displayLength(piece.trim()));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const start = Math.round(segment.start);
  const span = Math.max(0, Math.round(segment.end) - start);
  let done = 0;
  return pieces.map((text, i) => {
    const from = start + Math.round((span * done) / total);
    done += lengths[i] ?? 0;
    const to = start + Math.round((span * done) / total);
    return {
      text,
      start: from,
      end: to,
      words: [],
      splitAfter: SPLIT_PRIORITY.word,
      mustSplitAfter: false,
    };
  });
}
