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
    it(`embeds a subset of Noto Sans CJK and its text comes back out (${language})`, async () => {
      const path = await save(`own-${language}.pdf`, "pdf", language);
      const fonts = execFileSync("pdffonts", [path], { encoding: "utf8" });
      const rows = fonts.split("\n").slice(2).filter(Boolean);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        // name, type, encoding, then emb, sub, uni: every font embedded and subset.
        expect(row).toMatch(/^[A-Z]{6}\+NotoSansCJK(hk|tc)-(Regular|Bold)\s.*\syes\s+yes\s+yes\s/);
      }
      const text = pdfText(path);
      for (const line of textsOf(transcript).flatMap((cue) => cue.split("\n"))) {
        expect(text).toContain(line);
      }
      // timecodes: true gives each paragraph an SMPTE timecode (25 fps by default).
      expect(text).toContain(language === "en" ? "00:00:03:00" : "00:00:02:15");
    });
  }

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
