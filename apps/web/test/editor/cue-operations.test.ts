import { describe, expect, it } from "vitest";
import {
  deleteCue,
  earliestTime,
  fixOverlaps,
  fromSubtitles,
  insertAfter,
  insertShortens,
  mergeWithNext,
  middleBoundary,
  overlappingCues,
  shiftAll,
  sortByStart,
  placeCue,
  splitAtTime,
  splitCue,
  styleCue,
  timeMs,
  tooCloseCues,
  toSubtitles,
  uncheckedMismatches,
} from "../../src/features/editor/cue-operations";
import { editorReducer, initialState } from "../../src/features/editor/editor-history";
import { countMatches, replaceAll } from "../../src/features/editor/find-replace";
import { fromPlainText, toPlainText } from "../../src/features/editor/plain-text";
import type { EditorCue } from "../../src/features/editor/types";

const cue = (key: number, start: string, end: string, text: string): EditorCue => ({
  key,
  start,
  end,
  text,
});

const two = (): EditorCue[] => [
  cue(1, "00:00:01,000", "00:00:05,000", "Hello there world"),
  cue(2, "00:00:06,000", "00:00:08,000", "Second line"),
];

describe("styles and places", () => {
  const styled = (): EditorCue[] => [
    { ...cue(1, "00:00:01,000", "00:00:05,000", "<i>Hello there</i> world"), position: "top" },
  ];

  it("splits at a caret in the shown text, each half keeping its styles and the place", () => {
    const [a, b] = splitCue(styled(), 0, 6, 9);
    expect(a).toMatchObject({ text: "<i>Hello</i>", position: "top" });
    expect(b).toMatchObject({ text: "<i>there</i> world", position: "top" });
    const [c, d] = splitAtTime(styled(), 3000, 9);
    expect([c?.text, d?.text]).toEqual(["<i>Hello there</i>", "world"]);
  });

  it("styles a span or the whole cue, and places it, without touching the others", () => {
    const cues = [...styled(), cue(2, "00:00:06,000", "00:00:08,000", "Second")];
    expect(styleCue(cues, 0, "bold", 12, 17)[0]?.text).toBe("<i>Hello there</i> <b>world</b>");
    expect(styleCue(cues, 1, "underline", 0, 0)[1]?.text).toBe("<u>Second</u>");
    expect(styleCue(cues, 0, "italic", 0, 0)[0]?.text).toBe("<i>Hello there world</i>");
    const placed = placeCue(cues, 0, { position: "bottom", align: "left" });
    expect(placed[0]).toEqual({ ...cues[0], position: undefined, align: "left" });
    expect(placed[0]).not.toHaveProperty("position");
    expect(placed[1]).toBe(cues[1]);
    expect(toSubtitles(placed)[0]).toMatchObject({ align: "left" });
    expect(fromSubtitles(toSubtitles(placed))[0]).toMatchObject({ align: "left" });
  });
});

describe("split", () => {
  it("splits the text at the caret, keeps all of it, and orders the times by characters", () => {
    const [a, b, c] = splitCue(two(), 0, 6, 9);
    expect(a?.text).toBe("Hello");
    expect(b?.text).toBe("there world");
    expect(`${a?.text} ${b?.text}`).toBe("Hello there world");
    expect(a?.start).toBe("00:00:01,000");
    expect(b?.end).toBe("00:00:05,000");
    const middle = timeMs(b?.start ?? "") ?? -1;
    // 5 of 16 characters before the split: 1000 + 4000 * 5/16 = 2250
    expect(middle).toBe(2250);
    // The first half ends the minimum gap (2 frames at 23.976: 84 ms) before the second starts.
    expect(timeMs(a?.end ?? "")).toBe(2250 - 84);
    // At 25 fps the gap is 2 frames of 40 ms.
    const [d, e] = splitCue(two(), 0, 6, 9, 80);
    expect((timeMs(e?.start ?? "") ?? 0) - (timeMs(d?.end ?? "") ?? 0)).toBe(80);
    expect(b?.key).toBe(9);
    expect(c?.text).toBe("Second line");
  });

  it("splits at the word boundary nearest the middle without a caret", () => {
    expect(middleBoundary("one two three four")).toBe(7);
    const [a, b] = splitCue(two(), 0, null, 9);
    expect([a?.text, b?.text]).toEqual(["Hello", "there world"]);
  });

  it("does nothing when a half would be empty", () => {
    const cues = [cue(1, "00:00:00,000", "00:00:01,000", "Word")];
    expect(splitCue(cues, 0, 0, 2)).toHaveLength(2);
    expect(splitCue([cue(1, "00:00:00,000", "00:00:01,000", "X")], 0, null, 2)).toHaveLength(1);
  });
});

