import type { Speaker, Word } from "@verbatim/subtitles";
import { retimeCues, type Retiming } from "@verbatim/subtitles/retime";
import type { ImportedSubtitles } from "@verbatim/subtitles/import";
import {
  transcribeFile,
  type TranscribeHooks,
  type TranscribeRequest,
  type Transcription,
} from "./transcribe-file.js";

/** A re-timed script: the imported cues with times from the speech, and the transcription used. */
export interface RetimedSubtitles extends Retiming {
  /** The imported file's speakers, kept on its cues. */
  speakers?: Speaker[];
  transcription: Transcription;
}

/**
 * Re-times imported subtitles (or an untimed script) to a media file: transcribes it with word
 * timings, then aligns the imported words to the recognised ones (retimeCues). The imported
 * text is kept exactly; where script and speech disagree is reported.
 */
export async function retimeFile(
  request: TranscribeRequest,
  imported: Pick<ImportedSubtitles, "cues" | "speakers">,
  hooks: TranscribeHooks = {},
): Promise<RetimedSubtitles> {
  const transcription = await transcribeFile({ ...request, wordTimestamps: true }, hooks);
  const retiming = retimeCues(imported.cues, recognisedWords(transcription), {
    durationMs: transcription.durationMs,
  });
  return {
    ...retiming,
    ...(imported.speakers ? { speakers: imported.speakers } : {}),
    transcription,
  };
}

/** The recognised words in order; a segment without word timings counts as one word. */
export function recognisedWords(transcription: Pick<Transcription, "segments">): Word[] {
  return transcription.segments.flatMap((segment) =>
    segment.words && segment.words.length > 0
      ? segment.words
      : [{ text: segment.text, start: segment.start, end: segment.end }],
  );
}
