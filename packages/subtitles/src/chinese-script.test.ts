import { describe, expect, it } from "vitest";
import { convertChineseScript, isChineseLanguage } from "./chinese-script.js";

describe("convertChineseScript", () => {
  it("writes Hong Kong Traditional with Hong Kong forms", () => {
    expect(convertChineseScript("我们的软件里面有个后台进程", "hk")).toBe(
      "我們的軟件裏面有個後台進程",
    );
  });

  it("writes Taiwan Traditional with Taiwan vocabulary", () => {
    expect(convertChineseScript("软件 鼠标 信息", "tw")).toBe("軟體 滑鼠 資訊");
  });

  it("writes Simplified, and leaves Latin text and punctuation alone", () => {
    expect(convertChineseScript("軟件裏面，OK！", "cn")).toBe("软件里面，OK！");
  });

  it("keeps text that is already Traditional", () => {
    expect(convertChineseScript("這是繁體", "hk")).toBe("這是繁體");
  });

  it("knows which languages are Chinese", () => {
    expect(isChineseLanguage("zh")).toBe(true);
    expect(isChineseLanguage("yue")).toBe(true);
    expect(isChineseLanguage("ja")).toBe(false);
  });
});
