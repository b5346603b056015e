import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { formatTimecode } from "@verbatim/subtitles";
import { Iso6937Error, writeExport, type ExportInput } from "../src/index.js";
import { CHINESE, ENGLISH, inputOf } from "./sample-input.js";

/**
 * imscJS, the IMSC reference implementation's parser and presentation model (its main module
 * also loads the HTML renderer, which needs a browser; the two modules it uses need none).
 */
interface ImscHandler {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  fatal(message: string): void;
}
const load = createRequire(import.meta.url);
const imscDoc = load("imsc/src/main/js/doc.js") as {
  fromXML(xml: string, handler: ImscHandler): unknown;
};
const imscIsd = load("imsc/src/main/js/isd.js") as {
  generateISD(doc: unknown, seconds: number, handler: ImscHandler): IsdNode;
};
interface IsdNode {
  kind?: string;
  text?: string;
  contents?: IsdNode[];
}

const folder = mkdtempSync(join(tmpdir(), "verbatim-formats-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function text(format: "ass" | "ttml" | "sbv" | "csv" | "txt", input: ExportInput) {
  const { body } = await writeExport(format, input);
  if (typeof body !== "string") throw new Error(`${format} should be text`);
  return body;
}

/** ffmpeg's own ASS reader, converting to SRT: what a player would show. */
function ffmpegReads(file: string): string {
  return execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "srt", "-"], {
    encoding: "utf8",
  })
    .replace(/<[^>]+>/g, "")
    .replace(/\r\n/g, "\n");
}

describe("ASS", () => {
  for (const transcript of [ENGLISH, CHINESE]) {
    it(`ffmpeg reads back every cue's text and time (${transcript.language})`, async () => {
      const path = join(folder, `${transcript.language}.ass`);
      writeFileSync(path, await text("ass", inputOf(transcript)));
      const srt = ffmpegReads(path);
      for (const cue of transcript.cues) {
        expect(srt).toContain(
          `${formatTimecode(cue.start)} --> ${formatTimecode(cue.end)}\n${cue.text}`,
        );
      }
    });
  }

  it("makes a style per speaker, named after them, and names the speaker on each line", async () => {
    const ass = await text("ass", inputOf(ENGLISH));
    expect(ass).toMatch(/^Style: Default,Arial,54,/m);
    expect(ass).toMatch(/^Style: Speaker 1,Arial,/m);
    expect(ass).toMatch(/^Style: Ana Lima,Arial,/m);
    expect(ass).toContain("Dialogue: 0,0:00:03.00,0:00:05.50,Ana Lima,Ana Lima,");
    const chinese = await text("ass", inputOf(CHINESE));
    expect(chinese).toMatch(/^Style: 陳大文,Noto Sans CJK TC,/m);
    expect(chinese).toMatch(/^Style: 講者 2,Noto Sans CJK TC,/m);
  });

  it("follows the preset: Netflix's margins are the 10 % title-safe area", async () => {
    const netflix = await text("ass", inputOf(ENGLISH, { style: "netflix" }));
    expect(netflix).toMatch(/^Style: Default,.*,2,192,192,108,1$/m);
  });

  it("times words with \\k when asked, and ffmpeg still reads the text", async () => {
    const ass = await text("ass", inputOf(ENGLISH, { karaoke: true }));
    // 500 ms cue start, first word at 600: a 10 cs lead, then 30 cs until "back".
    expect(ass).toContain("{\\k10}{\\k30}Welcome {\\k20}back {\\k10}to {\\k10}the {\\k50}show.\\N");
    const path = join(folder, "karaoke.ass");
    writeFileSync(path, ass);
    expect(ffmpegReads(path)).toContain("Welcome back to the show.\nToday: café prices.");
    // A cue without words keeps its plain text.
    expect(ass).toContain(",,Thanks — it's good to be here.");
  });

  it("shows braces and backslashes as text, never as override tags", async () => {
    const input = inputOf({
      ...ENGLISH,
      cues: [{ index: 1, start: 0, end: 1000, text: "{\\b1}bold\\N" }],
    });
    const path = join(folder, "tags.ass");
    writeFileSync(path, await text("ass", input));
    expect(ffmpegReads(path)).toMatch(/｛\\\u2060b1｝bold\\\u2060N/);
  });
});

