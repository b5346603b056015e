import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { CjkFontMissingError, findCjkFont, writeExport } from "../src/index.js";
import { CHINESE, ENGLISH, inputOf, textsOf } from "./sample-input.js";

// Documents against independent readers: LibreOffice converts our DOCX to PDF and poppler's
// pdftotext reads it back; pdffonts and pdftotext read our PDF; SheetJS reads our XLSX.
// LibreOffice takes seconds to start, so it converts both DOCX files in one run.

const folder = mkdtempSync(join(tmpdir(), "verbatim-documents-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const both = [
  ["en", ENGLISH],
  ["zh", CHINESE],
] as const;

async function save(name: string, format: "docx" | "pdf" | "xlsx", language: "en" | "zh") {
  const transcript = language === "en" ? ENGLISH : CHINESE;
  const { body } = await writeExport(format, inputOf(transcript, { timecodes: format === "pdf" }));
  const path = join(folder, name);
  writeFileSync(path, body);
  return path;
}

function pdfText(path: string): string {
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
}

describe("DOCX", () => {
  beforeAll(async () => {
    for (const [language] of both) await save(`${language}.docx`, "docx", language);
    execFileSync(
      "soffice",
      [
        "--headless",
        "--convert-to",
        "pdf",
        "--outdir",
        folder,
        join(folder, "en.docx"),
        join(folder, "zh.docx"),
      ],
      { stdio: "ignore", timeout: 120_000 },
    );
  }, 150_000);

  for (const [language, transcript] of both) {
    it(`LibreOffice opens it: title, speakers, times and every paragraph (${language})`, () => {
      const text = pdfText(join(folder, `${language}.pdf`));
      expect(text).toContain(language === "en" ? "interview.mp4" : "訪問 錄音.mp4");
      for (const cue of transcript.cues) {
        for (const line of cue.text.split("\n")) expect(text).toContain(line);
      }
      // Each paragraph's time and speaker (pdftotext may order a line's small runs freely).
      const heads =
        language === "en"
          ? ["00:00:00", "Speaker 1", "00:00:03", "Ana Lima", "00:00:06", "00:00:09"]
          : ["00:00:00", "陳大文", "00:00:02", "講者 2", "00:00:05", "00:00:08"];
      for (const head of heads) expect(text).toContain(head);
      expect(text).toContain(language === "en" ? "Page 1 of 1" : "第 1 頁，共 1 頁");
    });
  }
});

describe("PDF", () => {
  for (const [language, transcript] of both) {
    it(`embeds subsets of Noto fonts and its text comes back out (${language})`, async () => {
      const path = await save(`own-${language}.pdf`, "pdf", language);
      const fonts = execFileSync("pdffonts", [path], { encoding: "utf8" });
      const rows = fonts.split("\n").slice(2).filter(Boolean);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        // name, type, encoding, then emb, sub, uni: every font embedded and subset.
        expect(row).toMatch(
          /^[A-Z]{6}\+NotoSans(CJK(hk|tc))?-(Regular|Bold)\s.*\syes\s+yes\s+yes\s/,
        );
      }
      const text = pdfText(path);
      for (const line of textsOf(transcript).flatMap((cue) => cue.split("\n"))) {
        expect(text).toContain(line);
      }
      // timecodes: true gives each paragraph an SMPTE timecode (25 fps by default).
      expect(text).toContain(language === "en" ? "00:00:03:00" : "00:00:02:15");
    });
  }

  it("writes every script in a font that has it, right-to-left text in reading order", async () => {
    // One speaker turn per script, so each is a paragraph of its own (Hebrew and Arabic set
    // from the right). Devanagari is checked on a word without a vowel sign written before
    // its consonant: pdftotext reads such signs back in the order they are drawn.
    const samples = [
      "Zürich ód Łódź żółć: Příliš žluťoučký kůň, İstanbul ağaç, Știință și țară, Árvíztűrő tükörfúrógép",
      "Καλημέρα κόσμε, Привет мир",
      "שלום עולם, מה שלומך? 123 ועוד Verbatim",
      "مرحبا بالعالم 2024، كيف حالك؟",
      "नमस्ते दुनिया",
      "สวัสดีชาวโลก",
      "大家好，歡迎收聽。",
      "Emoji 😀 👍 🎉",
    ];
    const transcript = {
      language: "he",
      duration: 20_000,
      speakers: [
        { id: "S1", name: "דוד" },
        { id: "S2", name: "Ana" },
      ],
      cues: samples.map((text, i) => ({
        index: i + 1,
        start: i * 2_000,
        end: i * 2_000 + 1_500,
        text,
        speaker: i % 2 === 0 ? "S1" : "S2",
      })),
    };
    const { body } = await writeExport("pdf", inputOf(transcript, { title: "Zürich ód.mp4" }));
    const path = join(folder, "scripts.pdf");
    writeFileSync(path, body);
    const fonts = execFileSync("pdffonts", [path], { encoding: "utf8" });
    const rows = fonts.split("\n").slice(2).filter(Boolean);
    for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+\S+\s.*\syes\s+yes\s+yes\s/);
    const names = rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ""));
    for (const font of ["NotoSans-Regular", "NotoSansHebrew-Regular", "NotoSansArabic-Regular"]) {
      expect(names).toContain(font);
    }
    expect(names).toEqual(
      expect.arrayContaining(["NotoSansDevanagari-Regular", "NotoSansThai-Regular"]),
    );
    // pdftotext marks right-to-left stretches with embedding controls: read without them.
    const text = pdfText(path).replace(/[\u200e\u200f\u202a-\u202e]/g, "");
    for (const sample of [
      "Zürich ód.mp4",
      "Zürich ód Łódź żółć",
      "Příliš žluťoučký kůň",
      "İstanbul ağaç",
      "Știință și țară",
      "Árvíztűrő tükörfúrógép",
      "Καλημέρα κόσμε, Привет мир",
      "שלום עולם",
      "מה שלומך",
      "مرحبا بالعالم",
      "كيف حالك",
      "नमस्ते",
      "สวัสดีชาวโลก",
      "大家好，歡迎收聽。",
      "😀 👍 🎉",
      "Language: Hebrew",
    ]) {
      expect(text).toContain(sample);
    }
  });

  it("says which font to install when Noto Sans CJK is missing", () => {
    expect(() => findCjkFont({ CJK_FONT_FILE: join(folder, "missing.ttc") })).toThrow(
      CjkFontMissingError,
    );
    expect(() => findCjkFont({ CJK_FONT_FILE: join(folder, "missing.ttc") })).toThrow(
      /fonts-noto-cjk/,
    );
  });
});

