import { describe, expect, it } from "vitest";
import { formatSpeakersOption, parseSpeakersOption, type SpeakersOption } from "./speakers.js";

describe("parseSpeakersOption", () => {
  it.each([
    [undefined, { kind: "off" }],
    ["off", { kind: "off" }],
    [" AUTO ", { kind: "auto" }],
    ["1", { kind: "exact", speakers: 1 }],
    ["10", { kind: "exact", speakers: 10 }],
    ["2-4", { kind: "range", minSpeakers: 2, maxSpeakers: 4 }],
    ["3 - 3", { kind: "exact", speakers: 3 }],
  ])("reads %j", (value, option) => {
    expect(parseSpeakersOption(value)).toEqual(option);
  });

  it.each(["0", "11", "-1", "4-2", "1-11", "two", "2.5", "1,3", "2-", "007", "auto-3"])(
    "refuses %j",
    (value) => {
      expect(parseSpeakersOption(value)).toBeNull();
    },
  );

  it("formats what it parsed back to the same text", () => {
    for (const text of ["off", "auto", "3", "2-4"]) {
      const option = parseSpeakersOption(text);
      expect(option).not.toBeNull();
      expect(formatSpeakersOption(option as SpeakersOption)).toBe(text);
    }
  });
});
