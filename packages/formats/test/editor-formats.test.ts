import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { writeExport, type ExportInput } from "../src/index.js";
import { CHINESE, ENGLISH, inputOf } from "./sample-input.js";

async function text(format: "fcpxml" | "premiere" | "edl" | "avid" | "eaf", input: ExportInput) {
  const { body } = await writeExport(format, input);
  if (typeof body !== "string") throw new Error(`${format} should be text`);
  return body;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });

describe("EDL (DaVinci Resolve timeline markers)", () => {
  it("writes an event and a marker note per cue at 01:00:00:00 + its time", async () => {
    const edl = await text("edl", inputOf(ENGLISH, { frameRate: "25" }));
    const lines = edl.split("\n");
    expect(lines.slice(0, 2)).toEqual(["TITLE: interview.mp4", "FCM: NON-DROP FRAME"]);
    expect(lines).toContain(
      "002  001      V     C        01:00:03:00 01:00:03:01 01:00:03:00 01:00:03:01  ",
    );
    expect(lines).toContain(
      " |C:ResolveColorYellow |M:Ana Lima: Thanks — it's good to be here. |D:63",
    );
  });

  it("uses drop-frame timecode at 29.97 and keeps Chinese text", async () => {
    const edl = await text("edl", inputOf(CHINESE, { frameRate: "29.97" }));
    expect(edl).toContain("FCM: DROP FRAME");
    expect(edl).toContain("01:00:02;18 01:00:02;19");
    expect(edl).toContain("|M:講者 2: 多謝邀請，好高興嚟到呢度。 |D:72");
  });
});

describe("Avid marker text", () => {
  it("writes author, timecode, track, colour, comment and duration per cue", async () => {
    const avid = await text("avid", inputOf(CHINESE, { frameRate: "24" }));
    expect(avid.split("\n")[1]!.split("\t")).toEqual([
      "Verbatim",
      "01:00:02:14",
      "V1",
      "green",
      "講者 2: 多謝邀請，好高興嚟到呢度。",
      "58",
    ]);
  });
});

describe("FCPXML", () => {
  for (const [rate, frame] of [
    ["23.976", "1001/24000s"],
    ["29.97", "1001/30000s"],
    ["25", "1/25s"],
  ] as const) {
    it(`is well-formed, with frame-aligned markers at ${rate} fps`, async () => {
      const xml = await text("fcpxml", inputOf(ENGLISH, { frameRate: rate }));
      expect(XMLValidator.validate(xml)).toBe(true);
      const doc = parser.parse(xml);
      expect(doc.fcpxml.version).toBe("1.9");
      expect(doc.fcpxml.resources.format.frameDuration).toBe(frame);
      const sequence = doc.fcpxml.library.event.project.sequence;
      expect(sequence.tcFormat).toBe(rate === "29.97" ? "DF" : "NDF");
      const markers = sequence.spine.gap.marker as { start: string; value: string }[];
      expect(markers.map((marker) => marker.value)).toEqual([
        "Speaker 1: Welcome back to the show. Today: café prices.",
        "Ana Lima: Thanks — it's good to be here.",
        "Speaker 1: Shall we start with coffee?",
        "Ana Lima: Yes, let's.",
      ]);
      // Every time is a whole number of frames.
      const [top, bottom = "1"] = frame.replace(/s$/, "").split("/");
      for (const marker of markers) {
        const [n, d = "1"] = marker.start.replace(/s$/, "").split("/");
        const frames = Number(n) / Number(d) / (Number(top) / Number(bottom));
        expect(Math.abs(frames - Math.round(frames))).toBeLessThan(1e-9);
      }
    });
  }
});