describe("TTML (IMSC 1.1 text profile)", () => {
  for (const transcript of [ENGLISH, CHINESE]) {
    it(`imscJS reads it without errors and shows each cue at its time (${transcript.language})`, async () => {
      const ttml = await text("ttml", inputOf(transcript));
      const problems: string[] = [];
      const handler = {
        info: () => undefined,
        warn: (message: string) => problems.push(`warn: ${message}`),
        error: (message: string) => problems.push(`error: ${message}`),
        fatal: (message: string) => problems.push(`fatal: ${message}`),
      };
      const doc = imscDoc.fromXML(ttml, handler);
      expect(problems).toEqual([]);
      for (const cue of transcript.cues) {
        const isd = imscIsd.generateISD(doc, (cue.start + 100) / 1000, handler);
        expect(spansText(isd)).toBe(cue.text);
      }
      expect(ttml).toContain(
        'ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text"',
      );
      expect(ttml).toContain(`xml:lang="${transcript.language}"`);
    });
  }

  it("declares speakers as agents and refers to them from each paragraph", async () => {
    const ttml = await text("ttml", inputOf(CHINESE));
    expect(ttml).toContain(
      '<ttm:agent xml:id="agent1" type="person"><ttm:name type="full">陳大文</ttm:name>',
    );
    expect(ttml).toContain(
      '<p begin="00:00:02.600" end="00:00:05.000" ttm:agent="agent2" region="bottom">多謝邀請',
    );
  });
});

/** The text an ISD (imscJS's rendering of one moment) shows: spans, br as line breaks. */
function spansText(node: IsdNode): string {
  if (node.kind === "br") return "\n";
  if (node.kind === "span" && typeof node.text === "string") return node.text;
  return (node.contents ?? []).map(spansText).join("");
}

