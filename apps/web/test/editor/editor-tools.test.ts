import { describe, expect, it } from "vitest";
import { splitAtTime } from "../../src/features/editor/cue-operations";
import { readingStats } from "../../src/features/editor/cue-checks";
import { editorReducer, initialState } from "../../src/features/editor/editor-history";
import {
  countMatches,
  matchRange,
  nextMatch,
  replaceAll,
  replaceOne,
} from "../../src/features/editor/find-replace";
import { shortcutFor } from "../../src/features/editor/use-shortcuts";
import type { EditorCue } from "../../src/features/editor/types";

const cue = (key: number, start: string, end: string, text: string): EditorCue => ({
  key,
  start,
  end,
  text,
});

const cues = (): EditorCue[] => [
  cue(1, "00:00:01,000", "00:00:05,000", "one two three four"),
  cue(2, "00:00:06,000", "00:00:08,000", "the cat and the dog"),
  cue(3, "00:00:09,000", "00:00:10,000", "nothing here"),
  cue(4, "00:00:11,000", "00:00:13,000", "The end"),
];

describe("split at the playhead", () => {
  it("cuts the cue under the time at that time, dividing the text at the nearest word", () => {
    const result = splitAtTime(cues(), 3000, 9);
    expect(result).toHaveLength(5);
    // The first half ends the minimum gap (2 frames at 23.976: 84 ms) before the second.
    expect(result[0]).toMatchObject({
      start: "00:00:01,000",
      end: "00:00:02,916",
      text: "one two",
    });
    expect(result[1]).toMatchObject({
      key: 9,
      start: "00:00:03,000",
      end: "00:00:05,000",
      text: "three four",
    });
    expect(result.slice(2).map((c) => c.key)).toEqual([2, 3, 4]);
  });

  it("changes nothing between cues or on a cue's edge", () => {
    const before = cues();
    expect(splitAtTime(before, 5500, 9)).toBe(before);
    expect(splitAtTime(before, 6000, 9)).toBe(before);
  });

  it("splits Chinese text, which has no spaces, at the proportional character", () => {
    const result = splitAtTime([cue(1, "00:00:00,000", "00:00:04,000", "今天天氣很好")], 2000, 2);
    expect(result.map((c) => c.text)).toEqual(["今天天", "氣很好"]);
  });

  it("is one undo step in the editor's history", () => {
    let state = initialState(cues());
    state = editorReducer(state, { type: "split-at", ms: 7000 });
    expect(state.cues).toHaveLength(5);
    state = editorReducer(state, { type: "undo" });
    expect(state.cues).toEqual(cues());
  });
});

describe("find next, previous and replace one", () => {
  const options = { caseSensitive: false };

  it("goes to the next and previous cue with a match, wrapping around", () => {
    const list = cues();
    expect(nextMatch(list, "the", options, -1, 1)).toBe(1);
    expect(nextMatch(list, "the", options, 1, 1)).toBe(3);
    expect(nextMatch(list, "the", options, 3, 1)).toBe(1);
    expect(nextMatch(list, "the", options, 1, -1)).toBe(3);
    expect(nextMatch(list, "the", { caseSensitive: true }, 1, 1)).toBe(1);
    expect(nextMatch(list, "zebra", options, 0, 1)).toBe(-1);
  });

  it("replaces only the first match in the chosen cue, literally", () => {
    const list = cues();
    const result = replaceOne(list, 1, "the", "$&a", options);
    expect(result[1]?.text).toBe("$&a cat and the dog");
    expect(result[3]).toBe(list[3]);
    expect(replaceOne(list, 2, "the", "x", options)).toBe(list);
  });

  it("locates the match to select in the text field", () => {
    expect(matchRange("The cat", "cat", options)).toEqual([4, 7]);
    expect(matchRange("The cat", "dog", options)).toBeNull();
  });
});

