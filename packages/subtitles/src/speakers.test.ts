import { describe, expect, it } from "vitest";
import type { Cue, Speaker, Transcript } from "./cue.js";
import { readJson, TranscriptJsonError, writeJson } from "./json.js";
import { defaultSpeakerName, speakerDisplayName } from "./speaker-names.js";
import { readSrt, readSrtWithSpeakers, writeSrt } from "./srt.js";
import { writeTxt } from "./txt.js";
import { readVtt, readVttWithSpeakers, writeVtt } from "./vtt.js";

const speakers: Speaker[] = [
  { id: "S1", name: "Alice" },
  { id: "S2", name: null },
];
const cues: Cue[] = [
  { index: 1, start: 0, end: 1000, text: "Hello there,", speaker: "S1" },
  { index: 2, start: 1000, end: 2000, text: "how are\nyou?", speaker: "S1" },
  {
    index: 3,
    start: 2500,
    end: 3500,
    text: "Fine.",
    speaker: "S2",
    words: [{ text: " Fine.", start: 2500, end: 3400, speaker: "S2" }],
  },
];

describe("speakerDisplayName", () => {
  it("uses the name, else Speaker N by the id's number, in the output's language", () => {
    expect(speakerDisplayName("S1", { speakers })).toBe("Alice");
    expect(speakerDisplayName("S2", { speakers })).toBe("Speaker 2");
    expect(speakerDisplayName("S2", { speakers, locale: "zh-HK" })).toBe("講者 2");
    expect(speakerDisplayName("S7")).toBe("Speaker 7");
    expect(
      speakerDisplayName("x", {
        speakers: [
          { id: "y", name: null },
          { id: "x", name: " " },
        ],
      }),
    ).toBe("Speaker 2");
    expect(defaultSpeakerName(3, "en")).toBe("Speaker 3");
  });

  it("folds a name's line breaks so it never breaks a subtitle", () => {
    expect(speakerDisplayName("S1", { speakers: [{ id: "S1", name: "Ann\n\nLee " }] })).toBe(
      "Ann Lee",
    );
  });
});

describe("SRT with speakers", () => {
  it("prefixes each cue's first line with the speaker's name", () => {
    expect(writeSrt(cues, { speakers })).toBe(
      "1\n00:00:00,000 --> 00:00:01,000\nAlice: Hello there,\n\n" +
        "2\n00:00:01,000 --> 00:00:02,000\nAlice: how are\nyou?\n\n" +
        "3\n00:00:02,500 --> 00:00:03,500\nSpeaker 2: Fine.\n",
    );
  });

  it("writes a name with markup in it as text a player shows, not as formatting", () => {
    const srt = writeSrt([{ index: 1, start: 0, end: 1000, text: "Hi", speaker: "S1" }], {
      speakers: [{ id: "S1", name: "<b>Ann</b> {\\an8}" }],
    });
    expect(srt).toBe("1\n00:00:00,000 --> 00:00:01,000\n‹b›Ann‹/b› (\\an8): Hi\n");
  });

  it("leaves the names out when asked, and writes Chinese default names for zh-HK", () => {
    expect(writeSrt(cues, { speakers, speakerNames: false })).toBe(
      writeSrt(cues.map(({ speaker: _speaker, ...cue }) => cue)),
    );
    expect(writeSrt(cues, { speakers, locale: "zh-HK" })).toContain("講者 2: Fine.");
  });

  it("reads the prefixes back as speakers when asked, and not otherwise", () => {
    const text = writeSrt(cues, { speakers });
    const read = readSrtWithSpeakers(text);
    expect(read.speakers).toEqual(speakers);
    expect(read.cues.map((cue) => [cue.speaker, cue.text])).toEqual([
      ["S1", "Hello there,"],
      ["S1", "how are\nyou?"],
      ["S2", "Fine."],
    ]);
    expect(readSrt(text)[0]).toEqual({
      index: 1,
      start: 0,
      end: 1000,
      text: "Alice: Hello there,",
    });
  });

  it("cannot forge a cue through a name", () => {
    const forged = writeSrt([{ index: 1, start: 0, end: 1000, text: "x", speaker: "S1" }], {
      speakers: [{ id: "S1", name: "00:00:05,000 --> 00:00:09,000\n\nEvil" }],
    });
    expect(readSrt(forged)).toHaveLength(1);
  });
});