describe("minimum gap", () => {
  it("fix-timing opens a gap under the minimum by ending the earlier cue sooner", () => {
    const close = [
      cue(1, "00:00:01,000", "00:00:03,000", "One"),
      cue(2, "00:00:03,040", "00:00:05,000", "Two"),
    ];
    expect(overlappingCues(close).size).toBe(0);
    expect([...tooCloseCues(close, 80)]).toEqual([1]);
    const [a, b] = fixOverlaps(close, 80);
    expect([a?.end, b?.start]).toEqual(["00:00:02,960", "00:00:03,040"]);
    expect(tooCloseCues(fixOverlaps(close, 80), 80).size).toBe(0);
    // A gap that already keeps the minimum is left alone.
    expect(fixOverlaps(close, 40)).toBe(close);
  });
});

describe("merge, insert, delete, renumber", () => {
  it("merges with the next: joined text, times spanning both", () => {
    const merged = mergeWithNext(two(), 0);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toEqual(
      cue(1, "00:00:01,000", "00:00:08,000", "Hello there world\nSecond line"),
    );
    expect(mergeWithNext(two(), 1)).toHaveLength(2);
  });

  it("inserts an empty cue after one, within the gap, never over the next", () => {
    const cues = insertAfter(two(), 0, 3);
    expect(cues.map((c) => c.key)).toEqual([1, 3, 2]);
    // The 1 s gap, less the usual 84 ms on either side.
    expect(cues[1]).toEqual(cue(3, "00:00:05,084", "00:00:05,916", ""));
    expect(overlappingCues(cues).size).toBe(0);
    expect(insertAfter([], -1, 1)).toEqual([cue(1, "00:00:00,000", "00:00:02,000", "")]);
    // After the last: 2 s after a gap.
    expect(insertAfter(two(), 1, 3)[2]).toEqual(cue(3, "00:00:08,084", "00:00:10,084", ""));
  });

  it("with no gap, inserts into the second half of the cue before", () => {
    const touching = [
      cue(1, "00:00:01,000", "00:00:03,000", "a"),
      cue(2, "00:00:03,000", "00:00:04,000", "b"),
    ];
    expect(insertShortens(touching, 0)).toBe(true);
    const cues = insertAfter(touching, 0, 3);
    expect(cues).toEqual([
      cue(1, "00:00:01,000", "00:00:02,000", "a"),
      {
        ...cue(3, "00:00:02,000", "00:00:03,000", ""),
        tookTimeFrom: { key: 1, end: "00:00:03,000" },
      },
      touching[1],
    ]);
    expect(overlappingCues(cues).size).toBe(0);
  });

  it("gives the time back when the cue inserted into the one before is deleted", () => {
    // The reported case: 4.777 s halved to 2.481 s by "Insert after", and kept so after the
    // new cue was deleted.
    const touching = [
      cue(1, "00:00:10,000", "00:00:14,777", "a"),
      cue(2, "00:00:14,777", "00:00:16,000", "b"),
    ];
    const inserted = insertAfter(touching, 0, 3);
    expect(inserted[0]?.end).not.toBe("00:00:14,777");
    expect(deleteCue(inserted, 1)).toEqual(touching);
    expect(toSubtitles(deleteCue(inserted, 1))).toEqual(toSubtitles(touching));
    // Once either cue is re-timed, deleting takes nothing back.
    const retimed = inserted.map((c) => (c.key === 1 ? { ...c, end: "00:00:12,000" } : c));
    expect(deleteCue(retimed, 1)[0]?.end).toBe("00:00:12,000");
    // With room after the cue, nothing is shortened and nothing is lent.
    expect(insertShortens(two(), 0)).toBe(false);
    expect(insertAfter(two(), 0, 3)[1]?.tookTimeFrom).toBeUndefined();
  });

  it("deletes and renumbers from 1 in list order", () => {
    const cues = deleteCue(insertAfter(two(), 1, 3), 0);
    expect(toSubtitles(cues)).toEqual([
      { id: 1, startTime: "00:00:06,000", endTime: "00:00:08,000", text: "Second line" },
      { id: 2, startTime: "00:00:08,084", endTime: "00:00:10,084", text: "" },
    ]);
  });

  it("sorts by start time, invalid times last", () => {
    const cues = [
      cue(1, "00:00:09,000", "00:00:10,000", "b"),
      cue(2, "bad", "x", "c"),
      cue(3, "00:00:01,000", "00:00:02,000", "a"),
    ];
    expect(sortByStart(cues).map((c) => c.text)).toEqual(["a", "b", "c"]);
  });

  it("reads subtitles and writes them back unchanged", () => {
    const subtitles = [{ id: 1, startTime: "00:00:01,000", endTime: "00:00:02,000", text: "x" }];
    expect(toSubtitles(fromSubtitles(subtitles))).toEqual(subtitles);
  });

  it("keeps a re-timed cue's mismatches until checked, and a bilingual cue's translation", () => {
    const mismatch = { script: "不要問", heard: "", startMs: 1000, endMs: 2000 };
    const subtitles = [
      {
        id: 1,
        startTime: "00:00:01,000",
        endTime: "00:00:02,000",
        text: "不要問",
        mismatches: [mismatch],
        translation: "Ask not",
      },
      { id: 2, startTime: "00:00:02,000", endTime: "00:00:03,000", text: "x" },
    ];
    const cues = fromSubtitles(subtitles);
    expect(toSubtitles(cues)).toEqual(subtitles);
    expect(uncheckedMismatches(cues)).toEqual([0]);
    const state = editorReducer(initialState(cues), { type: "mark-checked", index: 0 });
    expect(uncheckedMismatches(state.cues)).toEqual([]);
    expect(toSubtitles(state.cues)[0]).toEqual({
      id: 1,
      startTime: "00:00:01,000",
      endTime: "00:00:02,000",
      text: "不要問",
      translation: "Ask not",
    });
    // Undo brings the mismatches back.
    expect(uncheckedMismatches(editorReducer(state, { type: "undo" }).cues)).toEqual([0]);
  });
});

