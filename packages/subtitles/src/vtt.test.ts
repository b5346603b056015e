import { describe, expect, it } from "vitest";
import { readVtt, writeVtt } from "./vtt.js";

describe("writeVtt", () => {
  it("writes the header and dot-separated times", () => {
    expect(writeVtt([{ index: 1, start: 1000, end: 62_500, text: "Hello\nworld" }])).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:01:02.500\nHello\nworld\n",
    );
  });

  it("escapes markup characters", () => {
    expect(writeVtt([{ index: 1, start: 0, end: 1000, text: "a < b & c" }])).toContain(
      "a &lt; b &amp; c",
    );
  });

  it("writes only the header for no cues", () => {
    expect(writeVtt([])).toBe("WEBVTT\n");
  });
});

describe("readVtt", () => {
  it("skips the header with its metadata and reads cues", () => {
    const text =
      "WEBVTT - My film\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.000\nOne\n";
    expect(readVtt(text)).toEqual([{ index: 1, start: 1000, end: 2000, text: "One" }]);
  });

  it("skips NOTE, STYLE and REGION blocks", () => {
    const text = [
      "WEBVTT",
      "NOTE a comment\nover two lines",
      "STYLE\n::cue { color: yellow }",
      "REGION\nid:fred width:40%",
      "00:00:01.000 --> 00:00:02.000\nOne",
      "NOTE\nanother",
      "00:00:03.000 --> 00:00:04.000\nTwo",
    ].join("\n\n");
    expect(readVtt(text).map((cue) => cue.text)).toEqual(["One", "Two"]);
  });

  it("accepts cue identifiers, settings and times without hours", () => {
    const text =
      "WEBVTT\n\nintro\n00:01.000 --> 00:02.500 align:start position:10%\nOne\n\n2\n01:00:00.000 --> 01:00:01.000\nTwo";
    expect(readVtt(text)).toEqual([
      { index: 1, start: 1000, end: 2500, text: "One", align: "left" },
      { index: 2, start: 3_600_000, end: 3_601_000, text: "Two" },
    ]);
  });

  it("keeps style tags, drops other markup and decodes entities", () => {
    const text =
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Bob>Tom &amp; <i.loud>Jerry</i> &lt;3 <c.x>&lt;b></c></v>\n";
    expect(readVtt(text)[0]?.text).toBe("Tom & <i>Jerry</i> <3 &lt;b>");
  });

  it("ignores a BOM and CRLF line ends", () => {
    const text = "\uFEFFWEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nOne\r\nTwo\r\n";
    expect(readVtt(text)).toEqual([{ index: 1, start: 1000, end: 2000, text: "One\nTwo" }]);
  });
});
