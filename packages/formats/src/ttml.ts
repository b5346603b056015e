import { cuesWithText, formatTimecode, styledRuns } from "@verbatim/subtitles";
import { create } from "xmlbuilder2";
import { cueTranslation, TRANSLATION_LANGUAGE } from "./bilingual-track.js";
import type { ExportInput } from "./export-input.js";
import { msToFrames, timedTextFrameRate, type FrameRate } from "./frame-rate.js";
import { speakerLabel } from "./speaker-label.js";
import { xmlText } from "./xml-text.js";

const TTML = "http://www.w3.org/ns/ttml";

/**
 * TTML in the IMSC 1.1 Text Profile (what Netflix and most streaming services take): times on
 * the media timeline, `xml:lang` from the transcript, one bottom region
 * inside the 10 % title-safe area, white text on a translucent black background; a cue at the
 * top is in the `top` region (the same area, text shown from its top edge), a cue aligned left
 * or right has `tts:textAlign`, and its italics, bold and underline are `<span>`s with
 * `tts:fontStyle`, `tts:fontWeight` and `tts:textDecoration`. Speakers
 * are `ttm:agent`s (declared in the head with their names) referenced by each `<p>`; their
 * names are not written into the text. The document is compact (no indentation): spaces
 * between tags would be read as text.
 *
 * Times are clock times `hh:mm:ss.mmm`, or, when the export has a frame rate
 * (timedTextFrameRate), frames: `ttp:frameRate` (the nominal 24, 25 or 30) with
 * `ttp:frameRateMultiplier="1000 1001"` for 23.976 and 29.97, and each time the frame it
 * starts on, `Nf` (N frames of the effective rate from 0). writeExport has put every cue edge on
 * a frame already. A frame count needs no drop-frame rule: dropping is a way of numbering
 * frames in SMPTE timecode, and IMSC 1.1 has no SMPTE time base (`ttp:dropMode` applies only
 * there), so 29.97 is frames of 30000/1001 s counted straight through.
 */
export function writeTtml(input: ExportInput): string {
  const { transcript } = input;
  const rate = timedTextFrameRate(input);
  const tt = create({ version: "1.0", encoding: "UTF-8" }).ele(TTML, "tt", {
    "xmlns:ttp": "http://www.w3.org/ns/ttml#parameter",
    "xmlns:tts": "http://www.w3.org/ns/ttml#styling",
    "xmlns:ttm": "http://www.w3.org/ns/ttml#metadata",
    "ttp:contentProfiles": "http://www.w3.org/ns/ttml/profile/imsc1.1/text",
    "ttp:timeBase": "media",
    ...(rate ? frameRateParameters(rate) : {}),
    "xml:lang": transcript.language ?? "",
  });
  const time = (ms: number) => (rate ? `${msToFrames(ms, rate)}f` : formatTimecode(ms, "."));
  const head = tt.ele("head");
  const metadata = head.ele("metadata");
  metadata.ele("ttm:title").txt(xmlText(input.title));
  const speakerIds = [...new Set(transcript.cues.flatMap((cue) => cue.speaker ?? []))];
  const agentOf = new Map(speakerIds.map((id, i) => [id, `agent${i + 1}`]));
  for (const id of speakerIds) {
    metadata
      .ele("ttm:agent", { "xml:id": agentOf.get(id)!, type: "person" })
      .ele("ttm:name", { type: "full" })
      .txt(xmlText(speakerLabel(id, input)));
  }
  head.ele("styling").ele("style", {
    "xml:id": "caption",
    "tts:color": "white",
    "tts:backgroundColor": "#00000080",
    "tts:fontFamily": "proportionalSansSerif",
    "tts:textAlign": "center",
    "tts:lineHeight": "125%",
  });
  const layout = head.ele("layout");
  for (const [id, displayAlign] of [
    ["bottom", "after"],
    ["top", "before"],
  ] as const) {
    layout.ele("region", {
      "xml:id": id,
      "tts:origin": "10% 10%",
      "tts:extent": "80% 80%",
      "tts:displayAlign": displayAlign,
    });
  }
  // Each paragraph names its region: a region on the body would hide every paragraph of
  // another region (TTML's region association, as imscJS applies it).
  const div = tt.ele("body", { style: "caption" }).ele("div");
  for (const cue of cuesWithText(transcript.cues)) {
    const attributes: Record<string, string> = {
      begin: time(cue.start),
      end: time(cue.end),
    };
    if (cue.speaker !== undefined) attributes["ttm:agent"] = agentOf.get(cue.speaker)!;
    attributes.region = cue.position === "top" ? "top" : "bottom";
    if (cue.align === "left" || cue.align === "right") attributes["tts:textAlign"] = cue.align;
    const p = div.ele("p", attributes);
    for (const run of styledRuns(cue.text)) {
      const styles: Record<string, string> = {
        ...(run.italic ? { "tts:fontStyle": "italic" } : {}),
        ...(run.bold ? { "tts:fontWeight": "bold" } : {}),
        ...(run.underline ? { "tts:textDecoration": "underline" } : {}),
      };
      const into = Object.keys(styles).length > 0 ? p.ele("span", styles) : p;
      run.text.split("\n").forEach((line, i) => {
        if (i > 0) into.ele("br");
        if (line !== "") into.txt(xmlText(line));
      });
    }
    // A bilingual cue: its translation on the next line, in a span labelled with its language.
    const translation = cueTranslation(cue);
    if (translation !== undefined) {
      p.ele("br");
      p.ele("span", { "xml:lang": input.translationLanguage ?? TRANSLATION_LANGUAGE }).txt(
        xmlText(translation),
      );
    }
  }
  return `${tt.end({ prettyPrint: false })}\n`;
}

/** `ttp:frameRate` and, for 23.976 and 29.97, `ttp:frameRateMultiplier` of a rate. */
function frameRateParameters(rate: FrameRate): Record<string, string> {
  const multiplier = rate.numerator / rate.nominal;
  return {
    "ttp:frameRate": String(rate.nominal),
    ...(rate.denominator === 1
      ? {}
      : { "ttp:frameRateMultiplier": `${multiplier} ${rate.denominator}` }),
  };
}