describe("shift", () => {
  it("moves every valid time, leaving invalid ones as typed", () => {
    const cues = [...two(), cue(3, "00:00:0", "00:00:09,000", "bad")];
    const shifted = shiftAll(cues, -1000);
    expect(shifted.map((c) => [c.start, c.end])).toEqual([
      ["00:00:00,000", "00:00:04,000"],
      ["00:00:05,000", "00:00:07,000"],
      ["00:00:0", "00:00:08,000"],
    ]);
    expect(shiftAll(two(), 250)[0]?.start).toBe("00:00:01,250");
  });

  it("refuses a shift that would move a time below zero (nothing piles up at zero)", () => {
    const cues = two();
    expect(earliestTime(cues)).toBe(1000);
    expect(shiftAll(cues, -1001)).toBe(cues);
    expect(shiftAll(cues, -60_000)).toBe(cues);
    expect(earliestTime([cue(1, "bad", "x", "")])).toBeNull();
  });
});

describe("overlaps", () => {
  const overlapping = () => [
    cue(1, "00:00:01,000", "00:00:05,000", "a"),
    cue(2, "00:00:04,000", "00:00:06,000", "b"),
    cue(3, "00:00:06,500", "00:00:07,000", "c"),
    cue(4, "00:00:06,600", "00:00:08,000", "d"),
  ];

  it("finds cues that start before the one above ends", () => {
    expect([...overlappingCues(overlapping())]).toEqual([1, 3]);
    expect(overlappingCues(two()).size).toBe(0);
  });

  it("fixes them by ending the earlier cue a gap before, or moving a short one after", () => {
    const fixed = fixOverlaps(overlapping());
    expect(fixed.map((c) => [c.start, c.end])).toEqual([
      ["00:00:01,000", "00:00:03,916"], // ends 84 ms before b
      ["00:00:04,000", "00:00:06,000"],
      ["00:00:06,500", "00:00:07,000"], // would keep only 16 ms: d moves after it instead
      ["00:00:07,084", "00:00:08,000"], // starts later, keeps its own end
    ]);
    expect(overlappingCues(fixed).size).toBe(0);
    const clean = two();
    expect(fixOverlaps(clean)).toBe(clean);
  });

  it("never moves a cue's end past where it was (the reported 10.174 s that became 12.348 s)", () => {
    const cues = [
      cue(1, "00:00:06,000", "00:00:08,000", "before"),
      cue(2, "00:00:08,500", "00:00:11,090", "long"),
      cue(3, "00:00:09,000", "00:00:10,174", "inside"),
      cue(4, "00:00:11,500", "00:00:13,000", "after"),
    ];
    const fixed = fixOverlaps(cues);
    expect(fixed[2]!.end).toBe("00:00:10,174");
    expect(overlappingCues(fixed).size).toBe(0);
    for (const [i, fixedCue] of fixed.entries()) {
      const was = cues[i]!;
      // Each cue only shrinks inside its own old times, so it stays between its neighbours.
      expect(timeMs(fixedCue.start)!).toBeGreaterThanOrEqual(timeMs(was.start)!);
      expect(timeMs(fixedCue.end)!).toBeLessThanOrEqual(timeMs(was.end)!);
      expect(timeMs(fixedCue.end)!).toBeGreaterThan(timeMs(fixedCue.start)!);
    }
    expect(fixed[0]).toBe(cues[0]);
    expect(fixed[3]).toBe(cues[3]);
  });

  it("leaves a pair it cannot fix without emptying a cue", () => {
    const cues = [
      cue(1, "00:00:01,000", "00:00:05,000", "outer"),
      cue(2, "00:00:01,000", "00:00:03,000", "inner"),
    ];
    expect(fixOverlaps(cues).map((c) => [c.start, c.end])).toEqual([
      ["00:00:01,000", "00:00:05,000"],
      ["00:00:01,000", "00:00:03,000"],
    ]);
  });
});

