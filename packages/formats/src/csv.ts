import { cuesWithText, joinLines } from "@verbatim/subtitles";
import { cueTranslation, isBilingual } from "./bilingual-track.js";
import { clockTimeMs } from "./clock-time.js";
import type { ExportInput } from "./export-input.js";
import { speakerLabel } from "./speaker-label.js";

/** Byte order mark: Excel reads a CSV file as UTF-8 only when it starts with one. */
const BOM = "\uFEFF";

/**
 * CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel shows Chinese): one row per subtitle with
 * `start`, `end` (hh:mm:ss.mmm), `speaker` and `text` (lines joined as running text); a
 * bilingual transcript adds a `translation` column.
 */
export function writeCsv(input: ExportInput): string {
  const bilingual = isBilingual(input.transcript.cues);
  const rows = [["start", "end", "speaker", "text", ...(bilingual ? ["translation"] : [])]];
  for (const cue of cuesWithText(input.transcript.cues)) {
    rows.push([
      clockTimeMs(cue.start),
      clockTimeMs(cue.end),
      input.speakerNames === false ? "" : speakerLabel(cue.speaker, input),
      joinLines(cue.text),
      ...(bilingual ? [cueTranslation(cue) ?? ""] : []),
    ]);
  }
  return BOM + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/**
 * One field: quoted when it holds a comma, quote or line break; a field a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or CR) is prefixed with an apostrophe, as
 * OWASP advises against CSV injection, since subtitles are text the user did not all type.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
