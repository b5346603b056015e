const FALLBACK_NAME = "transcription";

/**
 * Names a download after the uploaded file: drops its final extension, replaces every
 * character other than ASCII letters, digits, `-` and `_` with `_`, and appends `extension`;
 * `("my talk (final).mp3", "srt")` gives `my_talk__final_.srt`.
 */
export function downloadFileName(originalName: string, extension: string): string {
  const dot = originalName.lastIndexOf(".");
  const stem = dot >= 0 ? originalName.slice(0, dot) : originalName;
  const safe = Array.from(stem, (ch) => (/^[A-Za-z0-9_-]$/.test(ch) ? ch : "_")).join("");
  return `${safe === "" ? FALLBACK_NAME : safe}.${extension.replace(/^\./, "")}`;
}
