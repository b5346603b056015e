import { EXPORT_FORMATS } from "@verbatim/contract";
import { describe, expect, it } from "vitest";
import { writeExport } from "./export-formats.js";
import type { ExportInput } from "./export-input.js";

// speakerNames=false (web, API, CLI): no format but JSON names a speaker. Every text format is
// read as text; the binary ones (DOCX, XLSX, PDF, STL) are checked by their own tests.

const input: ExportInput = {
  transcript: {
    language: "en",
    duration: 6000,
    cues: [
      { index: 1, start: 0, end: 2000, text: "Good evening.", speaker: "S1" },
      { index: 2, start: 3000, end: 5000, text: "Hello there.", speaker: "S2" },
    ],
    speakers: [
      { id: "S1", name: "Alice Wong" },
      { id: "S2", name: "Bartholomew" },
    ],
  },
  title: "talk.mp4",
  createdAt: new Date("2026-11-28T00:00:00Z"),
};

const TEXT_FORMATS = EXPORT_FORMATS.filter(
  (format) => !["docx", "xlsx", "pdf", "stl", "json"].includes(format),
);

describe("speaker names left out", () => {
  it.each(TEXT_FORMATS)(
    "%s names the speakers by default and not with speakerNames=false",
    async (format) => {
      const named = String((await writeExport(format, input)).body);
      const unnamed = String((await writeExport(format, { ...input, speakerNames: false })).body);
      expect(unnamed).not.toContain("Alice Wong");
      expect(unnamed).not.toContain("Bartholomew");
      expect(unnamed).toContain("Hello there.");
      // Every one of them writes the names when asked to (the test can fail).
      expect(named).toContain("Alice Wong");
    },
  );

  it("json keeps them: it is data", async () => {
    const json = String((await writeExport("json", { ...input, speakerNames: false })).body);
    expect(json).toContain("Alice Wong");
  });
});
