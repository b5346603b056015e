import type { ExportFormat } from "@verbatim/contract/api";
import {
  writeJson,
  writeSrt,
  writeTxt,
  writeVtt,
  type Cue,
  type SpeakerOutput,
} from "@verbatim/subtitles";
import { rowCues, rowSpeakers, type TranscriptionRow } from "../jobs/job-row.js";

// The download formats of a completed transcription, one renderer each: the single download
// (GET /api/transcriptions/{id}/export) and the ZIP of many (POST /api/exports) both render
// through renderExport, so a format added to the contract's EXPORT_FORMATS and here appears
// in both.

/** What a format's file needs besides the cues. */
interface ExportContext {
  row: Pick<TranscriptionRow, "language" | "duration_ms">;
  cues: Cue[];
  output: SpeakerOutput;
}

interface ExportWriter {
  /** The file's text. */
  write(context: ExportContext): string;
  /** Its Content-Type. */
  type: string;
}

const EXPORT_WRITERS: Record<ExportFormat, ExportWriter> = {
  srt: {
    write: ({ cues, output }) => writeSrt(cues, output),
    type: "application/x-subrip; charset=utf-8",
  },
  vtt: { write: ({ cues, output }) => writeVtt(cues, output), type: "text/vtt; charset=utf-8" },
  txt: {
    // A text file ends with a newline (cat, wc -l and diff expect it).
    write: ({ cues, output }) => `${writeTxt(cues, output)}\n`,
    type: "text/plain; charset=utf-8",
  },
  json: {
    // JSON always lists the speakers (speakerNames is for the text formats).
    write: ({ row, cues, output }) =>
      writeJson(
        {
          language: row.language,
          duration: row.duration_ms,
          cues,
          ...(output.speakers ? { speakers: [...output.speakers] } : {}),
        },
        { locale: output.locale },
      ),
    type: "application/json; charset=utf-8",
  },
};

/** How the user asked for the files: speakers' names in the text formats, and their language. */
export interface ExportChoices {
  speakerNames: boolean;
  locale: "en" | "zh-HK";
}

/** A completed transcription as a file in `format`: its text and Content-Type. */
export function renderExport(
  row: Pick<TranscriptionRow, "language" | "duration_ms" | "cues_json" | "speakers_json">,
  format: ExportFormat,
  { speakerNames, locale }: ExportChoices,
): { body: string; type: string } {
  const speakers = rowSpeakers(row)?.map(({ id, name }) => ({ id, name }));
  const writer = EXPORT_WRITERS[format];
  return {
    body: writer.write({ row, cues: rowCues(row), output: { speakers, locale, speakerNames } }),
    type: writer.type,
  };
}
