/** Separator between seconds and milliseconds: "," in SRT, "." in WebVTT. */
export type TimecodeSeparator = "," | ".";

const TOLERANT_TIMECODE = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:[,.](\d{1,3}))?$/;
const STRICT_TIMECODE = /^\d{2}:[0-5]\d:[0-5]\d,\d{3}$/;

/** Formats milliseconds as `hh:mm:ss,mmm`; hours grow past two digits, negatives clamp to 0. */
export function formatTimecode(ms: number, separator: TimecodeSeparator = ","): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.round(ms)) : 0;
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(millis, 3)}`;
}

/**
 * Reads a timecode leniently: `hh:mm:ss,mmm`, `hh:mm:ss.mmm`, `mm:ss.mmm`, a fraction of
 * 1–3 digits (`.5` is 500 ms) or none; returns null when the text is not a timecode.
 */
export function parseTimecode(text: string): number | null {
  const match = TOLERANT_TIMECODE.exec(text.trim());
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0", fraction = "0"] = match;
  if (Number(minutes) >= 60 || Number(seconds) >= 60) return null;
  return (
    Number(hours) * 3_600_000 +
    Number(minutes) * 60_000 +
    Number(seconds) * 1000 +
    Number(fraction.padEnd(3, "0"))
  );
}

/** Whether text is exactly `hh:mm:ss,mmm` with two-digit hours, the editor's strict rule. */
export function isStrictTimecode(text: string): boolean {
  return STRICT_TIMECODE.test(text);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
