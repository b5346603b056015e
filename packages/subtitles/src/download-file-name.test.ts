import { describe, expect, it } from "vitest";
import { downloadFileName } from "./download-file-name.js";

describe("downloadFileName", () => {
  it.each([
    ["my talk (final).mp3", "srt", "my_talk__final_.srt"],
    ["lecture.2024.mp4", "vtt", "lecture_2024.vtt"],
    ["no-extension_here", "txt", "no-extension_here.txt"],
    ["über.wav", "json", "_ber.json"],
    [".mp3", "srt", "transcription.srt"],
    ["", "srt", "transcription.srt"],
    ["clip.mov", ".srt", "clip.srt"],
  ])("%s + %s gives %s", (name, extension, expected) => {
    expect(downloadFileName(name, extension)).toBe(expected);
  });
});
