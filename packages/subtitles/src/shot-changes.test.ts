import { describe, expect, it } from "vitest";
import { snapToShotChanges } from "./shot-changes.js";

// The style guides' shot-change rules at 25 fps (a frame is 40 ms: 12 frames 480 ms, 2 frames
// 80 ms), with a 2-frame minimum gap.
const at25 = { frameMs: 40, gapMs: 80 };

describe("snapping to shot changes", () => {
  it.each([
    ["an in-time 7 frames before a change moves to it", [1000, 3000], [1280], [1280, 3000]],
    ["an in-time 7 frames after a change moves back to it", [1000, 3000], [720], [720, 3000]],
    ["an in-time exactly 12 frames away moves", [1000, 3000], [1480], [1480, 3000]],
    ["an in-time 13 frames away stays", [1000, 3000], [1520], [1000, 3000]],
    [
      "an out-time 5 frames before a change ends 2 frames before it",
      [1000, 3000],
      [3200],
      [1000, 3120],
    ],
    [
      "an out-time 5 frames after a change ends 2 frames before it",
      [1000, 3000],
      [2800],
      [1000, 2720],
    ],
    ["an out-time 15 frames away stays", [1000, 3000], [3600], [1000, 3000]],
    ["both edges, to two changes", [1000, 3000], [1200, 3100], [1200, 3020]],
  ] as const)("%s", (_, [start, end], changes, [wantStart, wantEnd]) => {
    const [cue] = snapToShotChanges([{ start, end }], changes, at25);
    expect([cue?.start, cue?.end]).toEqual([wantStart, wantEnd]);
  });

  it("moves the cue before a change out of the way, and never into a neighbour's gap", () => {
    const cues = [
      { start: 0, end: 900 },
      { start: 1000, end: 2000 },
      { start: 2100, end: 4000 },
    ];
    // 940 ms: cue 1 ends 2 frames before it and cue 2 starts on it. 2150 ms: cue 2 would end at
    // 2070, 30 ms before cue 3 starts (under the gap): it stays; cue 3 starts on the change.
    const snapped = snapToShotChanges(cues, [940, 2150], at25);
    expect(snapped.map(({ start, end }) => [start, end])).toEqual([
      [0, 860],
      [940, 2000],
      [2150, 4000],
    ]);
    // A cue too short to end before the change blocks the next one from starting on it.
    const blocked = [
      { start: 1000, end: 1030 },
      { start: 1100, end: 2000 },
    ];
    expect(snapToShotChanges(blocked, [1050], at25)).toBe(blocked);
  });

  it("leaves cues alone without shot changes, as the same array", () => {
    const cues = [{ start: 0, end: 1000 }];
    expect(snapToShotChanges(cues, [], at25)).toBe(cues);
    expect(snapToShotChanges(cues, [5000], at25)).toBe(cues);
  });
});
