import { describe, expect, it } from "vitest";
import type { Transcript } from "./cue.js";
import { readJson, TranscriptJsonError, writeJson } from "./json.js";

const transcript: Transcript = {
  language: "en",
  duration: 5000,
  cues: [
    {
      index: 1,
      start: 0,
      end: 1000,
      text: "Hi",
      words: [{ text: " Hi", start: 0, end: 900, probability: 0.9 }],
    },
    { index: 2, start: 1200, end: 2000, text: "there\nfriend" },
  ],
};

describe("writeJson", () => {
  it("writes pretty JSON with language, duration and cues", () => {
    const json = writeJson(transcript);
    expect(json).toContain('\n  "language": "en",');
    expect(JSON.parse(json)).toEqual(transcript);
  });

  it("leaves out words when a cue has none and extra cue fields", () => {
    const extra = { ...transcript, cues: [{ index: 1, start: 0, end: 1, text: "x", note: "y" }] };
    expect(JSON.parse(writeJson(extra)).cues).toEqual([{ index: 1, start: 0, end: 1, text: "x" }]);
  });
});

describe("readJson", () => {
  it("round-trips writeJson", () => {
    expect(readJson(writeJson(transcript))).toEqual(transcript);
    expect(readJson(writeJson({ language: null, duration: 0, cues: [] }))).toEqual({
      language: null,
      duration: 0,
      cues: [],
    });
  });

  it("numbers cues without an index by position", () => {
    const cues = readJson(
      '{"language":null,"duration":1,"cues":[{"start":0,"end":1,"text":"a"}]}',
    ).cues;
    expect(cues).toEqual([{ index: 1, start: 0, end: 1, text: "a" }]);
  });

  it.each([
    ["not json", "not valid JSON"],
    ["[]", "transcript must be an object"],
    ['{"language":5,"duration":1,"cues":[]}', "language must be a string or null"],
    ['{"language":"en","cues":[]}', "duration must be a number"],
    ['{"language":"en","duration":1}', "cues must be an array"],
    [
      '{"language":"en","duration":1,"cues":[{"start":0,"end":1}]}',
      "cues[0].text must be a string",
    ],
    [
      '{"language":"en","duration":1,"cues":[{"start":"0","end":1,"text":""}]}',
      "cues[0].start must be a number",
    ],
    [
      '{"language":"en","duration":1,"cues":[{"start":0,"end":1,"text":"","words":{}}]}',
      "cues[0].words must be an array",
    ],
    [
      '{"language":"en","duration":1,"cues":[{"start":0,"end":1,"text":"","words":[{"text":"a","start":0}]}]}',
      "cues[0].words[0].end",
    ],
  ])("rejects %s", (text, message) => {
    expect(() => readJson(text)).toThrow(TranscriptJsonError);
    expect(() => readJson(text)).toThrow(message);
  });
});
