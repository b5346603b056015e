import type { ExportInput } from "./export-input.js";
import { editorMarkers } from "./editor-markers.js";
import { framesAtHour, smpteTimecode, type FrameRate } from "./frame-rate.js";
import { speakerSlot } from "./speaker-colours.js";

/** DaVinci Resolve's marker colours, in the speakers' order. */
const RESOLVE_COLOURS = ["Blue", "Yellow", "Green", "Pink", "Red", "Purple", "Cyan", "Fuchsia"];

/**
 * A CMX 3600 EDL of timeline markers as DaVinci Resolve writes and imports them (Timelines →
 * Import → Timeline Markers from EDL): an event per cue at its timecode, a 1-frame record
 * range, and a `|C:colour |M:comment |D:duration` note. The timeline starts at 01:00:00:00,
 * Resolve's default; drop-frame at 29.97.
 */
export function writeEdl(input: ExportInput): string {
  const { rate, markers } = editorMarkers(input);
  const hour = framesAtHour(1, rate);
  const lines = [
    `TITLE: ${input.title.replace(/[\r\n]+/g, " ")}`,
    `FCM: ${rate.dropFrame ? "DROP FRAME" : "NON-DROP FRAME"}`,
    "",
  ];
  markers.forEach((marker, i) => {
    const at = timecodeOf(marker.start + hour, rate);
    const next = timecodeOf(marker.start + hour + 1, rate);
    const colour =
      marker.speaker === undefined
        ? RESOLVE_COLOURS[0]
        : RESOLVE_COLOURS[
            speakerSlot(marker.speaker, input.transcript.speakers) % RESOLVE_COLOURS.length
          ];
    lines.push(
      `${String(i + 1).padStart(3, "0")}  001      V     C        ${at} ${next} ${at} ${next}  `,
      ` |C:ResolveColor${colour} |M:${marker.comment} |D:${marker.duration}`,
      "",
    );
  });
  return lines.join("\n");
}

/** A frame count as timecode (the markers' frames are already counted at the rate). */
function timecodeOf(frames: number, rate: FrameRate): string {
  return smpteTimecode((frames * rate.denominator * 1000) / rate.numerator, rate);
}
