import { create } from "xmlbuilder2";
import type { ExportInput } from "./export-input.js";
import { editorMarkers } from "./editor-markers.js";
import { msToFrames, smpteTimecode, type FrameRate } from "./frame-rate.js";
import { xmlText } from "./xml-text.js";

/**
 * Markers for Adobe Premiere Pro: Final Cut Pro 7 XML (`<xmeml version="4">`, the interchange
 * Premiere reads with File → Import and writes with File → Export → Final Cut Pro XML). A
 * sequence as long as the media, 1080p at the export's rate, with a sequence marker per cue:
 * `<name>` the text ("Name: text"), `<comment>` the same, `<in>`/`<out>` its first frame and the
 * frame after its last, counted from the sequence's start at 00:00:00:00 (Premiere's default).
 * Frame counts are real frames of the rate (29.97 counts 30000/1001 a second); the sequence's
 * timecode is drop-frame at 29.97. The tracks are empty: put the media on V1/A1.
 */
export function writePremiereXml(input: ExportInput): string {
  const { rate, markers } = editorMarkers(input);
  const total = Math.max(
    msToFrames(input.transcript.duration, rate),
    ...markers.map((marker) => marker.start + marker.duration),
    1,
  );
  const root = create({ version: "1.0", encoding: "UTF-8" })
    .dtd({ name: "xmeml" })
    .ele("xmeml", { version: "4" });
  const sequence = root.ele("sequence", { id: "sequence-1" });
  sequence.ele("name").txt(xmlText(input.title));
  sequence.ele("duration").txt(String(total));
  rateOf(sequence, rate);
  const timecode = sequence.ele("timecode");
  rateOf(timecode, rate);
  timecode.ele("string").txt(smpteTimecode(0, rate));
  timecode.ele("frame").txt("0");
  timecode.ele("displayformat").txt(rate.dropFrame ? "DF" : "NDF");
  const media = sequence.ele("media");
  const video = media.ele("video");
  const characteristics = video.ele("format").ele("samplecharacteristics");
  rateOf(characteristics, rate);
  characteristics.ele("width").txt("1920");
  characteristics.ele("height").txt("1080");
  characteristics.ele("pixelaspectratio").txt("square");
  characteristics.ele("fielddominance").txt("none");
  video.ele("track");
  media.ele("audio").ele("track");
  for (const marker of markers) {
    const element = sequence.ele("marker");
    element.ele("name").txt(xmlText(marker.comment));
    element.ele("comment").txt(xmlText(marker.comment));
    element.ele("in").txt(String(marker.start));
    element.ele("out").txt(String(marker.start + marker.duration));
  }
  return root.end({ prettyPrint: true }) + "\n";
}

/** An element under construction (xmlbuilder2's builder). */
type XmlElement = ReturnType<typeof create>;

/** xmeml's `<rate>`: the nominal frames a second, and whether it is the NTSC (÷1.001) rate. */
function rateOf(parent: XmlElement, rate: FrameRate): void {
  const element = parent.ele("rate");
  element.ele("timebase").txt(String(rate.nominal));
  element.ele("ntsc").txt(rate.denominator === 1001 ? "TRUE" : "FALSE");
}
