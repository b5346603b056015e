import { DEFAULT_FRAME_RATE } from "@verbatim/contract/export-formats";
import { cueTranslation, TRANSLATION_LANGUAGE } from "./bilingual-track.js";
import { clockTime } from "./clock-time.js";
import { documentDate, documentLabels, type DocumentLabels } from "./document-labels.js";
import type { ExportInput } from "./export-input.js";
import { frameRate, smpteTimecode } from "./frame-rate.js";
import { speakerColour } from "./speaker-colours.js";
import { speakerLabel } from "./speaker-label.js";
import { speakerTurns } from "./speaker-turns.js";

/** What a DOCX or PDF transcript shows, worked out once for both. */
export interface TranscriptDocument {
  title: string;
  labels: DocumentLabels;
  /** Label and value lines under the title: date, duration, language (in words), translation. */
  facts: { label: string; value: string }[];
  /** Speakers with their colours (hex RGB), in order of first appearance; empty without. */
  speakers: { name: string; colour: string }[];
  paragraphs: {
    /** hh:mm:ss, or the SMPTE timecode when asked for. */
    time: string;
    /** The speaker's name and colour; undefined without speakers (or names turned off). */
    speaker: { name: string; colour: string } | undefined;
    text: string;
    /** A bilingual transcript: the turn's translation, a paragraph of its own. */
    translation: string | undefined;
  }[];
}

/** The document of a transcript: heading facts, speakers, a paragraph per speaker turn. */
export function transcriptDocument(input: ExportInput): TranscriptDocument {
  const labels = documentLabels(input.locale);
  const rate = frameRate(input.frameRate ?? DEFAULT_FRAME_RATE);
  const named = input.speakerNames !== false;
  const speakerOf = (id: string | undefined) =>
    id === undefined || !named
      ? undefined
      : { name: speakerLabel(id, input), colour: speakerColour(id, input.transcript.speakers) };
  const turns = speakerTurns(input.transcript.cues);
  const ids = [...new Set(turns.flatMap((turn) => turn.speaker ?? []))];
  const facts = [
    { label: labels.date, value: documentDate(input.createdAt) },
    { label: labels.duration, value: labels.length(input.transcript.duration) },
  ];
  const { language, cues } = input.transcript;
  if (language) facts.push({ label: labels.language, value: labels.languageName(language) });
  if (cues.some((cue) => cueTranslation(cue) !== undefined)) {
    facts.push({
      label: labels.translation,
      value: labels.languageName(input.translationLanguage ?? TRANSLATION_LANGUAGE),
    });
  }
  return {
    title: input.title,
    labels,
    facts,
    speakers: ids.flatMap((id) => speakerOf(id) ?? []),
    paragraphs: turns.map((turn) => ({
      time: input.timecodes ? smpteTimecode(turn.start, rate) : clockTime(turn.start),
      speaker: speakerOf(turn.speaker),
      text: turn.text,
      translation: turn.translation,
    })),
  };
}
