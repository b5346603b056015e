import { describe, expect, it } from "vitest";
import { frameRate, frameRateOfVideo, msToFrames, smpteTimecode } from "./frame-rate.js";

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