describe("EBU-STL", () => {
  it("lays out the GSI block as EBU Tech 3264 places its fields", async () => {
    const { body } = await writeExport("stl", inputOf(ENGLISH, { frameRate: "25" }));
    const stl = Buffer.from(body as Uint8Array);
    const field = (offset: number, length: number) =>
      stl.toString("latin1", offset, offset + length);
    expect(stl.length).toBe(1024 + 4 * 128);
    expect(field(0, 3)).toBe("850"); // CPN
    expect(field(3, 8)).toBe("STL25.01"); // DFC
    expect(field(11, 1)).toBe("0"); // DSC: open subtitling
    expect(field(12, 2)).toBe("00"); // CCT: Latin
    expect(field(14, 2)).toBe("09"); // LC: English
    expect(field(16, 32).trimEnd()).toBe("interview.mp4"); // OPT
    expect(field(224, 6)).toBe("250304"); // CD
    expect(field(238, 5)).toBe("00004"); // TNB
    expect(field(243, 5)).toBe("00004"); // TNS
    expect(field(248, 3)).toBe("001"); // TNG
    expect(field(253, 2)).toBe("23"); // MNR
    expect(field(255, 1)).toBe("1"); // TCS
    expect(field(264, 8)).toBe("00000013"); // TCF: 500 ms at 25 fps is frame 12.5, rounded
    expect(field(272, 2)).toBe("11"); // TND, DSN
  });

  it("writes each subtitle's TTI block: number, times in frames, row, text in ISO 6937", async () => {
    const { body } = await writeExport("stl", inputOf(ENGLISH, { frameRate: "25" }));
    const tti = Buffer.from(body as Uint8Array).subarray(1024, 1024 + 128);
    expect(tti.readUInt16LE(1)).toBe(1); // SN
    expect(tti[3]).toBe(0xff); // EBN: last block
    expect([...tti.subarray(5, 9)]).toEqual([0, 0, 0, 13]); // TCI 00:00:00:13
    expect([...tti.subarray(9, 13)]).toEqual([0, 0, 2, 20]); // TCO 00:00:02:20
    expect(tti[13]).toBe(21); // VP: two lines ending on row 22
    expect(tti[14]).toBe(2); // JC: centred
    const text = [...tti.subarray(16)];
    expect(text[0]).toBe(0x07); // speaker 1: white
    const firstLine = Buffer.from(text.slice(1, 26)).toString("latin1");
    expect(firstLine).toBe("Welcome back to the show.");
    expect(text[26]).toBe(0x8a); // line break
    // "café": the acute accent (0xC2) comes before the e.
    expect(Buffer.from(text).indexOf(Buffer.from([0x63, 0x61, 0x66, 0xc2, 0x65]))).toBeGreaterThan(
      0,
    );
    expect(text.at(-1)).toBe(0x8f); // unused bytes
    // The second speaker's subtitle starts in yellow.
    expect(Buffer.from(body as Uint8Array)[1024 + 128 + 16]).toBe(0x03);
  });

  it("writes 30 fps with drop-frame timecode for 29.97 video", async () => {
    const { body } = await writeExport("stl", inputOf(ENGLISH, { frameRate: "29.97" }));
    const stl = Buffer.from(body as Uint8Array);
    expect(stl.toString("latin1", 3, 11)).toBe("STL30.01");
    expect([...stl.subarray(1024 + 5, 1024 + 9)]).toEqual([0, 0, 0, 15]);
  });

  it("refuses Chinese text, which no EBU-STL character table holds", async () => {
    await expect(writeExport("stl", inputOf(CHINESE))).rejects.toBeInstanceOf(Iso6937Error);
  });
});

describe("SBV, CSV and timestamped text", () => {
  it("writes SBV as YouTube reads it, speakers first", async () => {
    const sbv = await text("sbv", inputOf(CHINESE));
    expect(sbv.split("\n\n")[1]).toBe(
      "0:00:02.600,0:00:05.000\n講者 2: 多謝邀請，好高興嚟到呢度。",
    );
  });

  it("writes CSV with a BOM, CRLF and quoted fields, and defuses formulas", async () => {
    const csv = await text(
      "csv",
      inputOf({
        ...ENGLISH,
        cues: [
          ...ENGLISH.cues,
          { index: 5, start: 12_000, end: 12_500, text: "=1+1", speaker: "S2" },
        ],
      }),
    );
    expect(csv.startsWith("\uFEFFstart,end,speaker,text\r\n")).toBe(true);
    expect(csv).toContain("00:00:03.000,00:00:05.500,Ana Lima,Thanks — it's good to be here.\r\n");
    expect(csv).toContain('00:00:09.200,00:00:11.900,Ana Lima,"Yes, let\'s."\r\n');
    expect(csv).toContain(",Ana Lima,'=1+1\r\n");
    const chinese = await text("csv", inputOf(CHINESE));
    expect(chinese).toContain("00:00:00.000,00:00:02.500,陳大文,大家好，歡迎收聽今日嘅節目。");
  });

  it("starts each paragraph with [hh:mm:ss] and the speaker for MAXQDA and NVivo", async () => {
    const txt = await text("txt", inputOf(CHINESE, { timestamps: true }));
    expect(txt.split("\n\n")).toEqual([
      "[00:00:00] 陳大文: 大家好，歡迎收聽今日嘅節目。",
      "[00:00:02] 講者 2: 多謝邀請，好高興嚟到呢度。",
      "[00:00:05] 陳大文: 我哋今日講下香港嘅咖啡價錢。",
      "[00:00:08] 講者 2: 好呀，開始啦。\n",
    ]);
  });
});
