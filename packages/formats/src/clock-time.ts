/** `hh:mm:ss` of a time in milliseconds (whole seconds, rounded down), for transcripts' paragraphs. */
export function clockTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** `hh:mm:ss.mmm` of a time in milliseconds (spreadsheets, research tools). */
export function clockTimeMs(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  return `${clockTime(total)}.${String(total % 1000).padStart(3, "0")}`;
}
