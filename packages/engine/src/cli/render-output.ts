import { writeJson, writeSrt, writeTxt, writeVtt } from "@verbatim/subtitles";
import type { Transcription } from "../transcribe-file.js";

/** Output formats of a transcription. */
export const OUTPUT_FORMATS = ["srt", "vtt", "txt", "json"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Renders a transcription in one of the output formats. */
export function renderTranscription(result: Transcription, format: OutputFormat): string {
  switch (format) {
    case "srt":
      return writeSrt(result.cues);
    case "vtt":
      return writeVtt(result.cues);
    case "txt":
      return writeTxt(result.cues);
    case "json":
      return writeJson({
        language: result.language,
        duration: result.durationMs,
        cues: result.cues,
      });
  }
}
