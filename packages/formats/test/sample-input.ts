import type { Cue, Transcript } from "@verbatim/subtitles";
import type { ExportInput } from "../src/index.js";

/** Two speakers in English, the second one named; word timings on the first cue. */
export const ENGLISH: Transcript = {
  language: "en",
  duration: 12_000,
  speakers: [
    { id: "S1", name: null },
    { id: "S2", name: "Ana Lima" },
  ],
  cues: [
    {
      index: 1,
      start: 500,
      end: 2_800,
      text: "Welcome back to the show.\nToday: café prices.",
      speaker: "S1",
      words: [
        { text: " Welcome", start: 600, end: 900 },
        { text: " back", start: 900, end: 1_100 },
        { text: " to", start: 1_100, end: 1_200 },
        { text: " the", start: 1_200, end: 1_300 },
        { text: " show.", start: 1_300, end: 1_700 },
        { text: " Today:", start: 1_800, end: 2_100 },
        { text: " café", start: 2_100, end: 2_400 },
        { text: " prices.", start: 2_400, end: 2_800 },
      ],
    },
    { index: 2, start: 3_000, end: 5_500, text: "Thanks — it's good to be here.", speaker: "S2" },
    { index: 3, start: 6_000, end: 9_000, text: "Shall we start with coffee?", speaker: "S1" },
    { index: 4, start: 9_200, end: 11_900, text: "Yes, let's.", speaker: "S2" },
  ],
};

/** Two speakers in Chinese (Traditional, Hong Kong), one named in Chinese. */
export const CHINESE: Transcript = {
  language: "zh",
  duration: 10_000,
  speakers: [
    { id: "S1", name: "陳大文" },
    { id: "S2", name: null },
  ],
  cues: [
    { index: 1, start: 0, end: 2_500, text: "大家好，歡迎收聽今日嘅節目。", speaker: "S1" },
    { index: 2, start: 2_600, end: 5_000, text: "多謝邀請，好高興嚟到呢度。", speaker: "S2" },
    { index: 3, start: 5_200, end: 7_800, text: "我哋今日講下香港嘅咖啡價錢。", speaker: "S1" },
    { index: 4, start: 8_000, end: 9_900, text: "好呀，開始啦。", speaker: "S2" },
  ],
};

/** An export of a transcript, as the server would ask for it. */
export function inputOf(transcript: Transcript, extra: Partial<ExportInput> = {}): ExportInput {
  return {
    transcript,
    title: transcript.language === "zh" ? "訪問 錄音.mp4" : "interview.mp4",
    createdAt: new Date("2025-03-04T10:20:30Z"),
    locale: transcript.language === "zh" ? "zh-HK" : "en",
    ...extra,
  };
}

/** Every cue's text. */
export function textsOf(transcript: Transcript): string[] {
  return transcript.cues.map((cue: Cue) => cue.text);
}
