import { DEFAULT_FRAME_RATE } from "@verbatim/contract";
import type { ExportQuery } from "@verbatim/contract/api";
import {
  CjkFontMissingError,
  Iso6937Error,
  storedFrameRate,
  writeExport,
  type ExportFile,
} from "@verbatim/formats";
import { withTranslations, type Cue } from "@verbatim/subtitles";
import type { z } from "zod";
import { fail } from "../http/app-error.js";
import { rowCues, rowOptions, rowSpeakers, type TranscriptionRow } from "../jobs/job-row.js";

/**
 * A completed transcription in an export format (409 NOT_COMPLETED before): its stored cues,
 * speakers, language and length, the frame rate asked for or else the uploaded video's (else
 * 25), its style preset for ASS, and for a bilingual transcription (or one exported with a
 * translation track) the track asked for. 422 EXPORT_TEXT_UNSUPPORTED when the format cannot hold the
 * text (EBU-STL and Chinese), 503 EXPORT_FONT_MISSING when the PDF's font is not installed.
 */
/** A translation track to export with the transcription (`language=CODE`). */
export interface TranslationTrack {
  /** BCP-47. */
  language: string;
  /** Its cues, at the times of the transcription cues they translate. */
  cues: Cue[];
}

export async function exportTranscription(
  row: TranscriptionRow,
  query: z.output<typeof ExportQuery>,
  accountLocale: string,
  /** A translation track (docs/translation.md): it becomes the cues' `translation`, labelled with its language. */
  translation?: TranslationTrack,
): Promise<ExportFile> {
  if (row.status !== "completed") {
    fail("NOT_COMPLETED");
  }
  const speakers = rowSpeakers(row)?.map(({ id, name }) => ({ id, name }));
  try {
    return await writeExport(query.format, {
      transcript: {
        language: row.language,
        duration: row.duration_ms,
        cues: translation ? withTranslations(rowCues(row), translation.cues) : rowCues(row),
        ...(speakers ? { speakers } : {}),
      },
      title: row.file_name,
      mediaFileName: row.media_file_name ?? row.file_name,
      createdAt: new Date(row.created_at),
      locale: query.lang ?? accountLocale,
      speakerNames: query.speakerNames,
      frameRate: query.fps ?? storedFrameRate(row.video_frame_rate) ?? DEFAULT_FRAME_RATE,
      style: rowOptions(row).style,
      timecodes: query.timecodes,
      timestamps: query.timestamps,
      karaoke: query.karaoke,
      track: query.track,
      translationLanguage: translation?.language,
    });
  } catch (error) {
    if (error instanceof Iso6937Error) {
      fail("EXPORT_TEXT_UNSUPPORTED", { character: error.character });
    }
    if (error instanceof CjkFontMissingError) {
      fail("EXPORT_FONT_MISSING");
    }
    throw error;
  }
}