describe("find and replace", () => {
  const cues = [
    cue(1, "00:00:00,000", "00:00:01,000", "The cat and the CAT"),
    cue(2, "00:00:01,000", "00:00:02,000", "cat."),
  ];
  it("counts matches, with or without case", () => {
    expect(countMatches(cues, "cat", { caseSensitive: false })).toBe(3);
    expect(countMatches(cues, "cat", { caseSensitive: true })).toBe(2);
    expect(countMatches(cues, ".", { caseSensitive: true })).toBe(1);
    expect(countMatches(cues, "", { caseSensitive: false })).toBe(0);
  });
  it("replaces every match literally", () => {
    const replaced = replaceAll(cues, "cat", "$&dog", { caseSensitive: false });
    expect(replaced.map((c) => c.text)).toEqual(["The $&dog and the $&dog", "$&dog."]);
  });
});

describe("plain text", () => {
  const four = () => [
    cue(1, "00:00:01,000", "00:00:02,000", "One"),
    cue(2, "00:00:03,000", "00:00:04,000", "Two"),
    cue(3, "00:00:05,000", "00:00:06,000", "Three"),
    cue(4, "00:00:07,000", "00:00:08,000", "Four"),
  ];

  it("keeps an edited paragraph on its cue's timing, and adds new ones after the last", () => {
    const cues = fromPlainText("First\n\n  Second  \nline\n\n\nThird", two(), 3);
    expect(cues).toEqual([
      cue(1, "00:00:01,000", "00:00:05,000", "First"),
      cue(2, "00:00:06,000", "00:00:08,000", "Second\nline"),
      cue(3, "00:00:08,084", "00:00:10,084", "Third"),
    ]);
    expect(toPlainText(two())).toBe("Hello there world\n\nSecond line");
  });

  it("deleting a paragraph removes exactly its cue; later texts keep their timings", () => {
    const cues = fromPlainText("One\n\nThree\n\nFour", four(), 5);
    expect(cues).toEqual([four()[0], four()[2], four()[3]]);
  });

  it("moves nothing when paragraphs are reordered or one is inserted in the middle", () => {
    const inserted = fromPlainText("One\n\nTwo\n\nNew\n\nThree\n\nFour", four(), 5);
    expect(inserted.map((c) => [c.text, c.start, c.end])).toEqual([
      ["One", "00:00:01,000", "00:00:02,000"],
      ["Two", "00:00:03,000", "00:00:04,000"],
      ["New", "00:00:04,084", "00:00:04,916"], // the gap between Two and Three
      ["Three", "00:00:05,000", "00:00:06,000"],
      ["Four", "00:00:07,000", "00:00:08,000"],
    ]);
  });

  it("shares a merged or split cue's span between its paragraphs", () => {
    const merged = fromPlainText("One\n\nTwo Three\n\nFour", four(), 5);
    expect(merged.map((c) => [c.key, c.text, c.start, c.end])).toEqual([
      [1, "One", "00:00:01,000", "00:00:02,000"],
      [2, "Two Three", "00:00:03,000", "00:00:06,000"],
      [4, "Four", "00:00:07,000", "00:00:08,000"],
    ]);
    const split = fromPlainText("One\n\nTw\n\no\n\nThree\n\nFour", four(), 5);
    expect(split.map((c) => [c.text, c.start, c.end])).toEqual([
      ["One", "00:00:01,000", "00:00:02,000"],
      ["Tw", "00:00:03,000", "00:00:03,667"],
      ["o", "00:00:03,667", "00:00:04,000"],
      ["Three", "00:00:05,000", "00:00:06,000"],
      ["Four", "00:00:07,000", "00:00:08,000"],
    ]);
  });

  it("shows styled cues as plain text and keeps their styles when read back", () => {
    const styled = [
      cue(1, "00:00:01,000", "00:00:02,000", "<i>One</i> fish"),
      cue(2, "00:00:03,000", "00:00:04,000", "Two <b>red</b>"),
      cue(3, "00:00:05,000", "00:00:06,000", "Three"),
    ];
    const shown = toPlainText(styled);
    expect(shown).toBe("One fish\n\nTwo red\n\nThree");
    // Unchanged: the same cues; edited: the kept words keep their style.
    expect(fromPlainText(shown, styled, 4)).toEqual(styled);
    const edited = fromPlainText("One fishes\n\nTwo red\n\nThree", styled, 4);
    expect(edited[0]?.text).toBe("<i>One</i> fishes");
    // Merged: each word keeps its style; typed markup is text, not a style.
    const merged = fromPlainText("One fish Two red\n\nThree", styled, 4);
    expect(merged.map((c) => c.text)).toEqual(["<i>One</i> fish Two <b>red</b>", "Three"]);
    const typed = fromPlainText(`${shown}\n\nFour <i>`, styled, 4);
    expect(typed.at(-1)?.text).toBe("Four &lt;i>");
  });

  it("keeps cues without text, which the plain view cannot show", () => {
    const cues = [...four().slice(0, 2), cue(9, "00:00:04,100", "00:00:04,500", ""), four()[2]!];
    const edited = fromPlainText("One\n\nTwo!\n\nThree", cues, 10);
    expect(edited.map((c) => c.key)).toEqual([1, 2, 9, 3]);
    expect(edited[1]?.text).toBe("Two!");
  });
});

