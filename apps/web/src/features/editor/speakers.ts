import type { Speaker } from "@verbatim/subtitles";
import type { EditorCue } from "./types";

// Speakers in the editor: ids "S1", "S2"… as diarization found them, with the name the user
// gave (null: shown as "Speaker N"). The list is part of the editor's document, so renaming
// is an undo step like any text edit, and it is saved, drafted and restored with the cues.

export type { Speaker };

/** A speaker's number as shown ("S3" → 3); ids of another shape count by list position. */
export function speakerNumber(speakers: readonly Speaker[], id: string): number {
  const match = /^S(\d+)$/.exec(id);
  if (match) return Number(match[1]);
  const at = speakers.findIndex((s) => s.id === id);
  return at >= 0 ? at + 1 : speakers.length + 1;
}

/** The id a new speaker gets: one past the highest "S" number in use. */
export function nextSpeakerId(speakers: readonly Speaker[]): string {
  const highest = speakers.reduce((max, s) => Math.max(max, speakerNumber(speakers, s.id)), 0);
  return `S${highest + 1}`;
}

/**
 * Colours per speaker, in order: a tinted chip with dark text (contrast far above 4.5:1) and a
 * solid swatch; neighbours in the list differ in hue, and the name is always written beside the
 * colour, so colour never carries the meaning alone. Literal class names, so Tailwind finds them.
 */
const PALETTE = [
  { chip: "border-sky-300 bg-sky-50 text-sky-950", swatch: "bg-sky-600" },
  { chip: "border-amber-300 bg-amber-50 text-amber-950", swatch: "bg-amber-600" },
  { chip: "border-emerald-300 bg-emerald-50 text-emerald-950", swatch: "bg-emerald-600" },
  { chip: "border-fuchsia-300 bg-fuchsia-50 text-fuchsia-950", swatch: "bg-fuchsia-600" },
  { chip: "border-orange-300 bg-orange-50 text-orange-950", swatch: "bg-orange-700" },
  { chip: "border-indigo-300 bg-indigo-50 text-indigo-950", swatch: "bg-indigo-600" },
  { chip: "border-lime-300 bg-lime-50 text-lime-950", swatch: "bg-lime-700" },
  { chip: "border-rose-300 bg-rose-50 text-rose-950", swatch: "bg-rose-600" },
  { chip: "border-teal-300 bg-teal-50 text-teal-950", swatch: "bg-teal-700" },
  { chip: "border-violet-300 bg-violet-50 text-violet-950", swatch: "bg-violet-600" },
] as const;

export type SpeakerColour = (typeof PALETTE)[number];

/** The colour of a speaker, by its number (so it stays the same whatever the list order). */
export function speakerColour(speakers: readonly Speaker[], id: string): SpeakerColour {
  const n = speakerNumber(speakers, id);
  return PALETTE[(n - 1 + PALETTE.length * 1000) % PALETTE.length]!;
}

/** A speaker's name as shown: the given name, or "Speaker N" in the page's language. */
export function speakerName(
  speakers: readonly Speaker[],
  id: string,
  unnamed: (number: number) => string,
): string {
  const name = speakers.find((s) => s.id === id)?.name?.trim();
  return name ? name : unnamed(speakerNumber(speakers, id));
}

/** Renames a speaker (a blank name goes back to "Speaker N"); the same list when unchanged. */
export function renameSpeaker(speakers: Speaker[], id: string, name: string): Speaker[] {
  const trimmed = name.trim();
  const next = trimmed === "" ? null : trimmed;
  const at = speakers.findIndex((s) => s.id === id);
  if (at < 0 || speakers[at]!.name === next) return speakers;
  return speakers.map((s, i) => (i === at ? { ...s, name: next } : s));
}

/**
 * Gives a cue to a speaker; an id not in the list (a new speaker from the row's menu) is added
 * unnamed. Returns the same arrays when nothing changes.
 */
export function setCueSpeaker(
  cues: EditorCue[],
  speakers: Speaker[],
  index: number,
  id: string,
): { cues: EditorCue[]; speakers: Speaker[] } {
  const cue = cues[index];
  if (!cue || cue.speaker === id) return { cues, speakers };
  const known = speakers.some((s) => s.id === id);
  return {
    cues: cues.map((c, i) => (i === index ? { ...c, speaker: id } : c)),
    speakers: known ? speakers : [...speakers, { id, name: null }],
  };
}

/** How many cues each speaker has (for the panel). */
export function cueCounts(cues: readonly EditorCue[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const cue of cues) {
    if (cue.speaker) counts.set(cue.speaker, (counts.get(cue.speaker) ?? 0) + 1);
  }
  return counts;
}
