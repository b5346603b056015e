import { DEFAULT_FRAME_RATE, type ExportFormat } from "@verbatim/contract/export-formats";
import {
  DEFAULT_STYLE,
  shownCues,
  styleLimits,
  writeJson,
  writeSrt,
  writeTxt,
  writeVtt,
} from "@verbatim/subtitles";
import { assScriptFor, writeAss } from "./ass.js";
import { exportedTranscript } from "./bilingual-track.js";
import type { ExportInput } from "./export-input.js";
import { cuesOnFrames, frameRate, timedTextFrameRate } from "./frame-rate.js";
import { writeTimestampedText } from "./research-text.js";

/** A written export: its bytes (or text, UTF-8) and the media type to send it as. */
export interface ExportFile {
  body: string | Uint8Array;
  contentType: string;
}

interface FormatWriter {
  contentType: string;
  write(input: ExportInput): string | Uint8Array | Promise<string | Uint8Array>;
}

const TEXT = "; charset=utf-8";

/**
 * Every format's writer and media type: one entry per name in EXPORT_FORMATS. The subtitle
 * formats every command writes are loaded with this module; the others (documents, sheets,
 * broadcast and editing formats, with pdfkit, docx and the XML builders) on first use, so that
 * `verbatim transcribe -f srt` does not load a PDF library (issue 46: start-up cost).
 */
const WRITERS: Readonly<Record<ExportFormat, FormatWriter>> = {
  srt: {
    contentType: `application/x-subrip${TEXT}`,
    write: (input) => writeSrt(input.transcript.cues, naming(input)),
  },
  vtt: {
    contentType: `text/vtt${TEXT}`,
    write: (input) => writeVtt(input.transcript.cues, naming(input)),
  },
  txt: {
    contentType: `text/plain${TEXT}`,
    write: (input) => {
      if (input.timestamps) return writeTimestampedText(input);
      // A text file ends with a newline (cat, wc -l and diff expect it).
      const text = writeTxt(input.transcript.cues, naming(input));
      return text === "" || text.endsWith("\n") ? text : `${text}\n`;
    },
  },
  json: {
    contentType: `application/json${TEXT}`,
    write: (input) => writeJson(input.transcript, { locale: input.locale }),
  },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    write: async (input) => (await import("./docx.js")).writeDocx(input),
  },
  pdf: {
    contentType: "application/pdf",
    write: async (input) => (await import("./pdf.js")).writePdf(input),
  },
  csv: {
    contentType: `text/csv${TEXT}`,
    write: async (input) => (await import("./csv.js")).writeCsv(input),
  },
  xlsx: {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    write: async (input) => (await import("./xlsx.js")).writeXlsx(input),
  },
  ass: {
    contentType: `text/x-ssa${TEXT}`,
    write: (input) => writeAss(input.transcript.cues, assScriptFor(input)),
  },
  ttml: {
    contentType: `application/ttml+xml${TEXT}`,
    write: async (input) => (await import("./ttml.js")).writeTtml(input),
  },
  stl: {
    contentType: "application/octet-stream",
    write: async (input) => (await import("./stl.js")).writeStl(input),
  },
  sbv: {
    contentType: `text/plain${TEXT}`,
    write: async (input) => (await import("./sbv.js")).writeSbv(input),
  },
  fcpxml: {
    contentType: `application/xml${TEXT}`,
    write: async (input) => (await import("./fcpxml.js")).writeFcpxml(input),
  },
  premiere: {
    contentType: `application/xml${TEXT}`,
    write: async (input) => (await import("./premiere.js")).writePremiereXml(input),
  },
  edl: {
    contentType: `text/plain${TEXT}`,
    write: async (input) => (await import("./edl.js")).writeEdl(input),
  },
  avid: {
    contentType: `text/plain${TEXT}`,
    write: async (input) => (await import("./avid.js")).writeAvidMarkers(input),
  },
  eaf: {
    contentType: `application/xml${TEXT}`,
    write: async (input) => (await import("./eaf.js")).writeEaf(input),
  },
};

/**
 * File name extensions where they differ from the format's name (Avid's markers are text:
 * "talk.avid.txt", apart from "talk.txt"; Premiere opens ".xml": "talk.premiere.xml").
 */
const EXTENSIONS: Partial<Record<ExportFormat, string>> = {
  avid: "avid.txt",
  premiere: "premiere.xml",
};

/** The extension a format's file is saved with. */
export function exportExtension(format: ExportFormat): string {
  return EXTENSIONS[format] ?? format;
}

/**
 * Writes a transcript in a format; a bilingual transcript's cues as its `track` asks, in every
 * format alike. Errors: Iso6937Error (STL), CjkFontMissingError (PDF).
 */
export async function writeExport(format: ExportFormat, input: ExportInput): Promise<ExportFile> {
  const writer = WRITERS[format];
  let transcript = exportedTranscript(
    input.transcript,
    input.track ?? "both",
    format,
    input.style,
    input.translationLanguage,
  );
  // speakerNames=false: no format but JSON (data, which always lists them) names a speaker,
  // nor groups by one (TTML's agents, ELAN's tiers, ASS's styles, STL's colours, CSV's column).
  if (input.speakerNames === false && format !== "json") {
    transcript = {
      ...transcript,
      cues: transcript.cues.map(({ speaker: _speaker, ...cue }) => cue),
      speakers: [],
    };
  }
  // A format that cannot carry styles gets the plain text: no markup is written as text.
  if (!STYLED.has(format)) {
    transcript = { ...transcript, cues: shownCues(transcript.cues) };
  }
  // TTML is timed in frames when a rate is known or a broadcast preset made the cues.
  const rate =
    format === "ttml"
      ? timedTextFrameRate(input)
      : FRAME_BASED.has(format)
        ? frameRate(input.frameRate ?? DEFAULT_FRAME_RATE)
        : null;
  const framed = rate
    ? { ...transcript, cues: cuesOnFrames(transcript.cues, rate, gapFrames(input)) }
    : transcript;
  const body = await writer.write({ ...input, transcript: framed });
  return { body, contentType: writer.contentType };
}

/**
 * Formats that carry a cue's styles and place (cue-styling.ts); the others write its plain text.
 * JSON is data: it keeps the markup and the place as the API gives them.
 */
const STYLED: ReadonlySet<ExportFormat> = new Set(["srt", "vtt", "ass", "ttml", "stl", "json"]);

/**
 * Formats that count time in frames: every cue edge is put on a frame of the export's rate,
 * the minimum gap kept in whole frames (cuesOnFrames).
 */
const FRAME_BASED: ReadonlySet<ExportFormat> = new Set([
  "stl",
  "fcpxml",
  "premiere",
  "edl",
  "avid",
]);

/** The gap in frames of the preset the cues were made with. */
function gapFrames(input: ExportInput): number {
  return styleLimits(input.style ?? DEFAULT_STYLE, input.transcript.language).minGapFrames;
}

function naming(input: ExportInput) {
  return {
    speakers: input.transcript.speakers,
    locale: input.locale,
    speakerNames: input.speakerNames,
  };
}
