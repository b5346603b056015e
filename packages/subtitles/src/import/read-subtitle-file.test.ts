import iconv from "iconv-lite";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { docxOfOneHugeParagraph } from "../../test/docx-bomb.js";
import { readSubtitleFile, type ImportedSubtitles } from "./read-subtitle-file.js";
import { SubtitleImportError } from "./import-error.js";
import { MAX_CUE_CHARS, MAX_IMPORT_CUES } from "./import-limits.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The cues' times and texts (and speaker names), the parts a reader must get right. */
function summary(imported: ImportedSubtitles) {
  const names = new Map(imported.speakers?.map((speaker) => [speaker.id, speaker.name]));
  return imported.cues.map((cue) => ({
    start: cue.start,
    end: cue.end,
    text: cue.text,
    ...(cue.speaker !== undefined ? { speaker: names.get(cue.speaker) ?? cue.speaker } : {}),
  }));
}

const TWO_SPEAKERS = [
  { start: 1000, end: 3500, text: "Hello, world\nsecond line", speaker: "Ana" },
  { start: 4000, end: 5250, text: "你好，世界", speaker: "陳大文" },
];

describe("readSubtitleFile", () => {
  it("reads SRT, keeping markup and text as written", async () => {
    const srt =
      "1\r\n00:00:01,000 --> 00:00:03,500\r\n<i>Hello</i>, world\r\n\r\n2\r\n00:00:04,000 --> 00:00:05,250\r\n你好，世界\r\n";
    const imported = await readSubtitleFile(utf8(srt), { fileName: "talk.srt" });
    expect(imported.format).toBe("srt");
    expect(imported.timed).toBe(true);
    expect(summary(imported)).toEqual([
      { start: 1000, end: 3500, text: "<i>Hello</i>, world" },
      { start: 4000, end: 5250, text: "你好，世界" },
    ]);
  });

  it("reads WebVTT with voice spans as two speakers", async () => {
    const vtt =
      "WEBVTT\n\nNOTE made by hand\n\n00:01.000 --> 00:03.500 align:start\n<v Ana>Hello, world\nsecond line\n\nx\n00:00:04.000 --> 00:00:05.250\n<v 陳大文>你好，世界\n";
    const imported = await readSubtitleFile(utf8(vtt), { fileName: "talk.txt" });
    expect(imported.format).toBe("vtt");
    expect(summary(imported)).toEqual(TWO_SPEAKERS);
  });

  it("reads ASS: dialogue only, styles kept, other tags and drawings dropped, names as speakers", async () => {
    const ass = [
      "[Script Info]",
      "ScriptType: v4.00+",
      "",
      "[Events]",
      "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
      "Dialogue: 0,0:00:01.00,0:00:03.50,Default,Ana,0,0,0,,{\\b1}Hello,{\\b0} world\\Nsecond line",
      "Comment: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,not shown",
      "Dialogue: 0,0:00:04.00,0:00:05.25,Default,陳大文,0,0,0,,你好{\\k20}，世界",
      "Dialogue: 0,0:00:06.00,0:00:07.00,Default,,0,0,0,,{\\p1}m 0 0 l 10 0 10 10{\\p0}",
    ].join("\n");
    const imported = await readSubtitleFile(utf8(ass), { fileName: "talk.ass" });
    expect(imported.format).toBe("ass");
    const bold = { ...TWO_SPEAKERS[0]!, text: "<b>Hello,</b> world\nsecond line" };
    expect(summary(imported)).toEqual([bold, TWO_SPEAKERS[1]]);
  });

  it("reads TTML: nested begin offsets, frames, dur, spans, breaks and agents", async () => {
    const ttml = `<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"
    xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="20" xml:lang="en">
  <head><metadata>
    <ttm:agent xml:id="a1" type="person"><ttm:name type="full">Ana</ttm:name></ttm:agent>
    <ttm:agent xml:id="a2" type="person"><ttm:name type="full">陳大文</ttm:name></ttm:agent>
  </metadata></head>
  <body><div begin="1s">
    <p begin="00:00:00.000" end="00:00:02:10" ttm:agent="a1">Hello, <span>world</span><br/>
      second   line</p>
    <p begin="3s" dur="1250ms" ttm:agent="a2">你好，世界</p>
  </div></body>
</tt>`;
    const imported = await readSubtitleFile(utf8(ttml), { fileName: "talk.xml" });
    expect(imported.format).toBe("ttml");
    expect(summary(imported)).toEqual(TWO_SPEAKERS);
  });

  it("reads SBV", async () => {
    const sbv =
      "0:00:01.000,0:00:03.500\nHello, world\nsecond line\n\n0:00:04.000,0:00:05.250\n你好，世界\n";
    const imported = await readSubtitleFile(utf8(sbv), { fileName: "captions.sbv" });
    expect(imported.format).toBe("sbv");
    expect(summary(imported)).toEqual(TWO_SPEAKERS.map(({ speaker: _speaker, ...cue }) => cue));
  });

  it("reads plain text as untimed paragraphs", async () => {
    const imported = await readSubtitleFile(
      utf8("  Hello, world\nsecond line\n\n\n你好，世界  \n"),
      { fileName: "script.txt" },
    );
    expect(imported).toMatchObject({ format: "txt", timed: false });
    expect(summary(imported)).toEqual([
      { start: 0, end: 0, text: "Hello, world\nsecond line" },
      { start: 0, end: 0, text: "你好，世界" },
    ]);
  });

  it("reads a DOCX's paragraphs as untimed cues", async () => {
    const imported = await readSubtitleFile(await docx(["Hello, world", "你好，世界"]), {
      fileName: "script.docx",
    });
    expect(imported).toMatchObject({ format: "docx", timed: false, encoding: null });
    expect(imported.cues.map((cue) => cue.text)).toEqual(["Hello, world", "你好，世界"]);
  });

  it.each([
    [
      "UTF-16 LE with a mark",
      () => Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(CHINESE_SRT, "utf16le")]),
      "utf-16le",
    ],
    [
      "UTF-16 BE with a mark",
      () => Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(CHINESE_SRT, "utf16-be")]),
      "utf-16be",
    ],
    [
      "UTF-8 with a mark",
      () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CHINESE_SRT)]),
      "utf-8",
    ],
    ["Big5", () => iconv.encode(CHINESE_SRT, "big5"), "big5"],
    ["GB18030", () => iconv.encode(SIMPLIFIED_SRT, "gb18030"), "gb18030"],
  ])("detects %s", async (_name, bytes, encoding) => {
    const imported = await readSubtitleFile(bytes(), { fileName: "zh.srt" });
    expect(imported.encoding).toBe(encoding);
    expect(imported.cues.map((cue) => cue.text).join("\n")).toBe(
      encoding === "gb18030" ? SIMPLIFIED_LINES.join("\n") : CHINESE_LINES.join("\n"),
    );
  });

  it.each([
    [
      "binary bytes",
      new Uint8Array([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]).subarray(2),
      "SUBTITLE_ENCODING_UNKNOWN",
    ],
    ["a file with no cues", utf8("WEBVTT\n\nNOTE nothing here\n"), "SUBTITLE_FILE_EMPTY"],
    [
      "broken TTML",
      utf8('<tt xmlns="http://www.w3.org/ns/ttml"><body><p>open'),
      "SUBTITLE_FILE_INVALID",
    ],
    ["a .docx that is not one", utf8("plain words"), "SUBTITLE_FILE_INVALID"],
    ["a damaged ZIP", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "SUBTITLE_FILE_INVALID"],
  ])("refuses %s with a typed error", async (_name, bytes, code) => {
    const name = code === "SUBTITLE_FILE_INVALID" && _name.includes("docx") ? "a.docx" : "a.srt";
    await expect(readSubtitleFile(bytes, { fileName: name })).rejects.toSatisfy(
      (error: unknown) => error instanceof SubtitleImportError && error.code === code,
    );
  });

  it.each([
    ["Big5", "big5", "我們今天去飲茶。"],
    ["GB18030", "gb18030", "我们今天去喝茶。"],
  ])("reads a one-cue %s file as written", async (_name, encoding, line) => {
    const bytes = iconv.encode(`1\n00:00:01,000 --> 00:00:03,000\n${line}\n`, encoding);
    const imported = await readSubtitleFile(bytes, { fileName: "one.srt" });
    expect(imported.encoding).toBe(encoding);
    expect(imported.cues.map((cue) => cue.text)).toEqual([line]);
  });

  it("refuses a line of Chinese too short to tell Big5 from GB18030, instead of guessing", async () => {
    const bytes = iconv.encode("1\n00:00:01,000 --> 00:00:03,000\n香港\n", "big5");
    await expect(readSubtitleFile(bytes, { fileName: "one.srt" })).rejects.toMatchObject({
      code: "SUBTITLE_ENCODING_UNKNOWN",
    });
  });

  it("refuses a negative time naming its line, not as an empty file", async () => {
    const srt =
      "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n-00:00:01,000 --> 00:00:02,000\nBye\n";
    await expect(readSubtitleFile(utf8(srt), { fileName: "a.srt" })).rejects.toMatchObject({
      code: "SUBTITLE_TIME_UNREADABLE",
      details: { line: 6, timing: "-00:00:01,000 --> 00:00:02,000" },
    });
  });

  it("refuses a DOCX whose XML inflates past the limit, stopping as it inflates", async () => {
    // 40 MB of one paragraph in a 40 KB file; the old reader kept it as one 40-million-letter cue.
    const bomb = await docxOfOneHugeParagraph(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    await expect(readSubtitleFile(bomb, { fileName: "bomb.docx" })).rejects.toMatchObject({
      code: "SUBTITLE_DOCUMENT_TOO_LARGE",
    });
  });

  it("refuses more cues, or a longer cue, than an import keeps", async () => {
    const many = Array.from(
      { length: MAX_IMPORT_CUES + 1 },
      (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nx\n`,
    ).join("\n");
    await expect(readSubtitleFile(utf8(many), { fileName: "a.srt" })).rejects.toMatchObject({
      code: "SUBTITLE_FILE_TOO_LONG",
    });
    const long = `Short one.\n\n${"a".repeat(MAX_CUE_CHARS + 1)}\n`;
    await expect(readSubtitleFile(utf8(long), { fileName: "a.txt" })).rejects.toMatchObject({
      code: "SUBTITLE_CUE_TOO_LONG",
      details: { cue: 2 },
    });
    const docx = await docxOfOneHugeParagraph(MAX_CUE_CHARS + 1);
    await expect(readSubtitleFile(docx, { fileName: "a.docx" })).rejects.toMatchObject({
      code: "SUBTITLE_CUE_TOO_LONG",
    });
  });

  it("refuses a file over the size limit before reading it", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    await expect(readSubtitleFile(big)).rejects.toMatchObject({ code: "SUBTITLE_FILE_TOO_LARGE" });
  });
});

const CHINESE_LINES = [
  "各位觀眾，晚上好。今日的新聞有以下幾項重點。",
  "政府宣布明年會增加醫療同教育的開支，",
  "而天文台預測今個星期會持續有雨。",
];
const SIMPLIFIED_LINES = [
  "各位观众，晚上好。今天的新闻有以下几项重点。",
  "政府宣布明年会增加医疗和教育的开支，",
  "而天文台预测这个星期会持续有雨。",
];
const srtOf = (lines: readonly string[]) =>
  lines.map((line, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\n${line}\n`).join("\n");
const CHINESE_SRT = srtOf(CHINESE_LINES);
const SIMPLIFIED_SRT = srtOf(SIMPLIFIED_LINES);

/** A minimal Word document with these paragraphs (test input only). */
async function docx(paragraphs: readonly string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "uint8array" });
}
