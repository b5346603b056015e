import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { ExportFormat } from "@verbatim/contract";
import { escapeCueText, type Cue } from "@verbatim/subtitles";
import { readSubtitleFile } from "@verbatim/subtitles/import";
import { afterAll, describe, expect, it } from "vitest";
import { writeExport } from "./export-formats.js";
import type { ExportInput } from "./export-input.js";

// Styling per cue (docs/broadcast.md, "Styling"): every format that carries italics, bold,
// underline and a place writes them and reads them back; the others write the plain text; a
// typed "<i>" is text everywhere.

const TYPED = escapeCueText("x <i>y</i> & {\\an8} &lt;");

const cues: Cue[] = [
  { index: 1, start: 0, end: 1000, text: "<i>Off screen</i>\nsaid <b>she</b>" },
  { index: 2, start: 2000, end: 3000, text: "A <u>title</u>", position: "top" },
  { index: 3, start: 4000, end: 5000, text: "<i><b>Both</b> left</i>", align: "left" },
  { index: 4, start: 6000, end: 7000, text: TYPED, position: "top", align: "right" },
];

const input: ExportInput = {
  transcript: { language: "en", duration: 8000, cues },
  title: "styled.mp4",
  createdAt: new Date("2026-11-28T00:00:00Z"),
};

/** imscJS, the IMSC reference implementation's parser and presentation model. */
const load = createRequire(import.meta.url);
const imscDoc = load("imsc/src/main/js/doc.js") as {
  fromXML(xml: string, handler: Record<string, (message: string) => void>): unknown;
};
const imscIsd = load("imsc/src/main/js/isd.js") as {
  generateISD(doc: unknown, seconds: number, handler: unknown): IsdNode;
};
interface IsdNode {
  kind?: string;
  id?: string;
  text?: string;
  styleAttrs?: Record<string, unknown>;
  contents?: IsdNode[];
}
const TTS = "http://www.w3.org/ns/ttml#styling ";

async function written(format: ExportFormat): Promise<string> {
  const { body } = await writeExport(format, input);
  return typeof body === "string" ? body : new TextDecoder().decode(body);
}

async function readBack(format: ExportFormat): Promise<Cue[]> {
  const text = await written(format);
  const imported = await readSubtitleFile(new TextEncoder().encode(text), {
    format: format as "srt",
  });
  return imported.cues.map(({ index, start, end, text: read, position, align }) => ({
    index,
    start,
    end,
    text: read,
    ...(position ? { position } : {}),
    ...(align ? { align } : {}),
  }));
}

describe("styles and places through the formats that carry them", () => {
  it.each(["srt", "vtt", "ass", "ttml"] as const)(
    "%s writes and reads them back",
    async (format) => {
      // ASS has no escape for braces: a typed one is written (and read back) full-width.
      const expected =
        format === "ass"
          ? cues.map((cue) => ({ ...cue, text: cue.text.replace("{", "｛").replace("}", "｝") }))
          : cues;
      expect(await readBack(format)).toEqual(expected);
    },
  );

  it("JSON keeps the markup and the place", async () => {
    const json = JSON.parse(await written("json")) as { cues: Cue[] };
    expect(json.cues[1]).toMatchObject({ text: "A <u>title</u>", position: "top" });
    expect(json.cues[3]).toMatchObject({ text: TYPED, position: "top", align: "right" });
  });

  it("TTML (IMSC) has the style attributes, the top region and the alignment", async () => {
    const ttml = await written("ttml");
    expect(ttml).toContain('<span tts:fontStyle="italic">Off screen</span>');
    expect(ttml).toContain('<span tts:textDecoration="underline">title</span>');
    expect(ttml).toContain('<span tts:fontStyle="italic" tts:fontWeight="bold">Both</span>');
    expect(ttml).toMatch(/<region xml:id="top"[^>]*tts:displayAlign="before"/u);
    expect(ttml).toMatch(/<p [^>]*region="top"[^>]*tts:textAlign="right"/u);
    expect(ttml).toContain("x &lt;i&gt;y&lt;/i&gt; &amp; {\\an8} &amp;lt;");
  });

  it("ASS has override tags, and a typed brace or tag stays text", async () => {
    const ass = await written("ass");
    expect(ass).toContain(",{\\i1}Off screen{\\i0}\\Nsaid {\\b1}she{\\b0}");
    expect(ass).toContain(",{\\an8}A {\\u1}title{\\u0}");
    expect(ass).toContain(",{\\an9}x <i>y</i> & ｛\\\u2060an8｝ &lt;");
  });

  it("formats without styles write the plain text, never the markup", async () => {
    for (const format of ["txt", "sbv", "csv", "edl", "eaf", "fcpxml"] as const) {
      const text = await written(format);
      expect(text, format).not.toMatch(/<i>Off|<b>she|<u>title|&lt;i>/u);
      expect(text, format).toContain("Off screen");
    }
    expect(await written("txt")).toContain("x <i>y</i> & {\\an8} &lt;");
  });
});

