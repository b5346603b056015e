import { ApiError, authHeaders } from "../../api/client";

export const EXPORT_FORMATS = ["srt", "vtt", "txt", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The stored transcription in a format, from the server's export endpoint. */
export async function fetchExport(
  id: string,
  format: ExportFormat,
): Promise<{ text: string; fileName: string }> {
  const response = await fetch(`/api/transcriptions/${id}/export?format=${format}`, {
    credentials: "include",
    headers: authHeaders(),
  });
  if (!response.ok)
    throw new ApiError(response.status, undefined, (await response.text()) || response.statusText);
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? `transcription.${format}`;
  return { text: await response.text(), fileName };
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
