import { describe, expect, it } from "vitest";
import { gapFix, keepMinimumGap, minimumGapMs } from "./minimum-gap.js";
import { STYLE_PRESETS } from "./style-presets.js";

describe("the minimum gap between cues", () => {
  it("is 2 frames in every preset, 84 ms without a frame rate", () => {
    for (const preset of Object.values(STYLE_PRESETS)) {
      expect(preset.spaced.minGapFrames).toBe(2);
      expect(preset.spaced.minGapMs).toBe(84);
      expect(preset.cjk.default.minGapFrames).toBe(2);
    }
    expect(minimumGapMs(2, 40)).toBe(80);
    expect(minimumGapMs(2, 1001 / 30)).toBe(67);
  });

  it.each([
    // [cue, next, gap, fix]
    ["kept", [0, 1000], [1080, 2000], 80, null],
    ["touching: the out-time moves", [0, 1000], [1000, 2000], 80, { end: 920 }],
    ["overlapping: the out-time moves", [0, 1500], [1000, 2000], 80, { end: 920 }],
    [
      "first would keep under half: the in-time moves",
      [0, 3000],
      [1000, 5000],
      80,
      { nextStart: 3080 },
    ],
    ["one inside the other from the same start", [0, 2000], [0, 1000], 80, null],
  ] as const)("%s", (_, [start, end], [nextStart, nextEnd], gap, fix) => {
    expect(gapFix({ start, end }, { start: nextStart, end: nextEnd }, gap)).toEqual(fix);
  });

  it("keeps the gap along a list, changing only the cues it must", () => {
    const cues = [
      { start: 0, end: 1000, id: "a" },
      { start: 1000, end: 2000, id: "b" },
      { start: 2500, end: 3000, id: "c" },
    ];
    const kept = keepMinimumGap(cues, 80);
    expect(kept.map(({ start, end }) => [start, end])).toEqual([
      [0, 920],
      [1000, 2000],
      [2500, 3000],
    ]);
    expect(kept[1]).toBe(cues[1]);
    expect(kept[0]?.id).toBe("a");
    expect(keepMinimumGap(kept, 80)).toBe(kept);
  });
});
