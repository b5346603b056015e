import { describe, expect, it } from "vitest";
import type { FrameRateName } from "@verbatim/contract";
import {
  frameEdgeMs,
  frameRate,
  frameRateOfVideo,
  framesDurationMs,
  framesToMs,
  gapAtRate,
  msToFrames,
  nudgeByFrames,
  parseSmpteTimecode,
  smpteTimecode,
  snapToFrame,
  storedFrameRate,
  timecodeParts,
  cuesOnFrames,
} from "./frame-rate.js";

describe("SMPTE timecode", () => {
  it("counts whole frames at 25 and 30 fps", () => {
    expect(smpteTimecode(3_600_000 + 61_040, frameRate("25"))).toBe("01:01:01:01");
    expect(smpteTimecode(500, frameRate("30"))).toBe("00:00:00:15");
  });

  it("drops frame numbers 0 and 1 each minute except every tenth at 29.97", () => {
    const rate = frameRate("29.97");
    // Frame 1800 is the first frame of minute 1: its number 00 and 01 are skipped.
    expect(smpteTimecode((1800 * 1001) / 30, rate)).toBe("00:01:00;02");
    expect(smpteTimecode((1799 * 1001) / 30, rate)).toBe("00:00:59;29");
    // Minute 10 keeps its frame numbers 00 and 01.
    expect(smpteTimecode((17982 * 1001) / 30, rate)).toBe("00:10:00;00");
    // An hour of real time is 01:00:00;00 in drop-frame (it keeps to the clock).
    expect(smpteTimecode(3_600_000, rate)).toBe("01:00:00;00");
  });

  it("counts 23.976 at 24 frames a timecode second, so its timecode runs slow of the clock", () => {
    const rate = frameRate("23.976");
    expect(msToFrames(1001, rate)).toBe(24);
    expect(smpteTimecode(1001, rate)).toBe("00:00:01:00");
    expect(smpteTimecode(3_600_000, rate)).toBe("00:59:56:10");
  });

  it("takes a video's rate to the nearest timecode rate, halving 50p and 59.94p", () => {
    expect(frameRateOfVideo(30000 / 1001)).toBe("29.97");
    expect(frameRateOfVideo(24000 / 1001)).toBe("23.976");
    expect(frameRateOfVideo(25)).toBe("25");
    expect(frameRateOfVideo(50)).toBe("25");
    expect(frameRateOfVideo(60000 / 1001)).toBe("29.97");
    expect(frameRateOfVideo(29.87)).toBe("29.97"); // a phone's variable rate, averaged
    expect(frameRateOfVideo(15)).toBeNull();
    expect(frameRateOfVideo(0)).toBeNull();
  });
});

