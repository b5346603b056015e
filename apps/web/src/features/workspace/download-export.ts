import { parse } from "content-disposition";
import i18n from "i18next";
import { download } from "../../api/client";
import type { ExportQuery } from "../../api/types";

export type ExportFormat = NonNullable<ExportQuery["format"]>;
export const EXPORT_FORMATS = [
  "srt",
  "vtt",
  "txt",
  "json",
] as const satisfies readonly ExportFormat[];

/**
 * The stored transcription in a format, from the server's export endpoint, in the page's
 * language (`lang`: an unnamed speaker is written "Speaker 1" or "講者 1").
 */
export async function fetchExport(
  id: string,
  format: ExportFormat,
): Promise<{ text: string; fileName: string }> {
  const query = new URLSearchParams({ format, lang: i18n.language || "en" });
  const { blob, disposition } = await download(`/api/transcriptions/${id}/export?${query}`);
  const fileName = dispositionFileName(disposition) ?? `transcription.${format}`;
  return { text: await blob.text(), fileName };
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
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
