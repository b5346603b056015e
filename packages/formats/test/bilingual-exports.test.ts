import type { Transcript } from "@verbatim/subtitles";
import { describe, expect, it } from "vitest";
import { writeExport, type ExportInput } from "../src/index.js";

// A bilingual transcription goes through the one export path: two-line cues (the original over
// its English translation) in SRT, VTT and ASS, or one language's track when asked.

const BILINGUAL: Transcript = {
  language: "zh",
  duration: 6_000,
  cues: [
    {
      index: 1,
      start: 0,
      end: 2_500,
      text: "歡迎收看今晚的節目",
      translation: "Welcome to tonight's show",
    },
    {
      index: 2,
      start: 3_000,
      end: 5_500,
      text: "我們先談天氣",
      translation: "Let's start with the weather",
    },
  ],
};

function input(track?: ExportInput["track"]): ExportInput {
  return { transcript: BILINGUAL, title: "news.mp4", createdAt: new Date(0), track };
}

async function text(format: "srt" | "vtt" | "ass", track?: ExportInput["track"]) {
  const { body } = await writeExport(format, input(track));
  if (typeof body !== "string") throw new Error(`${format} is text`);
  return body;
}

describe("bilingual exports", () => {
  it.each(["srt", "vtt"] as const)(
    "writes two-line %s cues, the original over the English",
    async (format) => {
      const written = await text(format);
      expect(written).toContain("歡迎收看今晚的節目\nWelcome to tonight's show");
      expect(written).toContain("我們先談天氣\nLet's start with the weather");
    },
  );

  it("writes two-line ASS dialogue lines", async () => {
    const written = await text("ass");
    expect(written).toContain("歡迎收看今晚的節目\\NWelcome to tonight's show");
  });

  it("writes one language as its own track", async () => {
    const english = await text("srt", "translation");
    expect(english).toContain("Welcome to tonight's show");
    expect(english).not.toContain("歡迎");
    const original = await text("vtt", "original");
    expect(original).toContain("歡迎收看今晚的節目");
    expect(original).not.toContain("Welcome");
  });
});
