import { cuesWithText, joinLines } from "@verbatim/subtitles";
import { cueTranslation, isBilingual } from "./bilingual-track.js";
import { clockTimeMs } from "./clock-time.js";
import type { ExportInput } from "./export-input.js";
import { speakerLabel } from "./speaker-label.js";

/**
 * An Excel workbook (ExcelJS): one sheet, a row per subtitle — start, end (hh:mm:ss.mmm text),
 * start in seconds (a number, for sorting and formulas), speaker, text — under a bold, frozen
 * header row; a bilingual transcript adds a translation column. Every cell is written as a value, never a formula.
 */
export async function writeXlsx(input: ExportInput): Promise<Uint8Array> {
  // Loaded when a workbook is written: the library takes about half a second to load, which
  // every start of the CLI and the server would otherwise pay.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Verbatim";
  workbook.created = input.createdAt;
  const bilingual = isBilingual(input.transcript.cues);
  const sheet = workbook.addWorksheet("Transcript", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = [
    { header: "start", key: "start", width: 14 },
    { header: "end", key: "end", width: 14 },
    { header: "seconds", key: "seconds", width: 10 },
    { header: "speaker", key: "speaker", width: 18 },
    { header: "text", key: "text", width: 80 },
    ...(bilingual ? [{ header: "translation", key: "translation", width: 80 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const cue of cuesWithText(input.transcript.cues)) {
    sheet.addRow({
      start: clockTimeMs(cue.start),
      end: clockTimeMs(cue.end),
      seconds: cue.start / 1000,
      speaker: input.speakerNames === false ? "" : speakerLabel(cue.speaker, input),
      text: joinLines(cue.text),
      ...(bilingual ? { translation: cueTranslation(cue) ?? "" } : {}),
    });
  }
  sheet.getColumn("text").alignment = { wrapText: true, vertical: "top" };
  if (bilingual) sheet.getColumn("translation").alignment = { wrapText: true, vertical: "top" };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
