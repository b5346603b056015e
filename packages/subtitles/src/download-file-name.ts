const FALLBACK_NAME = "transcription";

function stemOf(originalName: string): string {
  const dot = originalName.lastIndexOf(".");
  return dot >= 0 ? originalName.slice(0, dot) : originalName;
}

function withExtension(stem: string, extension: string): string {
  return `${stem === "" ? FALLBACK_NAME : stem}.${extension.replace(/^\./, "")}`;
}

/**
 * Names a download after the uploaded file in plain ASCII: drops its final extension, replaces
 * every character other than ASCII letters, digits, `-` and `_` with `_`, and appends
 * `extension`; `("my talk (final).mp3", "srt")` gives `my_talk__final_.srt`. This is the
 * fallback `filename` for clients that do not read RFC 6266's `filename*`.
 */
export function downloadFileName(originalName: string, extension: string): string {
  const safe = Array.from(stemOf(originalName), (ch) => (/^[A-Za-z0-9_-]$/.test(ch) ? ch : "_"));
  return withExtension(safe.join(""), extension);
}

/** Characters no file system accepts in a name (Windows' reserved set, path separators). */
const UNSAFE = /[\\/:*?"<>|]/u;
/** Control and format characters (newlines, bidi overrides, zero-width joiners…). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Names a download after the uploaded file in the user's own script: keeps letters of every
 * language, digits, spaces and ordinary punctuation ("會議 錄音 #1.mp3" gives "會議 錄音 #1.srt",
 * "Café.wav" gives "Café.srt"); characters that are unsafe in a file name become `_`, invisible
 * ones are dropped, and leading or trailing dots and spaces are trimmed. Sent as `filename*`.
 */
export function unicodeDownloadFileName(originalName: string, extension: string): string {
  const cleaned = Array.from(stemOf(originalName.normalize("NFC")), (ch) =>
    INVISIBLE.test(ch) ? "" : UNSAFE.test(ch) ? "_" : ch,
  )
    .join("")
    .replace(/^[\s.]+|[\s.]+$/gu, "");
  return withExtension(cleaned, extension);
}
