import { describe, expect, it } from "vitest";
import { convertCantonese, convertChineseScript, isChineseLanguage } from "./chinese-script.js";

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

describe("convertCantonese", () => {
  it("writes SenseVoice's Simplified Cantonese in Hong Kong Traditional, as spoken", () => {
    expect(convertCantonese("佢哋喺度讲紧嘢，我哋啲人都唔知")).toBe(
      "佢哋喺度講緊嘢，我哋啲人都唔知",
    );
    expect(convertCantonese("你系咪已经食咗饭")).toBe("你係咪已經食咗飯");
  });

  it("turns the copula 系 into 係 but keeps 系 where written Chinese uses it", () => {
    expect(convertCantonese("佢系老师")).toBe("佢係老師");
    expect(convertCantonese("唔系")).toBe("唔係");
    expect(convertCantonese("呢个系统系新嘅")).toBe("呢個系統係新嘅");
    expect(convertCantonese("系列")).toBe("系列");
    expect(convertCantonese("太阳系")).toBe("太陽系");
  });

  it("writes 嘢 for 'thing' after the words it follows, and keeps 野 elsewhere", () => {
    expect(convertCantonese("你做乜野")).toBe("你做乜嘢");
    expect(convertCantonese("买咗啲野")).toBe("買咗啲嘢");
    expect(convertCantonese("野生动物")).toBe("野生動物");
    expect(convertCantonese("田野")).toBe("田野");
  });

  it("writes 晒 for 'all', and 曬 only for drying in the sun", () => {
    expect(convertCantonese("唔该哂")).toBe("唔該晒");
    expect(convertCantonese("食晒啲饭")).toBe("食晒啲飯");
    expect(convertCantonese("出去晒太阳，晒衫")).toBe("出去曬太陽，曬衫");
  });

  it("never writes 繫 for the copula, whatever OpenCC would make of the phrase", () => {
    expect(convertCantonese("喺唔系系唔系")).toBe("喺唔係係唔係");
    expect(convertCantonese("我哋有联系")).toBe("我哋有聯繫");
    expect(convertCantonese("关系")).toBe("關係");
  });

  it("keeps Cantonese that is already Traditional", () => {
    expect(convertCantonese("佢哋係咪喺度？")).toBe("佢哋係咪喺度？");
  });
});
