import type { FrameRateName } from "@verbatim/contract";
import type { StyleName, Transcript } from "@verbatim/subtitles";
import type { ExportTrack } from "./bilingual-track.js";

/**
 * What a broadcaster fills in an EBU-STL file's General Subtitle Information block (EBU Tech
 * 3264): each absent field is written blank, the programme title defaulting to the export's.
 */
export interface StlInformation {
  /** OPT: the original programme's title (32 characters). */
  programme?: string | undefined;
  /** OET: the original episode's title (32). */
  episode?: string | undefined;
  /** CO: the country of origin, ISO 3166-1 alpha-3 ("HKG", "GBR"). */
  country?: string | undefined;
  /** PUB: the publisher (32). */
  publisher?: string | undefined;
  /** EN: the editor's name (32). */
  editor?: string | undefined;
  /** ECD: the editor's contact details (32). */
  contact?: string | undefined;
  /** RN: the revision number, 0-99. */
  revision?: number | undefined;
}

/** What every export writer is given: the transcript and how the user asked for it. */
export interface ExportInput {
  /** Cues (with words and speakers where known), language and duration. */
  transcript: Transcript;
  /** The media's name as uploaded: the documents' title, the editors' clip and project name. */
  title: string;
  /** The media file's own name, when the title was renamed: ELAN links the media by it. */
  mediaFileName?: string | undefined;
  /** When the transcription was made (documents print it). */
  createdAt: Date;
  /** Labels' language ("en", "zh-HK"): "Speaker 1" / "講者 1", the documents' headings. */
  locale?: string | undefined;
  /** False leaves speaker names out of the text (they stay in speaker-aware structures). */
  speakerNames?: boolean | undefined;
  /**
   * Frame rate of timecoded formats: the video's or the one asked for. Absent when not known:
   * timecode is counted at DEFAULT_FRAME_RATE, and TTML has clock times unless `style` is a
   * broadcast preset (timedTextFrameRate).
   */
  frameRate?: FrameRateName | undefined;
  /** The style preset the cues were made with: the ASS default style follows it. */
  style?: StyleName | undefined;
  /** EBU-STL: the GSI block's fields a broadcaster fills in. */
  stl?: StlInformation | undefined;
  /** DOCX and PDF: an SMPTE timecode before each paragraph instead of hh:mm:ss. */
  timecodes?: boolean | undefined;
  /** TXT: each paragraph starts with `[hh:mm:ss]`, as MAXQDA and NVivo read transcripts. */
  timestamps?: boolean | undefined;
  /** ASS: karaoke `\k` tags from the words' timings. */
  karaoke?: boolean | undefined;
  /**
   * A bilingual transcription: `both` (default) two-line cues, the original over the English,
   * or one language as its own track (exportedCues). Other transcriptions ignore it.
   */
  track?: ExportTrack | undefined;
  /**
   * The language of the cues' `translation` (BCP-47): a translation track's (docs/translation.md);
   * absent, English (Whisper's translate task).
   */
  translationLanguage?: string | undefined;
}