describe("frame arithmetic at every rate", () => {
  const RATES: FrameRateName[] = ["23.976", "24", "25", "29.97", "30"];

  it.each(RATES)("reads back every timecode it writes, frame for frame, at %s", (name) => {
    const rate = frameRate(name);
    // The frames around every minute of the first eleven (drop-frame's whole cycle and one
    // more), every 7th frame between, then every 997th frame up to ten hours.
    const frames = new Set<number>();
    for (let minute = 0; minute <= 11; minute += 1) {
      const at = parseSmpteTimecode(`00:${String(minute).padStart(2, "0")}:00:02`, rate)!;
      for (let f = Math.max(0, at - 4); f < at + 4; f += 1) frames.add(f);
    }
    for (let f = 0; f < 11 * 60 * rate.nominal; f += 7) frames.add(f);
    for (let f = 20_000; f < 10 * 3600 * rate.nominal; f += 997) frames.add(f);
    const wrong = [...frames].filter((frame) => {
      const ms = frameEdgeMs(frame, rate);
      const exact = framesToMs(frame, rate);
      return (
        !Number.isInteger(ms) ||
        msToFrames(ms, rate) !== frame ||
        ms - exact < -1e-6 ||
        ms - exact >= 1 ||
        parseSmpteTimecode(smpteTimecode(ms, rate), rate) !== frame
      );
    });
    expect(wrong).toEqual([]);
  });

  it.each([
    ["25", "00:00:01:00", 25, 1000],
    ["25", "01:00:00:00", 90_000, 3_600_000],
    ["24", "00:00:00:23", 23, 959],
    ["30", "00:00:10:15", 315, 10_500],
    ["23.976", "00:00:01:00", 24, 1001],
    ["29.97", "00:01:00;02", 1800, 60_060],
    ["29.97", "00:10:00;00", 17_982, 600_000],
    ["29.97", "01:00:00;00", 107_892, 3_599_997],
  ] as const)("at %s, %s is frame %i, starting at %i ms", (name, timecode, frames, ms) => {
    const rate = frameRate(name);
    expect(parseSmpteTimecode(timecode, rate)).toBe(frames);
    expect(frameEdgeMs(frames, rate)).toBe(ms);
  });

  it.each([
    ["25", "00:00:00:25", "a frame number past the rate's last"],
    ["30", "00:00:00:30", "a frame number past the rate's last"],
    ["29.97", "00:01:00;00", "a dropped frame number"],
    ["29.97", "00:01:00;01", "a dropped frame number"],
    ["25", "00:61:00:00", "a minute past 59"],
    ["25", "1:00:00:00", "one hour digit"],
    ["25", "00:00:01,000", "milliseconds"],
  ] as const)("at %s, refuses %s (%s)", (name, timecode, _why) => {
    expect(parseSmpteTimecode(timecode, frameRate(name))).toBeNull();
  });

  it("keeps frame numbers 00 and 01 of every tenth minute in drop-frame", () => {
    const rate = frameRate("29.97");
    expect(parseSmpteTimecode("00:20:00;00", rate)).toBe(2 * 17_982);
    expect(timecodeParts(2 * 17_982, rate)).toEqual([0, 20, 0, 0]);
  });

  it.each([
    ["25", 1019, 1000, 1040],
    ["25", 1021, 1040, 1080],
    ["29.97", 1000, 1001, 1035],
    ["23.976", 0, 0, 42],
  ] as const)("at %s, snaps %i ms to %i and a frame on is %i", (name, ms, snapped, next) => {
    const rate = frameRate(name);
    expect(snapToFrame(ms, rate)).toBe(snapped);
    expect(nudgeByFrames(ms, 1, rate)).toBe(next);
    expect(nudgeByFrames(snapped, -1000, rate)).toBe(0);
  });

  it("counts the minimum gap in frames of the video, or of 23.976 without one", () => {
    expect(framesDurationMs(2, frameRate("25"))).toBe(80);
    expect(gapAtRate(2, "25")).toBe(80);
    expect(gapAtRate(2, "30")).toBe(67);
    expect(gapAtRate(2, "29.97")).toBe(67);
    expect(gapAtRate(2, "23.976")).toBe(84);
    expect(gapAtRate(2, null)).toBe(84);
    expect(gapAtRate(3, "24")).toBe(125);
  });

  it("reads a stored rate's name, and nothing else", () => {
    expect(storedFrameRate("29.97")).toBe("29.97");
    expect(storedFrameRate("toString")).toBeNull();
    expect(storedFrameRate(null)).toBeNull();
  });
});

describe("cues on frames", () => {
  it.each(["23.976", "25", "29.97"] as const)(
    "puts every edge on a frame at %s, 2 frames apart, none empty",
    (name) => {
      const rate = frameRate(name);
      const cues = [
        { start: 1003, end: 2019, text: "a" },
        { start: 2050, end: 2051, text: "b" },
        { start: 2100, end: 4000, text: "c" },
      ];
      const framed = cuesOnFrames(cues, rate, 2);
      for (const [i, cue] of framed.entries()) {
        for (const edge of [cue.start, cue.end]) {
          expect(frameEdgeMs(msToFrames(edge, rate), rate)).toBe(edge);
        }
        expect(msToFrames(cue.end, rate)).toBeGreaterThan(msToFrames(cue.start, rate));
        const next = framed[i + 1];
        if (next) {
          expect(msToFrames(next.start, rate) - msToFrames(cue.end, rate)).toBeGreaterThanOrEqual(
            2,
          );
        }
        expect(cue.text).toBe(cues[i]?.text);
      }
    },
  );
});
