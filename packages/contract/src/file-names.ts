// A transcription's file name as it is shown and used for download names: one sanitiser for
// every way a name arrives (an upload's file part, a chunked upload's combine, a rename).

/** The longest file name kept, in characters. */
export const MAX_FILE_NAME = 255;

/**
 * Characters a name never keeps: control characters (CR, LF, TAB and the rest of C0 and C1),
 * the line and paragraph separators, and the bidirectional controls that can make
 * `exe.mp3` show as `3pm.exe` (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C).
 */
const UNSHOWN = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A display name from what a client sent: no control or bidi characters, no folders (path
 * separators join what they separated with `_`; `.` and `..` parts are dropped), trimmed, at
 * most MAX_FILE_NAME characters. Everything else — CJK, accents, ordinary punctuation — is
 * kept. Empty when nothing is left: the caller decides what an empty name means.
 */
export function cleanFileName(name: string | undefined): string {
  const parts = (name ?? "")
    .replace(UNSHOWN, "")
    .split(/[\\/]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "." && part !== "..");
  return Array.from(parts.join("_")).slice(0, MAX_FILE_NAME).join("").trim();
}