describe("Premiere Pro markers (Final Cut Pro 7 XML)", () => {
  interface Marker {
    name: string;
    comment: string;
    in: number;
    out: number;
  }
  const parse = (xml: string) => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const sequence = parser.parse(xml).xmeml.sequence;
    return { sequence, markers: sequence.marker as Marker[] };
  };

  // The ENGLISH cues start at 0.5 s, 3 s, 6 s, 9.2 s and end at 2.8 s, 5.5 s, 9 s, 11.9 s.
  for (const [rate, timebase, ntsc, ins, outs] of [
    ["25", 25, "FALSE", [13, 75, 150, 230], [70, 138, 225, 298]],
    // 30000/1001 frames a second: 0.5 s is frame 14.985 → 15, 9.2 s is 275.7 → 276.
    ["29.97", 30, "TRUE", [15, 90, 180, 276], [84, 165, 270, 357]],
    ["23.976", 24, "TRUE", [12, 72, 144, 221], [67, 132, 216, 285]],
  ] as const) {
    it(`puts a sequence marker per cue at its frames, ${rate} fps`, async () => {
      const { sequence, markers } = parse(
        await text("premiere", inputOf(ENGLISH, { frameRate: rate })),
      );
      expect(parser.parse(await text("premiere", inputOf(ENGLISH))).xmeml.version).toBe("4");
      expect(sequence.rate).toEqual({ timebase, ntsc });
      expect(sequence.media.video.format.samplecharacteristics.rate).toEqual({ timebase, ntsc });
      expect(sequence.timecode.displayformat).toBe(rate === "29.97" ? "DF" : "NDF");
      expect(sequence.timecode.string).toBe(rate === "29.97" ? "00:00:00;00" : "00:00:00:00");
      expect(markers.map((marker) => marker.in)).toEqual(ins);
      expect(markers.map((marker) => marker.out)).toEqual(outs);
      expect(markers.map((marker) => marker.name)).toEqual([
        "Speaker 1: Welcome back to the show. Today: café prices.",
        "Ana Lima: Thanks — it's good to be here.",
        "Speaker 1: Shall we start with coffee?",
        "Ana Lima: Yes, let's.",
      ]);
      // The sequence holds the media's length (12 s) in frames.
      expect(sequence.duration).toBe(
        Math.round((12 * Number(timebase) * 1000) / (ntsc === "TRUE" ? 1001 : 1000)),
      );
    });
  }

  it("keeps Chinese text and speaker names, escaped where XML needs it", async () => {
    const { markers } = parse(
      await text(
        "premiere",
        inputOf(
          {
            ...CHINESE,
            cues: [...CHINESE.cues, { index: 5, start: 9_900, end: 10_000, text: "&lt;b> & 'x'" }],
          },
          { frameRate: "29.97" },
        ),
      ),
    );
    expect(markers.map((marker) => marker.comment)).toEqual([
      "陳大文: 大家好，歡迎收聽今日嘅節目。",
      "講者 2: 多謝邀請，好高興嚟到呢度。",
      "陳大文: 我哋今日講下香港嘅咖啡價錢。",
      "講者 2: 好呀，開始啦。",
      "<b> & 'x'",
    ]);
    // 2.6 s at 29.97 is frame 77.9 → 78.
    expect(markers[1]!.in).toBe(78);
  });
});

describe("ELAN (EAF)", () => {
  it("puts each speaker's cues on their own tier with millisecond time slots", async () => {
    const xml = await text("eaf", inputOf(CHINESE));
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml).ANNOTATION_DOCUMENT;
    expect(doc.HEADER.TIME_UNITS).toBe("milliseconds");
    expect(doc.HEADER.MEDIA_DESCRIPTOR.MIME_TYPE).toBe("video/mp4");
    const slots = new Map(
      (doc.TIME_ORDER.TIME_SLOT as { TIME_SLOT_ID: string; TIME_VALUE: string }[]).map((slot) => [
        slot.TIME_SLOT_ID,
        Number(slot.TIME_VALUE),
      ]),
    );
    const tiers = doc.TIER as {
      TIER_ID: string;
      PARTICIPANT: string;
      ANNOTATION: { ALIGNABLE_ANNOTATION: { TIME_SLOT_REF1: string; ANNOTATION_VALUE: string } }[];
    }[];
    expect(tiers.map((tier) => tier.TIER_ID)).toEqual(["陳大文", "講者 2"]);
    expect(tiers[1]!.PARTICIPANT).toBe("講者 2");
    const second = tiers[1]!.ANNOTATION.map((a) => a.ALIGNABLE_ANNOTATION);
    expect(second.map((a) => a.ANNOTATION_VALUE)).toEqual([
      "多謝邀請，好高興嚟到呢度。",
      "好呀，開始啦。",
    ]);
    expect(second.map((a) => slots.get(a.TIME_SLOT_REF1))).toEqual([2_600, 8_000]);
    expect(doc.LINGUISTIC_TYPE.TIME_ALIGNABLE).toBe("true");
  });
});
