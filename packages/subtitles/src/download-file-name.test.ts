import { describe, expect, it } from "vitest";
import { downloadFileName, unicodeDownloadFileName } from "./download-file-name.js";

describe("downloadFileName (the ASCII fallback)", () => {
  it.each([
    ["my talk (final).mp3", "srt", "my_talk__final_.srt"],
    ["lecture.2024.mp4", "vtt", "lecture_2024.vtt"],
    ["no-extension_here", "txt", "no-extension_here.txt"],
    ["über.wav", "json", "_ber.json"],
    ["會議 錄音 #1.mp3", "srt", "_______1.srt"],
    [".mp3", "srt", "transcription.srt"],
    ["", "srt", "transcription.srt"],
    ["clip.mov", ".srt", "clip.srt"],
  ])("%s + %s gives %s", (name, extension, expected) => {
    expect(downloadFileName(name, extension)).toBe(expected);
  });
});

describe("unicodeDownloadFileName (filename*)", () => {
  it.each([
    ["會議 錄音 #1.mp3", "srt", "會議 錄音 #1.srt"],
    ["Café société.wav", "vtt", "Café société.vtt"],
    ["my talk (final).mp3", "srt", "my talk (final).srt"],
    ["lecture.2024.mp4", "txt", "lecture.2024.txt"],
    ['a/b\\c:d*e?f"g<h>i|j.mp3', "srt", "a_b_c_d_e_f_g_h_i_j.srt"],
    ["line\nbreak\u202Eevil.mp3", "srt", "linebreakevil.srt"],
    ["  .hidden .mp3", "srt", "hidden.srt"],
    [".mp3", "srt", "transcription.srt"],
    ["", "json", "transcription.json"],
    ["Cafe\u0301.wav", "srt", "Café.srt"],
  ])("%j + %s gives %s", (name, extension, expected) => {
    expect(unicodeDownloadFileName(name, extension)).toBe(expected);
  });
});
