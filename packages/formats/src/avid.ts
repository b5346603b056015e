import type { ExportInput } from "./export-input.js";
import { editorMarkers } from "./editor-markers.js";
import { framesAtHour, smpteTimecode } from "./frame-rate.js";
import { speakerSlot } from "./speaker-colours.js";

/** Avid marker colours, in the speakers' order. */
const AVID_COLOURS = ["red", "green", "blue", "cyan", "magenta", "yellow", "white", "black"];

/**
 * Avid Media Composer marker text (Markers window → Import Markers): one tab-separated line per
 * cue — author, timecode, track, colour, comment, duration in frames — as Media Composer
 * exports it. The timeline starts at 01:00:00:00, Avid's default; drop-frame at 29.97.
 */
export function writeAvidMarkers(input: ExportInput): string {
  const { rate, markers } = editorMarkers(input);
  const hour = framesAtHour(1, rate);
  const lines = markers.map((marker) => {
    const ms = ((marker.start + hour) * rate.denominator * 1000) / rate.numerator;
    const colour =
      marker.speaker === undefined
        ? AVID_COLOURS[0]
        : AVID_COLOURS[
            speakerSlot(marker.speaker, input.transcript.speakers) % AVID_COLOURS.length
          ];
    return [
      "Verbatim",
      smpteTimecode(ms, rate),
      "V1",
      colour,
      marker.comment,
      marker.duration,
    ].join("\t");
  });
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