describe("IMSC as imscJS presents it", () => {
  it("shows each cue in its region with its styles and alignment, without a warning", async () => {
    const problems: string[] = [];
    const handler = Object.fromEntries(
      ["warn", "error", "fatal"].map((level) => [level, (m: string) => problems.push(m)]),
    );
    const doc = imscDoc.fromXML(await written("ttml"), { ...handler, info: () => undefined });
    expect(problems).toEqual([]);
    /** The region showing text at a time, and its spans' text with their computed styles. */
    const shown = (seconds: number) => {
      const isd = imscIsd.generateISD(doc, seconds, handler);
      const region = (isd.contents ?? []).find((node) => (node.contents ?? []).length > 0);
      const spans: { text: string; italic: boolean; bold: boolean; underline: boolean }[] = [];
      let textAlign: unknown;
      const walk = (node: IsdNode) => {
        if (node.kind === "p") textAlign = node.styleAttrs?.[`${TTS}textAlign`];
        if (node.kind === "span" && node.text !== undefined) {
          const styles = node.styleAttrs ?? {};
          spans.push({
            text: node.text,
            italic: styles[`${TTS}fontStyle`] === "italic",
            bold: styles[`${TTS}fontWeight`] === "bold",
            underline: JSON.stringify(styles[`${TTS}textDecoration`] ?? "").includes("underline"),
          });
        }
        (node.contents ?? []).forEach(walk);
      };
      if (region) walk(region);
      return { region: region?.id, textAlign, spans: spans.filter((span) => span.text !== "") };
    };
    const first = shown(0.5);
    expect(first.region).toBe("bottom");
    expect(first.spans).toEqual([
      { text: "Off screen", italic: true, bold: false, underline: false },
      { text: "said ", italic: false, bold: false, underline: false },
      { text: "she", italic: false, bold: true, underline: false },
    ]);
    const second = shown(2.5);
    expect(second.region).toBe("top");
    expect(second.spans.find((span) => span.text === "title")?.underline).toBe(true);
    // (imscJS computes left and right as start and end in left-to-right text.)
    expect(shown(4.5).textAlign).toBe("start");
    const typed = shown(6.5);
    expect([typed.region, typed.textAlign]).toEqual(["top", "end"]);
    expect(typed.spans.map((span) => span.text).join("")).toBe("x <i>y</i> & {\\an8} &lt;");
  });
});

describe("EBU-STL", () => {
  it("writes italics and underline codes, the top row and the justification", async () => {
    const { body } = await writeExport("stl", {
      ...input,
      transcript: { ...input.transcript, cues: cues.slice(0, 3) },
    });
    const bytes = body as Uint8Array;
    const tti = (n: number) => bytes.subarray(1024 + n * 128, 1024 + (n + 1) * 128);
    const text = (n: number) => [...tti(n).subarray(16)].filter((byte) => byte !== 0x8f);
    const ascii = (value: string) => [...value].map((char) => char.charCodeAt(0));
    // Cue 1: italics on, "Off screen", off at the row's end; row 2 starts plain.
    expect(text(0)).toEqual([0x80, ...ascii("Off screen"), 0x8a, ...ascii("said she")]);
    expect(tti(0)[13]).toBe(21);
    expect(tti(1)[13]).toBe(1);
    expect(text(1)).toEqual([...ascii("A "), 0x82, ...ascii("title")]);
    expect(tti(2)[14]).toBe(1);
    expect(tti(0)[14]).toBe(2);
  });
});

describe("read by ffmpeg (an independent reader)", () => {
  const dir = mkdtempSync(join(tmpdir(), "styled-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The file converted by ffmpeg to ASS: its dialogue lines' text. */
  function throughFfmpeg(name: string, content: string): string[] {
    writeFileSync(join(dir, name), content);
    const out = join(dir, `${name}.ass`);
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", join(dir, name), out]);
    return readFileSync(out, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("Dialogue:"))
      .map((line) => line.split(",").slice(9).join(",").trim());
  }

  it.each(["srt", "vtt", "ass"] as const)(
    "ffmpeg reads %s's italics and keeps typed tags as text",
    async (format) => {
      const lines = throughFfmpeg(`styled.${format}`, await written(format));
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/\{\\i1\}Off screen\{\\i0\}\\Nsaid \{\\b1\}she\{\\b0\}/u);
      expect(lines[1]).toContain("{\\u1}title");
      expect(lines[3]).not.toContain("{\\i1}");
    },
  );
});
