import { createRequire } from "node:module";
import { FRAME_RATES, type FrameRateName } from "@verbatim/contract";
import type { Cue } from "@verbatim/subtitles";
import { readSubtitleFile } from "@verbatim/subtitles/import";
import { describe, expect, it } from "vitest";
import { writeExport } from "./export-formats.js";
import type { ExportInput } from "./export-input.js";
import { frameRate, msToFrames, smpteTimecode } from "./frame-rate.js";

// IMSC 1.1 timed in frames (docs/broadcast.md, "IMSC timed in frames"): read back by imscJS,
// the IMSC reference implementation, whose times must be the frames' exact starts.

const load = createRequire(import.meta.url);
const imscDoc = load("imsc/src/main/js/doc.js") as {
  fromXML(
    xml: string,
    handler: Record<string, (message: string) => void>,
  ): { getMediaTimeEvents(): number[] };
};

/** Cues at times off the frames, one past ten minutes (29.97's drop-frame region). */
const cues: Cue[] = [
  { index: 1, start: 0, end: 1001, text: "First" },
  // 1 ms apart: the 2-frame gap must open on frames.
  { index: 2, start: 1002, end: 2500, text: "<i>Second</i>" },
  { index: 3, start: 60_060, end: 61_234, text: "At a minute" },
  { index: 4, start: 600_000, end: 603_337, text: "Ten minutes", position: "top" },
];

function input(extra: Partial<ExportInput>): ExportInput {
  return {
    transcript: { language: "en", duration: 610_000, cues },
    title: "frames.mp4",
    createdAt: new Date("2026-11-28T00:00:00Z"),
    ...extra,
  };
}

async function ttml(extra: Partial<ExportInput>): Promise<string> {
  const { body } = await writeExport("ttml", input(extra));
  return typeof body === "string" ? body : new TextDecoder().decode(body);
}

/** The document's times as imscJS computes them (s), and what it complained of. */
function imscTimes(xml: string): { times: number[]; problems: string[] } {
  const problems: string[] = [];
  const handler = Object.fromEntries(
    ["warn", "error", "fatal"].map((level) => [level, (m: string) => problems.push(m)]),
  );
  const doc = imscDoc.fromXML(xml, { ...handler, info: () => undefined });
  return { times: doc.getMediaTimeEvents(), problems };
}

describe("TTML / IMSC 1.1 timed in frames", () => {
  it.each(FRAME_RATES)(
    "at %s fps every time imscJS reads is a frame's exact start",
    async (name) => {
      const rate = frameRate(name as FrameRateName);
      const xml = await ttml({ frameRate: name as FrameRateName });
      expect(xml).toContain(`ttp:frameRate="${rate.nominal}"`);
      if (rate.denominator === 1001) {
        expect(xml).toContain('ttp:frameRateMultiplier="1000 1001"');
      } else {
        expect(xml).not.toContain("frameRateMultiplier");
      }
      const begins = [...xml.matchAll(/begin="([^"]*)"/g)].map((m) => m[1]!);
      const ends = [...xml.matchAll(/end="([^"]*)"/g)].map((m) => m[1]!);
      for (const time of [...begins, ...ends]) expect(time).toMatch(/^\d+f$/);

      const { times, problems } = imscTimes(xml);
      expect(problems).toEqual([]);
      const frameSeconds = rate.denominator / rate.numerator;
      for (const seconds of times) {
        const frames = Math.round(seconds / frameSeconds);
        // The exact start of a whole frame (N × 1001/30000 s at 29.97), not a rounded clock time.
        expect(Math.abs(seconds - frames * frameSeconds)).toBeLessThan(1e-9);
      }
      // Each cue starts on the frame nearest its time; the 1 ms gap became 2 whole frames.
      const startFrames = begins.map((time) => Number(time.slice(0, -1)));
      const endFrames = ends.map((time) => Number(time.slice(0, -1)));
      expect(startFrames).toEqual(cues.map((cue) => msToFrames(cue.start, rate)));
      expect(startFrames[1]! - endFrames[0]!).toBe(2);
    },
  );

  it("29.97 counts frames straight through: drop-frame timecode's numbers map to their frames", async () => {
    const rate = frameRate("29.97");
    const xml = await ttml({ frameRate: "29.97" });
    // 00:01:00;02 (frame numbers ;00 and ;01 are dropped) is frame 1800, 60.06 s.
    expect(smpteTimecode(60_060, rate)).toBe("00:01:00;02");
    expect(xml).toContain('begin="1800f"');
    // 00:10:00;00 is frame 17982, 599.9994 s (drop-frame timecode keeps near the clock).
    expect(smpteTimecode(600_000, rate)).toBe("00:10:00;00");
    expect(xml).toContain('begin="17982f"');
    const { times } = imscTimes(xml);
    expect(times).toContain((1800 * 1001) / 30000);
    expect(times.some((t) => Math.abs(t - (17982 * 1001) / 30000) < 1e-9)).toBe(true);
    // No SMPTE time base and so no ttp:dropMode: IMSC 1.1 times are on the media timeline.
    expect(xml).toContain('ttp:timeBase="media"');
    expect(xml).not.toContain("dropMode");
  });

  it("a broadcast preset is timed in frames at the default rate when the media has none", async () => {
    const xml = await ttml({ style: "netflix" });
    expect(xml).toContain('ttp:frameRate="25"');
    expect(xml).toContain('begin="1502f"'); // 60.06 s at 25 fps: frame 1501.5, rounded
  });

  it("without a frame rate or a broadcast preset the times stay clock times", async () => {
    const xml = await ttml({ style: "standard" });
    expect(xml).not.toContain("ttp:frameRate");
    expect(xml).toContain('begin="00:01:00.060"');
  });

  it("Verbatim's own import reads the frames back to the frames' starts", async () => {
    const rate = frameRate("23.976");
    const xml = await ttml({ frameRate: "23.976" });
    const imported = await readSubtitleFile(new TextEncoder().encode(xml), { format: "ttml" });
    const expected = cues.map((cue) => (msToFrames(cue.start, rate) * 1001) / 24);
    imported.cues.forEach((cue, i) =>
      expect(Math.abs(cue.start - expected[i]!)).toBeLessThanOrEqual(1),
    );
    expect(imported.cues[3]?.position).toBe("top");
  });
});