describe("find and replace over styled subtitles", () => {
  const options = { caseSensitive: false };
  const styled = (): EditorCue[] => [
    cue(1, "00:00:01,000", "00:00:03,000", "<i>This</i> is <b>big</b>"),
    cue(2, "00:00:04,000", "00:00:06,000", "<u>bi</u>g <i>words</i>, typed &lt;i>"),
  ];

  it("never matches inside a tag: it sees the text as shown", () => {
    // "i" is in "This", "is", "big", "bi", "typed <i>" — never in the <i> and </i> tags.
    expect(countMatches(styled(), "i", options)).toBe(5);
    expect(countMatches(styled(), "<b>", options)).toBe(0);
    expect(countMatches(styled(), "is big", options)).toBe(1);
    // Across the end of a style: "big" is "<u>bi</u>g".
    expect(countMatches(styled(), "big", options)).toBe(2);
    // A typed "<i>" is text and is found.
    expect(countMatches(styled(), "<i>", options)).toBe(1);
    expect(nextMatch(styled(), "words", options, -1, 1)).toBe(1);
    // The range is in the plain text the text box shows.
    expect(matchRange("<i>This</i> is <b>big</b>", "big", options)).toEqual([8, 11]);
  });

  it("keeps the styles when replacing: the replacement takes the replaced word's", () => {
    const all = replaceAll(styled(), "big", "huge", options);
    expect(all[0]?.text).toBe("<i>This</i> is <b>huge</b>");
    expect(all[1]?.text).toBe("<u>huge</u> <i>words</i>, typed &lt;i>");
    // A replacement that looks like a tag stays text.
    expect(replaceAll(styled(), "words", "<b>x</b>", options)[1]?.text).toBe(
      "<u>bi</u>g <i>&lt;b>x&lt;/b></i>, typed &lt;i>",
    );
    // Replacing "i" never touches the tags.
    expect(replaceAll(styled(), "i", "I", { caseSensitive: true })[0]?.text).toBe(
      "<i>ThIs</i> Is <b>bIg</b>",
    );
    expect(replaceOne(styled(), 0, "is", "was", options)[0]?.text).toBe(
      "<i>Thwas</i> is <b>big</b>",
    );
  });
});

describe("reading numbers", () => {
  it("gives characters per second and each line's length", () => {
    const stats = readingStats(cue(1, "00:00:00,000", "00:00:02,000", "Hello there\nfriend"), "en");
    expect(stats.lineLengths).toEqual([11, 6]);
    expect(stats.cps).toBeCloseTo(18 / 2, 5);
    expect(stats.limits.maxCharsPerLine).toBe(42);
  });

  it("has no speed while a time is invalid", () => {
    expect(readingStats(cue(1, "0:00", "00:00:02,000", "Hi"), "en").cps).toBeNull();
  });
});

describe("cue shortcuts", () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent("keydown", init);

  it("maps the row actions to Alt shortcuts by key position", () => {
    expect(shortcutFor(key({ key: "Enter", altKey: true }))).toBe("splitCue");
    expect(shortcutFor(key({ key: "Enter", altKey: true, shiftKey: true }))).toBe(
      "splitAtPlayhead",
    );
    expect(shortcutFor(key({ key: "µ", code: "KeyM", altKey: true }))).toBe("mergeNext");
    expect(shortcutFor(key({ key: "n", code: "KeyN", altKey: true }))).toBe("insertCue");
    expect(shortcutFor(key({ key: "i", ctrlKey: true }))).toBe("italic");
    expect(shortcutFor(key({ key: "B", ctrlKey: true }))).toBe("bold");
    expect(shortcutFor(key({ key: "u", metaKey: true }))).toBe("underline");
    expect(shortcutFor(key({ key: "†", code: "KeyT", altKey: true }))).toBe("toggleTop");
    expect(shortcutFor(key({ key: "Backspace", altKey: true, shiftKey: true }))).toBe("deleteCue");
    expect(shortcutFor(key({ key: "Backspace", altKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "f", ctrlKey: true }))).toBe("openFind");
    expect(shortcutFor(key({ key: "F3" }))).toBe("findNext");
    expect(shortcutFor(key({ key: "F3", shiftKey: true }))).toBe("findPrevious");
  });
});
