import type { Speaker } from "@verbatim/subtitles";

/**
 * Speakers' colours in documents, ASS styles and editor markers, in the order the web editor
 * gives them (apps/web/src/features/editor/speakers.ts: its swatches' Tailwind 600/700 shades),
 * so a speaker has one colour on screen and on paper. Hex RGB without "#".
 */
const SPEAKER_COLOURS = [
  "0284C7", // sky
  "D97706", // amber
  "059669", // emerald
  "C026D3", // fuchsia
  "C2410C", // orange
  "4F46E5", // indigo
  "4D7C0F", // lime
  "E11D48", // rose
  "0F766E", // teal
  "7C3AED", // violet
] as const;

/** A speaker's position in the palette: by the number in its id ("S3" → 2), else its place. */
export function speakerSlot(id: string, speakers: readonly Speaker[] = []): number {
  const match = /^S(\d+)$/.exec(id);
  const number = match ? Number(match[1]) : speakers.findIndex((s) => s.id === id) + 1;
  return Math.max(0, number - 1);
}

/** A speaker's colour as hex RGB ("0284C7"). */
export function speakerColour(id: string, speakers: readonly Speaker[] = []): string {
  return SPEAKER_COLOURS[speakerSlot(id, speakers) % SPEAKER_COLOURS.length]!;
}

/** A lighter tint of a speaker's colour (half way to white), legible on video: ASS styles, burned-in captions. */
export function lightSpeakerColour(id: string, speakers: readonly Speaker[] = []): string {
  const rgb = speakerColour(id, speakers);
  return [0, 2, 4]
    .map((i) => {
      const channel = parseInt(rgb.slice(i, i + 2), 16);
      return Math.round(channel + (255 - channel) * 0.5)
        .toString(16)
        .padStart(2, "0");
    })
    .join("")
    .toUpperCase();
}
