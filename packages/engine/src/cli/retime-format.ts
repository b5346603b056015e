import { formatOfName } from "@verbatim/subtitles/import";
import { EngineError } from "../errors.js";
import { OUTPUT_FORMATS, type OutputFormat } from "./output-formats.js";

/** The formats `verbatim retime` writes by default: its input's own when it is one of these. */
const OWN_FORMAT_KEPT: readonly OutputFormat[] = ["srt", "vtt"];

/**
 * What `verbatim retime` writes: `-f` when given (any format `transcribe` writes); else SRT, or
 * WebVTT for a WebVTT file. A script's own format (DOCX, TXT, TTML, ASS) is never the default:
 * the times re-timing gives it would be lost in plain text, and a DOCX would be binary on a
 * terminal; `-f` still writes any of them.
 */
export function retimeOutputFormat(asked: string | undefined, subtitlesPath: string): OutputFormat {
  if (asked === undefined) {
    const own = formatOfName(subtitlesPath);
    return OWN_FORMAT_KEPT.find((format) => format === own) ?? "srt";
  }
  const format = asked.trim().toLowerCase();
  if ((OUTPUT_FORMATS as readonly string[]).includes(format)) return format as OutputFormat;
  throw new EngineError(
    "INVALID_OPTIONS",
    `--format must be one of: ${OUTPUT_FORMATS.join(", ")} (got "${asked}").`,
  );
}
