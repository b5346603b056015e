import { create } from "content-disposition";
import { downloadFileName, unicodeDownloadFileName } from "@verbatim/subtitles";

/**
 * The Content-Disposition of an export (RFC 6266): `filename*=UTF-8''…` keeps the upload's own
 * name in any script ("會議 錄音 #1.mp3" → "會議 錄音 #1.srt"), and `filename` carries a plain
 * ASCII fallback for clients that do not read `filename*`. An ASCII name is sent once, as is.
 */
export function attachmentDisposition(uploadName: string, extension: string): string {
  const name = unicodeDownloadFileName(uploadName, extension);
  const plainAscii = /^[\x20-\x7e]*$/.test(name);
  return create(name, { fallback: plainAscii ? false : downloadFileName(uploadName, extension) });
}
