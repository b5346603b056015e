import { describe, expect, it } from "vitest";
import { breaksAnywhere, isCjkChar, isCjkText } from "./cjk.js";
import { canBreakBetween } from "./line-break-rules.js";
import { displayLength, joinLines } from "./text-measure.js";

describe("isCjkChar", () => {
  it("recognises Han, kana, Hangul, CJK punctuation and fullwidth forms", () => {
    for (const ch of ["中", "ひ", "カ", "ー", "한", "。", "「", "，", "Ａ", "！"]) {
      expect(isCjkChar(ch)).toBe(true);
    }
  });

  it("rejects Latin, digits, spaces and ASCII punctuation", () => {
    for (const ch of ["a", "Z", "1", " ", ",", "é", "—"]) expect(isCjkChar(ch)).toBe(false);
  });
});

describe("isCjkText", () => {
  it("is true when most visible characters are CJK", () => {
    expect(isCjkText("我们用 Python 写代码。")).toBe(true);
    expect(isCjkText("こんにちは")).toBe(true);
    expect(isCjkText("Hello 世界 and friends")).toBe(false);
    expect(isCjkText("   ")).toBe(false);
  });
});

describe("breaksAnywhere and canBreakBetween", () => {
  it("lets Chinese and Japanese break between characters but not Korean", () => {
    expect(breaksAnywhere("中")).toBe(true);
    expect(breaksAnywhere("한")).toBe(false);
    expect(canBreakBetween("中", "文")).toBe(true);
    expect(canBreakBetween("a", "b")).toBe(false);
  });

  it("never puts closing punctuation at a line start or an opening bracket at a line end", () => {
    for (const ch of ["，", "。", "！", "？", "、", "」", "』", "）"])
      expect(canBreakBetween("中", ch)).toBe(false);
    expect(canBreakBetween("「", "中")).toBe(false);
  });
});

describe("displayLength", () => {
  it("counts code points", () => {
    expect(displayLength("hello")).toBe(5);
    expect(displayLength("你好")).toBe(2);
    expect(displayLength("😀a")).toBe(2);
  });
});

describe("joinLines", () => {
  it("joins spaced lines with a space and CJK lines with nothing", () => {
    expect(joinLines("Hello\nworld")).toBe("Hello world");
    expect(joinLines("你好\n世界")).toBe("你好世界");
    expect(joinLines("  a   b \r\n\r\n c ")).toBe("a b c");
  });
});