describe("XLSX", () => {
  for (const [language, transcript] of both) {
    it(`SheetJS reads a row per subtitle: start, end, seconds, speaker, text (${language})`, async () => {
      const path = await save(`${language}.xlsx`, "xlsx", language);
      const book = XLSX.read(readFileSync(path));
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
      expect(rows).toHaveLength(transcript.cues.length);
      expect(Object.keys(rows[0]!)).toEqual(["start", "end", "seconds", "speaker", "text"]);
      expect(rows[1]).toMatchObject({
        seconds: transcript.cues[1]!.start / 1000,
        speaker: language === "en" ? "Ana Lima" : "講者 2",
        text: transcript.cues[1]!.text,
      });
      expect(rows[0]!.start).toBe(language === "en" ? "00:00:00.500" : "00:00:00.000");
    });
  }

  it("writes a bilingual transcript's translation in a column of its own", async () => {
    const transcript = {
      ...CHINESE,
      cues: CHINESE.cues.map((cue, i) => ({ ...cue, translation: `Line ${i + 1}` })),
    };
    const { body } = await writeExport("xlsx", inputOf(transcript, { track: "both" }));
    const book = XLSX.read(body, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      book.Sheets[book.SheetNames[0]!]!,
    );
    expect(rows.map((row) => [row.text, row.translation])).toEqual(
      transcript.cues.map((cue) => [cue.text, cue.translation]),
    );
  });
});
