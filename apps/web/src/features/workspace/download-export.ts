import { parse } from "content-disposition";
import i18n from "i18next";
import { download } from "../../api/client";
import type { ExportQuery } from "../../api/types";

export type ExportFormat = NonNullable<ExportQuery["format"]>;
/** A bilingual transcription's track: two-line cues, the original alone, or the English alone. */
export type ExportTrack = NonNullable<ExportQuery["track"]>;
export const EXPORT_TRACKS: readonly ExportTrack[] = ["both", "original", "translation"];
export { EXPORT_FORMAT_GROUPS } from "@verbatim/contract";

/**
 * The stored transcription in a format, from the server's export endpoint, in the page's
 * language (`lang`: an unnamed speaker is written "Speaker 1" or "講者 1").
 */
export async function fetchExport(
  id: string,
  format: ExportFormat,
  track?: ExportTrack,
  language?: string,
  parameters: Record<string, string> = {},
): Promise<{ text: string; fileName: string }> {
  const file = await fetchExportFile(id, format, track, language, parameters);
  return { text: await file.blob.text(), fileName: file.fileName };
}

/**
 * The export as bytes (documents, spreadsheets and EBU-STL are not text), with its name; a
 * bilingual transcription's `track` when one is chosen (the server's default is `both`), and
 * `language`: a translation track's code, exported as the cues' translation.
 */
export async function fetchExportFile(
  id: string,
  format: ExportFormat,
  track?: ExportTrack,
  language?: string,
  /** More of the export's query (the broadcast preset's `stl*` fields, `speakerNames`). */
  parameters: Record<string, string> = {},
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ ...parameters, format, lang: i18n.language || "en" });
  if (track) query.set("track", track);
  if (language) query.set("language", language);
  const { blob, disposition } = await download(`/api/transcriptions/${id}/export?${query}`);
  const fileName = dispositionFileName(disposition) ?? `transcription.${format}`;
  return { blob, fileName };
}

/** The file name a Content-Disposition names: RFC 6266's `filename*` first, else `filename`. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  try {
    // parse() decodes filename* (UTF-8, percent-encoded) into `filename`, preferring it.
    return parse(header).parameters.filename || undefined;
  } catch {
    return undefined; // a malformed header: the caller's default name
  }
}

/** Saves text as a file named by the server (download names). */
export function saveFile(text: string, fileName: string, type = "text/plain"): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}

/** Saves bytes as a file of that name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
