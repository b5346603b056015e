import type { ExportFormat } from "@verbatim/contract";
import type { Transcript } from "@verbatim/subtitles";
import { describe, expect, it } from "vitest";
import type { ExportInput, ExportTrack } from "./index.js";
import { writeExport } from "./index.js";
import { transcriptDocument } from "./transcript-document.js";
import { exportedTranscript } from "./bilingual-track.js";

// A bilingual transcription in every format that is not a subtitle on screen: each track is
// labelled with its own language, and `both` keeps the two languages apart (a line, column,
// tier or field of its own) instead of running them into one sentence.

const BILINGUAL: Transcript = {
  language: "zh",
  duration: 6_000,
  speakers: [{ id: "S1", name: "陳大文" }],
  cues: [
    {
      index: 1,
      start: 0,
      end: 2_000,
      text: "各位同胞",
      translation: "My fellow Americans",
      speaker: "S1",
    },
    {
      index: 2,
      start: 2_000,
      end: 4_000,
      text: "不要問國家",
      translation: "Ask not what your country",
      speaker: "S1",
    },
  ],
};

function input(track: ExportTrack, extra: Partial<ExportInput> = {}): ExportInput {
  return { transcript: BILINGUAL, title: "jfk.mp3", createdAt: new Date(0), track, ...extra };
}

async function text(format: ExportFormat, track: ExportTrack, extra: Partial<ExportInput> = {}) {
  const { body } = await writeExport(format, input(track, extra));
  if (typeof body !== "string") throw new Error(`${format} is text`);
  return body;
}

/** The two languages run into one sentence, as the writers did. */
const RUN_TOGETHER = /各位同胞\s*My fellow|國家\s*Ask not/;

describe("a bilingual transcript's tracks", () => {
  it("labels the translation track English in TTML, JSON and the documents' heading", async () => {
    expect(await text("ttml", "translation")).toContain('xml:lang="en"');
    expect(JSON.parse(await text("json", "translation")).language).toBe("en");
    const doc = transcriptDocument(
      input("translation", {
        transcript: exportedTranscript(BILINGUAL, "translation", "docx"),
        locale: "zh-HK",
      }),
    );
    expect(doc.facts.find((fact) => fact.label === "語言")?.value).toBe("英文");
  });

  it("keeps both languages apart in JSON: the translation in its own field", async () => {
    const json = JSON.parse(await text("json", "both")) as {
      language: string;
      translationLanguage: string;
      cues: { text: string; translation: string }[];
    };
    expect(json.language).toBe("zh");
    expect(json.translationLanguage).toBe("en");
    expect(json.cues.map((cue) => [cue.text, cue.translation])).toEqual([
      ["各位同胞", "My fellow Americans"],
      ["不要問國家", "Ask not what your country"],
    ]);
  });

  it("keeps both languages apart in TXT (plain and timestamped): a line each", async () => {
    expect(await text("txt", "both")).toBe(
      "陳大文:\n各位同胞不要問國家\nMy fellow Americans Ask not what your country\n",
    );
    const stamped = await text("txt", "both", { timestamps: true });
    expect(stamped).toBe(
      "[00:00:00] 陳大文: 各位同胞不要問國家\nMy fellow Americans Ask not what your country\n",
    );
    const unnamed = await text("txt", "both", { speakerNames: false });
    expect(unnamed).toBe(
      "各位同胞\nMy fellow Americans\n\n不要問國家\nAsk not what your country\n",
    );
  });

  it("keeps both languages apart in CSV: a translation column", async () => {
    const csv = await text("csv", "both");
    expect(csv).toContain("start,end,speaker,text,translation\r\n");
    expect(csv).toContain(",陳大文,各位同胞,My fellow Americans\r\n");
    expect(csv).not.toMatch(RUN_TOGETHER);
  });

  it("keeps both languages apart in EAF: a translation tier under the speaker's", async () => {
    const eaf = await text("eaf", "both");
    expect(eaf).toContain('TIER_ID="陳大文 (translation, en)"');
    expect(eaf).toContain('PARENT_REF="陳大文"');
    expect(eaf).toContain('ANNOTATION_REF="a1"');
    expect(eaf).toMatch(/<ANNOTATION_VALUE>各位同胞<\/ANNOTATION_VALUE>/);
    expect(eaf).toMatch(/<ANNOTATION_VALUE>My fellow Americans<\/ANNOTATION_VALUE>/);
  });

  it("keeps both languages apart in TTML and editor markers", async () => {
    const ttml = await text("ttml", "both");
    expect(ttml).toContain('xml:lang="zh"');
    expect(ttml).toContain('各位同胞<br/><span xml:lang="en">My fellow Americans</span>');
    for (const format of ["avid", "edl"] as const) {
      const markers = await text(format, "both");
      expect(markers).toContain("各位同胞 / My fellow Americans");
    }
  });

  it("keeps both languages apart in the DOCX and PDF document: a paragraph each", () => {
    const doc = transcriptDocument(input("both", { locale: "en" }));
    expect(doc.paragraphs.map((p) => [p.text, p.translation])).toEqual([
      ["各位同胞不要問國家", "My fellow Americans Ask not what your country"],
    ]);
    expect(doc.facts.slice(2)).toEqual([
      { label: "Language", value: "Chinese" },
      { label: "Translation", value: "English" },
    ]);
  });
});

describe("the documents' language line", () => {
  it.each([
    ["en", "sv", "Swedish"],
    ["en", "yue", "Cantonese"],
    ["zh-HK", "yue", "廣東話"],
    ["zh-HK", "sv", "瑞典文"],
    ["zh-HK", "zh", "中文"],
    ["en", "qqq", "qqq"],
  ])("names the language in words in the reader's language (%s, %s)", (locale, code, name) => {
    const transcript: Transcript = { language: code, duration: 0, cues: [] };
    const doc = transcriptDocument({ transcript, title: "a", createdAt: new Date(0), locale });
    expect(doc.facts.at(-1)?.value).toBe(name);
  });
});
