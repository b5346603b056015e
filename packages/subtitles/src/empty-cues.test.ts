import { describe, expect, it } from "vitest";
import type { Cue } from "./cue.js";
import { cuesWithText } from "./empty-cues.js";
import { readJson, writeJson } from "./json.js";
import { writeSrt } from "./srt.js";
import { writeTxt } from "./txt.js";
import { writeVtt } from "./vtt.js";

const cues: Cue[] = [
  { index: 1, start: 0, end: 1000, text: "Hello", speaker: "S1" },
  { index: 2, start: 1000, end: 2000, text: "", speaker: "S1" },
  { index: 3, start: 2000, end: 3000, text: " \n ", speaker: "S2" },
  { index: 4, start: 3000, end: 4000, text: "Goodbye", speaker: "S2" },
];
const speakers = [
  { id: "S1", name: null },
  { id: "S2", name: null },
];

describe("empty cues", () => {
  it("are left out of every format, the rest numbered from 1", () => {
    expect(cuesWithText(cues).map((c) => [c.index, c.text])).toEqual([
      [1, "Hello"],
      [2, "Goodbye"],
    ]);
    const srt = writeSrt(cues, { speakers, locale: "zh-HK" });
    expect(srt).toBe(
      "1\n00:00:00,000 --> 00:00:01,000\n講者 1: Hello\n\n2\n00:00:03,000 --> 00:00:04,000\n講者 2: Goodbye\n",
    );
    expect(writeVtt(cues, { speakers })).not.toContain("00:00:01.000 -->");
    expect(writeVtt(cues, { speakers }).match(/-->/g)).toHaveLength(2);
    expect(writeTxt(cues, { speakers })).toBe("Speaker 1:\nHello\n\nSpeaker 2:\nGoodbye");
    expect(writeTxt(cues, { speakerNames: false })).toBe("Hello\n\nGoodbye");
    const json = readJson(writeJson({ language: "en", duration: 4000, cues, speakers }));
    expect(json.cues.map((c) => [c.index, c.text])).toEqual([
      [1, "Hello"],
      [2, "Goodbye"],
    ]);
  });

  it("leaves cues with text as they are", () => {
    const full = cues.filter((c) => c.text.trim() !== "");
    expect(cuesWithText(full)).toBe(full);
  });
});
