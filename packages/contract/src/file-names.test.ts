import { describe, expect, it } from "vitest";
import { cleanFileName, MAX_FILE_NAME } from "./file-names.js";

describe("cleanFileName", () => {
  it.each([
    ["talk.mp3", "talk.mp3"],
    ["會議記錄（第一次）.mp3", "會議記錄（第一次）.mp3"],
    ["Q&A, part #2 (final!).m4a", "Q&A, part #2 (final!).m4a"],
    ["invoice\u202Egpj.exe", "invoicegpj.exe"],
    ["a\u2066b\u2069c\u200E\u200Fd\u061Ce\u202Af", "abcdef"],
    ["line\r\nbreak\tand\u0000nul\u007f\u0085", "linebreakandnul"],
    ["../../etc/passwd", "etc_passwd"],
    ["C:\\Users\\me\\talk.mp3", "C:_Users_me_talk.mp3"],
    ["./.\u202E./x", "x"],
    ["  spaced  ", "spaced"],
  ])("cleans %j to %j", (given, clean) => {
    expect(cleanFileName(given)).toBe(clean);
  });

  it.each([undefined, "", "   ", "\u202E\r\n", "../..", "/", "\\.\\"])(
    "leaves nothing of %j",
    (given) => {
      expect(cleanFileName(given)).toBe("");
    },
  );

  it("keeps at most MAX_FILE_NAME characters, counting CJK as one each", () => {
    expect(Array.from(cleanFileName("語".repeat(400)))).toHaveLength(MAX_FILE_NAME);
  });
});
