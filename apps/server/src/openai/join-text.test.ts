import { describe, expect, it } from "vitest";
import { joinText } from "./join-text.js";

describe("joinText", () => {
  it("puts one space between pieces of spaced scripts", () => {
    expect(joinText([" And so, my fellow Americans,", "ask not ", "", "  what"])).toBe(
      "And so, my fellow Americans, ask not what",
    );
    expect(joinText(["안녕하세요", "반갑습니다"])).toBe("안녕하세요 반갑습니다");
  });

  it("joins Chinese and Japanese without spaces, also next to Latin text", () => {
    expect(joinText(["我哋今日講", "廣東話。", "OK"])).toBe("我哋今日講廣東話。OK");
    expect(joinText(["今日は", " いい天気ですね。"])).toBe("今日はいい天気ですね。");
    expect(joinText(["iPhone", "好用"])).toBe("iPhone好用");
  });
});
