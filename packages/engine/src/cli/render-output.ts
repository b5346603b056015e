import { basename } from "node:path";
import type { FrameRateName } from "@verbatim/contract/export-formats";
import type { StlInformation } from "@verbatim/formats";
import { writeExport } from "@verbatim/formats/export-formats";
import { frameRateOfVideo } from "@verbatim/formats/frame-rate";
import type { Cue, Speaker, StyleName } from "@verbatim/subtitles";
import type { Transcription } from "../transcribe-file.js";
import type { OutputFormat } from "./output-formats.js";

/**
 * What a file is written from: a local transcription, or the cues a Verbatim server sent back
 * (`verbatim watch --server`), which know nothing of the media.
 */
/** How the user asked for the files (`--fps`, `--karaoke`, `--timecodes`, `--timestamps`). */
export interface RenderOptions {
  /** The input's name, for documents' titles and editors' projects. */
  inputName: string;
  style: StyleName;
  /** Timecode rate; default the video's, else none known (writeExport counts at its default). */
  frameRate?: FrameRateName;
  karaoke?: boolean;
  timecodes?: boolean;
  timestamps?: boolean;
  /** False (`--no-speaker-names`): speaker labels left out of every format but JSON. */
  speakerNames?: boolean;
  /** The language of the cues' `translation` (`--translate-to`); absent: English. */
  translationLanguage?: string;
  /** EBU-STL: the GSI fields (`--stl-programme`, …). */
  stl?: StlInformation;
}

/** What is written out: cues, and what is known of the media and its speakers. */
export interface RenderedTranscription extends Pick<Transcription, "language" | "durationMs"> {
  cues: Cue[];
  speakers?: readonly Speaker[] | undefined;
  /** The media's facts where known (a server's answer has none). */
  media?: Pick<Transcription["media"], "videoFrameRate">;
}

/**
 * Renders a transcription in one of the output formats (the same writers as the server's
 * exports). A diarized one carries its speakers (an unnamed speaker shows as "Speaker N"). JSON
 * times, `duration` included, are milliseconds, as the cues' own `start` and `end` are.
 */
export async function renderTranscription(
  result: RenderedTranscription,
  format: OutputFormat,
  options: RenderOptions,
): Promise<string | Uint8Array> {
  const speakers = result.speakers?.map(({ id, name }) => ({ id, name }));
  const videoRate =
    result.media?.videoFrameRate == null ? null : frameRateOfVideo(result.media.videoFrameRate);
  const file = await writeExport(format, {
    transcript: {
      language: result.language,
      duration: result.durationMs,
      cues: result.cues,
      ...(speakers ? { speakers } : {}),
    },
    title: basename(options.inputName),
    createdAt: new Date(),
    // Absent when neither is known: counted at the default rate, TTML in clock times.
    frameRate: options.frameRate ?? videoRate ?? undefined,
    style: options.style,
    karaoke: options.karaoke,
    timecodes: options.timecodes,
    timestamps: options.timestamps,
    speakerNames: options.speakerNames,
    translationLanguage: options.translationLanguage,
    stl: options.stl,
  });
  return file.body;
}
