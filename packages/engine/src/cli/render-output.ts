import {
  writeJson,
  writeSrt,
  writeTxt,
  writeVtt,
  type Cue,
  type Speaker,
} from "@verbatim/subtitles";

/** Output formats of a transcription. */
export const OUTPUT_FORMATS = ["srt", "vtt", "txt", "json"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** What is written out: cues, and what is known of the media and its speakers. */
export interface RenderedTranscript {
  cues: readonly Cue[];
  language: string | null;
  durationMs: number;
  speakers?: readonly Speaker[] | undefined;
}

/**
 * Renders a transcription in one of the output formats. A diarized one carries its speakers:
 * SRT `Name: ` prefixes, WebVTT voice spans, TXT speaker paragraphs, JSON speakers (an
 * unnamed speaker shows as "Speaker N"). JSON times, `duration` included, are milliseconds, as the
 * cues' own `start` and `end` are.
 */
export function renderTranscription(result: RenderedTranscript, format: OutputFormat): string {
  const speakers = result.speakers?.map(({ id, name }) => ({ id, name }));
  const naming = speakers ? { speakers } : {};
  switch (format) {
    case "srt":
      return writeSrt(result.cues, naming);
    case "vtt":
      return writeVtt(result.cues, naming);
    case "txt": {
      // A text file ends with a newline (cat, wc -l and diff expect it).
      const text = writeTxt(result.cues, naming);
      return text === "" || text.endsWith("\n") ? text : `${text}\n`;
    }
    case "json":
      return writeJson({
        language: result.language,
        duration: result.durationMs,
        cues: [...result.cues],
        ...(speakers ? { speakers } : {}),
      });
  }
}
