import { describe, expect, it } from "vitest";
import { readSrt, writeSrt } from "./srt.js";

describe("writeSrt", () => {
  it("numbers cues from 1 with comma times, blank lines between and a final newline", () => {
    const srt = writeSrt([
      { index: 7, start: 0, end: 1500, text: "Hello\nworld" },
      { index: 3, start: 2000, end: 3_723_004, text: "Bye" },
    ]);
    expect(srt).toBe(
      "1\n00:00:00,000 --> 00:00:01,500\nHello\nworld\n\n2\n00:00:02,000 --> 01:02:03,004\nBye\n",
    );
  });

  it("drops blank lines inside a cue so the block stays whole", () => {
    expect(writeSrt([{ index: 1, start: 0, end: 1000, text: "a\n\nb" }])).toBe(
      "1\n00:00:00,000 --> 00:00:01,000\na\nb\n",
    );
  });

  it("keeps a text's arrow from reading as the timing of a forged cue", () => {
    const text = "<b>x</b>\n\n2\n00:00:00,000 --> 00:00:01,000\ninjected";
    const srt = writeSrt([{ index: 1, start: 0, end: 1000, text }]);
    expect(srt.match(/-->/g)).toHaveLength(1);
    expect(readSrt(srt)).toHaveLength(1);
  });

  it("writes nothing for no cues", () => {
    expect(writeSrt([])).toBe("");
  });
});

describe("readSrt", () => {
  const expected = [
    { index: 1, start: 1000, end: 2000, text: "One" },
    { index: 2, start: 3000, end: 4500, text: "Two\nlines" },
  ];

  it("reads a well-formed file", () => {
    expect(
      readSrt(
        "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,500\nTwo\nlines\n",
      ),
    ).toEqual(expected);
  });

  it("ignores a BOM and CRLF or CR line ends", () => {
    const body =
      "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:03,000 --> 00:00:04,500\nTwo\nlines\n";
    expect(readSrt(`\uFEFF${body.replace(/\n/g, "\r\n")}`)).toEqual(expected);
    expect(readSrt(body.replace(/\n/g, "\r"))).toEqual(expected);
  });

  it("renumbers missing or wrong indices", () => {
    expect(
      readSrt("00:00:01,000 --> 00:00:02,000\nOne\n\n9\n00:00:03,000 --> 00:00:04,500\nTwo\nlines"),
    ).toEqual(expected);
  });

  it("tolerates extra blank lines and whitespace-only lines", () => {
    expect(
      readSrt(
        "\n\n1\n00:00:01,000 --> 00:00:02,000\nOne\n\n \n\n\n2\n00:00:03,000 --> 00:00:04,500\nTwo\nlines\n\n\n",
      ),
    ).toEqual(expected);
  });

  it("accepts dot separators, short fractions and missing hours", () => {
    expect(
      readSrt("1\n00:00:01.000 --> 00:00:02.0\nOne\n\n2\n00:03.000-->00:04.5\nTwo\nlines"),
    ).toEqual(expected);
  });

  it("ignores position coordinates after the times", () => {
    const cues = readSrt("1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:50 Y2:80\nOne\n");
    expect(cues).toEqual([{ index: 1, start: 1000, end: 2000, text: "One" }]);
  });

  it("skips blocks it cannot read", () => {
    const text =
      "1\nnot a time\nJunk\n\nrandom words\n\n2\n00:00:01,000 --> 00:00:02,000\nOne\n\n3\n00:00:03,000 --> 00:00:04,500\nTwo\nlines\n";
    expect(readSrt(text)).toEqual(expected);
  });

  it("splits two cues that lack the blank line between them", () => {
    expect(
      readSrt(
        "1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,500\nTwo\nlines\n",
      ),
    ).toEqual(expected);
  });

  it("keeps number-only text lines and trims trailing spaces", () => {
    expect(readSrt("1\n00:00:01,000 --> 00:00:02,000\n42  \n")).toEqual([
      { index: 1, start: 1000, end: 2000, text: "42" },
    ]);
  });

  it("returns no cues for empty or unrelated text", () => {
    expect(readSrt("")).toEqual([]);
    expect(readSrt("hello\nworld")).toEqual([]);
  });
});
