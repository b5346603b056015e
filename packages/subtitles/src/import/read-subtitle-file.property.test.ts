import fc from "fast-check";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { SubtitleImportError } from "./import-error.js";
import { IMPORT_FORMATS, readSubtitleFile } from "./read-subtitle-file.js";
import { importAss } from "./ass.js";
import { importPlainText } from "./plain-text.js";
import { importSbv } from "./sbv.js";
import { importSrt } from "./srt.js";
import { importTtml } from "./ttml.js";
import { importVtt } from "./vtt.js";

/** Each text format's own parser, called without readSubtitleFile's safety net. */
const PARSERS = { importSrt, importVtt, importAss, importTtml, importSbv, importPlainText };

/** Lines that make each format's parser take its less travelled paths. */
const FRAGMENTS = [
  "WEBVTT",
  "[Script Info]",
  "[Events]",
  "[V4+ Styles]",
  "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  "Format: Start, Text",
  "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\b1}x\\N{\\p1}m 0 0",
  "Dialogue: ,,,",
  "Dialogue: 0,9:99:99.99,-1,Default,,0,0,0,,{\\k",
  "00:00:01,000 --> 00:00:02,000",
  "99:99:99,999 --> 00:00:00,000",
  "0:00:01.000,0:00:02.000",
  "1",
  "",
  "<v Ana>",
  "NOTE",
  '<?xml version="1.0"?>',
  '<tt xmlns="http://www.w3.org/ns/ttml" ttp:frameRate="0" ttp:tickRate="-1">',
  '<p begin="1s" end="00:00:01:99.5" dur="1e400s">',
  '<!DOCTYPE tt [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>',
  "&b;&b;&b;",
  "<br/>",
  "</p></tt>",
  "<span>",
  "你好，世界",
  "\uFEFF",
  "\r",
];

const textFromFragments = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 40 })), {
    maxLength: 40,
  })
  .map((lines) => new TextEncoder().encode(lines.join("\n")));

const format = fc.option(fc.constantFrom(...IMPORT_FORMATS), { nil: undefined });

/** Every failure is a SubtitleImportError; anything else fails the property. */
async function readsOrRefuses(
  bytes: Uint8Array,
  forced: (typeof IMPORT_FORMATS)[number] | undefined,
) {
  try {
    const imported = await readSubtitleFile(bytes, forced ? { format: forced } : {});
    for (const cue of imported.cues) {
      expect(Number.isFinite(cue.start) && Number.isFinite(cue.end)).toBe(true);
      expect(cue.end).toBeGreaterThanOrEqual(cue.start);
      expect(cue.text.trim()).not.toBe("");
    }
  } catch (error) {
    if (!(error instanceof SubtitleImportError)) throw error;
  }
}

describe("each parser on hostile text", () => {
  it.each(Object.entries(PARSERS))(
    "%s returns cues or throws a SubtitleImportError, nothing else",
    (_name, parse) => {
      const text = fc.oneof(
        textFromFragments.map((bytes) => new TextDecoder().decode(bytes)),
        fc.string({ maxLength: 300, unit: "binary" }),
      );
      fc.assert(
        fc.property(text, (input) => {
          try {
            parse(input);
          } catch (error) {
            if (!(error instanceof SubtitleImportError)) throw error;
          }
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe("readSubtitleFile on hostile input", () => {
  it("reads random bytes as some format or refuses them with a typed error", async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), format, readsOrRefuses), {
      numRuns: 300,
    });
  });

  it("reads random mixes of every format's syntax or refuses them with a typed error", async () => {
    await fc.assert(fc.asyncProperty(textFromFragments, format, readsOrRefuses), {
      numRuns: 500,
    });
  });

  it("refuses random ZIP archives named DOCX with a typed error", async () => {
    const archive = fc
      .dictionary(
        fc.constantFrom("word/document.xml", "[Content_Types].xml", "_rels/.rels", "x"),
        fc.string({ maxLength: 80 }),
      )
      .map(async (files) => {
        const zip = new JSZip();
        for (const [name, content] of Object.entries(files)) zip.file(name, content);
        return zip.generateAsync({ type: "uint8array" });
      });
    await fc.assert(
      fc.asyncProperty(archive, async (bytes) => readsOrRefuses(await bytes, "docx")),
      { numRuns: 60 },
    );
  });
});
