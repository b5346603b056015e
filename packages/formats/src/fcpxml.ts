import { create } from "xmlbuilder2";
import type { ExportInput } from "./export-input.js";
import { editorMarkers } from "./editor-markers.js";
import { msToFrames, type FrameRate } from "./frame-rate.js";
import { xmlText } from "./xml-text.js";

/** Final Cut Pro's names of 1080p formats, by rate. */
const FORMAT_NAMES: Record<string, string> = {
  "23.976": "FFVideoFormat1080p2398",
  "24": "FFVideoFormat1080p24",
  "25": "FFVideoFormat1080p25",
  "29.97": "FFVideoFormat1080p2997",
  "30": "FFVideoFormat1080p30",
};

/**
 * Final Cut Pro XML (FCPXML 1.9, File → Import → XML): an event with a project whose 1080p
 * timeline holds a gap as long as the media, with a marker per cue (its comment as the
 * marker's name, its length as the marker's). Times are whole frames of the rate
 * (`1001/24000s` per frame at 23.976); drop-frame timecode at 29.97. Place the media above the
 * gap, or copy the markers onto its clip.
 */
export function writeFcpxml(input: ExportInput): string {
  const { rate, markers } = editorMarkers(input);
  const time = (frames: number) => rationalTime(frames, rate);
  const total = Math.max(
    msToFrames(input.transcript.duration, rate),
    ...markers.map((marker) => marker.start + marker.duration),
    1,
  );
  const root = create({ version: "1.0", encoding: "UTF-8" })
    .dtd({ name: "fcpxml" })
    .ele("fcpxml", { version: "1.9" });
  root.ele("resources").ele("format", {
    id: "r1",
    name: FORMAT_NAMES[rate.name]!,
    frameDuration: time(1),
    width: "1920",
    height: "1080",
  });
  const title = xmlText(input.title);
  const gap = root
    .ele("library")
    .ele("event", { name: "Verbatim" })
    .ele("project", { name: title })
    .ele("sequence", {
      format: "r1",
      duration: time(total),
      tcStart: "0s",
      tcFormat: rate.dropFrame ? "DF" : "NDF",
      audioLayout: "stereo",
      audioRate: "48k",
    })
    .ele("spine")
    .ele("gap", { name: title, offset: "0s", start: "0s", duration: time(total) });
  for (const marker of markers) {
    gap.ele("marker", {
      start: time(marker.start),
      duration: time(marker.duration),
      value: xmlText(marker.comment),
    });
  }
  return root.end({ prettyPrint: true }) + "\n";
}

/** A frame count as FCPXML's rational seconds: "0s", "1001/24000s", "3s". */
function rationalTime(frames: number, rate: FrameRate): string {
  if (frames === 0) return "0s";
  const numerator = frames * rate.denominator;
  const divisor = gcd(numerator, rate.numerator);
  const top = numerator / divisor;
  const bottom = rate.numerator / divisor;
  return bottom === 1 ? `${top}s` : `${top}/${bottom}s`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
