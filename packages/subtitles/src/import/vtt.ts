import { readVttWithSpeakers } from "../vtt.js";
import { timedCues, type ImportedCues } from "./imported-cues.js";

/** WebVTT: cues without markup, voice spans (`<v Name>`) as speakers. */
export function importVtt(text: string): ImportedCues {
  const { cues, speakers } = readVttWithSpeakers(text);
  return {
    cues: timedCues(cues),
    ...(speakers.length > 0 ? { speakers } : {}),
    timed: true,
  };
}

/** Whether text is WebVTT: it starts with `WEBVTT`. */
export function looksLikeVtt(text: string): boolean {
  return /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|$)/u.test(text);
}
