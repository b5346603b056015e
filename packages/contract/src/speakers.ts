/**
 * The `speakers` option of a transcription (API field, CLI `--speakers`, the web's upload form):
 * how many speakers diarization looks for. One parser for all of them.
 */

/** Most speakers one transcription can be asked to tell apart. */
export const MAX_SPEAKERS = 10;
/** Most voices a user can save. */
export const MAX_VOICES = 20;

/** Off, or diarization with an exact number or a range of speakers ("auto": 1 to MAX). */
export type SpeakersOption =
  | { kind: "off" }
  | { kind: "auto" }
  | { kind: "exact"; speakers: number }
  | { kind: "range"; minSpeakers: number; maxSpeakers: number };

/** Why a `speakers` value was refused, in words fit to show. */
export const SPEAKERS_OPTION_RULE = `speakers must be "off", "auto", a number of speakers from 1 to ${MAX_SPEAKERS}, or a range such as "2-4" (within 1 to ${MAX_SPEAKERS})`;

/** Parses `off` | `auto` | `N` | `MIN-MAX`; null when the value is none of those. */
export function parseSpeakersOption(value: string | undefined): SpeakersOption | null {
  const text = (value ?? "off").trim().toLowerCase();
  if (text === "off" || text === "") return { kind: "off" };
  if (text === "auto") return { kind: "auto" };
  const exact = /^(\d{1,2})$/.exec(text);
  if (exact) {
    const speakers = Number(exact[1]);
    return inRange(speakers) ? { kind: "exact", speakers } : null;
  }
  const range = /^(\d{1,2})\s*-\s*(\d{1,2})$/.exec(text);
  if (range) {
    const minSpeakers = Number(range[1]);
    const maxSpeakers = Number(range[2]);
    if (!inRange(minSpeakers) || !inRange(maxSpeakers) || minSpeakers > maxSpeakers) return null;
    return minSpeakers === maxSpeakers
      ? { kind: "exact", speakers: minSpeakers }
      : { kind: "range", minSpeakers, maxSpeakers };
  }
  return null;
}

/** The option as text again (`off`, `auto`, `3`, `2-4`), as it is stored and shown. */
export function formatSpeakersOption(option: SpeakersOption): string {
  switch (option.kind) {
    case "off":
    case "auto":
      return option.kind;
    case "exact":
      return String(option.speakers);
    case "range":
      return `${option.minSpeakers}-${option.maxSpeakers}`;
  }
}

function inRange(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_SPEAKERS;
}
