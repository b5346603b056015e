import { describe, expect, it } from "vitest";
import { retimeOutputFormat } from "./retime-format.js";

describe("retimeOutputFormat", () => {
  it.each([
    ["talk.srt", "srt"],
    ["talk.vtt", "vtt"],
    ["script.docx", "srt"],
    ["script.txt", "srt"],
    ["talk.ttml", "srt"],
    ["talk.ass", "srt"],
    ["talk.json", "srt"],
  ])("writes %s re-timed as %s without -f, as docs/cli.md says", (file, format) => {
    expect(retimeOutputFormat(undefined, file)).toBe(format);
  });

  it("writes what -f names, any format transcribe writes", () => {
    expect(retimeOutputFormat("DOCX", "talk.srt")).toBe("docx");
    expect(() => retimeOutputFormat("mp3", "talk.srt")).toThrow(/--format must be one of/);
  });
});