describe("undo and redo", () => {
  it("steps back and forth, and a new edit clears redo", () => {
    let state = initialState(two());
    state = editorReducer(state, { type: "delete", index: 0 });
    state = editorReducer(state, { type: "edit-text", index: 0, text: "Changed" });
    expect(state.cues.map((c) => c.text)).toEqual(["Changed"]);
    state = editorReducer(state, { type: "undo" });
    expect(state.cues.map((c) => c.text)).toEqual(["Second line"]);
    state = editorReducer(state, { type: "undo" });
    expect(state.cues).toEqual(two());
    expect(editorReducer(state, { type: "undo" })).toBe(state);
    state = editorReducer(state, { type: "redo" });
    expect(state.cues.map((c) => c.text)).toEqual(["Second line"]);
    state = editorReducer(state, { type: "shift", offsetMs: 1000 });
    expect(state.future).toEqual([]);
    expect(editorReducer(state, { type: "redo" })).toBe(state);
  });

  it("groups typing in one text into one step, and starts another after a pause", () => {
    let state = initialState(two());
    for (const [text, at] of [
      ["A", 1000],
      ["AB", 1200],
      ["ABC", 1400],
      ["ABC D", 3000],
    ] as const) {
      state = editorReducer(state, { type: "edit-text", index: 0, text, at });
    }
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: "undo" });
    expect(state.cues[0]?.text).toBe("ABC");
    state = editorReducer(state, { type: "undo" });
    expect(state.cues[0]?.text).toBe("Hello there world");
  });

  it("undoes typing and structure in the order they happened", () => {
    let state = initialState(two());
    state = editorReducer(state, { type: "delete", index: 0 });
    state = editorReducer(state, { type: "edit-text", index: 0, text: "Typed", at: 5000 });
    state = editorReducer(state, { type: "undo" });
    expect(state.cues.map((c) => c.text)).toEqual(["Second line"]);
    state = editorReducer(state, { type: "undo" });
    expect(state.cues).toEqual(two());
  });

  it("groups typing in one time field into one step", () => {
    let state = initialState(two());
    for (const value of ["00:00:0", "00:00:02", "00:00:02,000"]) {
      state = editorReducer(state, { type: "edit-time", index: 0, field: "start", value });
    }
    expect(state.past).toHaveLength(1);
    state = editorReducer(state, { type: "undo" });
    expect(state.cues[0]?.start).toBe("00:00:01,000");
  });
});