describe("WebVTT with speakers", () => {
  it("opens each cue with a voice span, names escaped", () => {
    const text = writeVtt(cues, {
      speakers: [{ id: "S1", name: "Tom & <Jerry>" }, speakers[1] as Speaker],
    });
    expect(text).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<v Tom &amp; &lt;Jerry&gt;>Hello there,\n\n" +
        "00:00:01.000 --> 00:00:02.000\n<v Tom &amp; &lt;Jerry&gt;>how are\nyou?\n\n" +
        "00:00:02.500 --> 00:00:03.500\n<v Speaker 2>Fine.\n",
    );
  });

  it("reads voice spans back into cue speakers and the speaker list", () => {
    const named: Speaker[] = [
      { id: "S1", name: "Tom & <Jerry>" },
      { id: "S2", name: null },
    ];
    const read = readVttWithSpeakers(writeVtt(cues, { speakers: named }));
    expect(read.speakers).toEqual(named);
    expect(read.cues.map((cue) => [cue.speaker, cue.text])).toEqual([
      ["S1", "Hello there,"],
      ["S1", "how are\nyou?"],
      ["S2", "Fine."],
    ]);
  });

  it("reads classes, end tags and files written elsewhere", () => {
    const text =
      "WEBVTT\n\n00:01.000 --> 00:02.000\n<v.loud Roger Bingham>We are here</v>\n\n" +
      "00:02.000 --> 00:03.000\n<v Neil>Yes <v Roger Bingham>no</v>\n\n" +
      "00:03.000 --> 00:04.000\nNobody";
    const read = readVttWithSpeakers(text);
    expect(read.speakers).toEqual([
      { id: "S1", name: "Roger Bingham" },
      { id: "S2", name: "Neil" },
    ]);
    expect(read.cues.map((cue) => cue.speaker)).toEqual(["S1", "S2", undefined]);
    expect(read.cues.map((cue) => cue.text)).toEqual(["We are here", "Yes no", "Nobody"]);
    expect(readVtt(text)[0]).toEqual({ index: 1, start: 1000, end: 2000, text: "We are here" });
  });
});

describe("TXT with speakers", () => {
  it("writes one paragraph per turn under the speaker's name", () => {
    expect(writeTxt(cues, { speakers })).toBe(
      "Alice:\nHello there, how are you?\n\nSpeaker 2:\nFine.",
    );
  });

  it("joins Chinese lines without spaces and names unnamed speakers in Chinese", () => {
    const chinese: Cue[] = [
      { index: 1, start: 0, end: 1, text: "你好", speaker: "S2" },
      { index: 2, start: 1, end: 2, text: "世界", speaker: "S2" },
      { index: 3, start: 2, end: 3, text: "無人" },
    ];
    expect(writeTxt(chinese, { speakers, locale: "zh-HK" })).toBe("講者 2:\n你好世界\n\n無人");
  });

  it("writes plain cues unchanged, and without names when asked", () => {
    expect(writeTxt(cues, { speakers, speakerNames: false })).toBe(
      "Hello there,\n\nhow are\nyou?\n\nFine.",
    );
  });
});

describe("JSON with speakers", () => {
  const transcript: Transcript = { language: "en", duration: 4000, cues, speakers };

  it("writes speakers with their shown label, and speaker on cues and words", () => {
    const data = JSON.parse(writeJson(transcript)) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(["language", "duration", "speakers", "cues"]);
    expect(data.speakers).toEqual([
      { id: "S1", name: "Alice", label: "Alice" },
      { id: "S2", name: null, label: "Speaker 2" },
    ]);
    expect(data.cues).toEqual(cues);
    expect(JSON.parse(writeJson(transcript, { locale: "zh-HK" })).speakers[1].label).toBe("講者 2");
  });

  it("reads speakers back", () => {
    expect(readJson(writeJson(transcript))).toEqual(transcript);
  });

  it.each([
    [{ speakers: "x" }, "speakers must be an array"],
    [{ speakers: [{ id: "" }] }, "speakers[0].id"],
    [{ speakers: [{ id: "S1" }, { id: "S1" }] }, "unique"],
    [{ speakers: [{ id: "S1", name: 3 }] }, "speakers[0].name"],
    [
      { speakers: [{ id: "S1" }], cues: [{ start: 0, end: 1, text: "a", speaker: "S2" }] },
      "cues[0].speaker",
    ],
    [{ cues: [{ start: 0, end: 1, text: "a", speaker: "S1" }] }, "cues[0].speaker"],
    [
      {
        speakers: [{ id: "S1" }],
        cues: [
          { start: 0, end: 1, text: "a", words: [{ text: "a", start: 0, end: 1, speaker: 1 }] },
        ],
      },
      "cues[0].words[0].speaker",
    ],
  ])("refuses %j", (patch, message) => {
    const text = JSON.stringify({ language: null, duration: 1, cues: [], ...patch });
    expect(() => readJson(text)).toThrow(TranscriptJsonError);
    expect(() => readJson(text)).toThrow(message);
  });
});
