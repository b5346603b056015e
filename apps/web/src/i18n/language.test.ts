import { describe, expect, it } from "vitest";
import { initialLanguage, languageFromBrowser } from "./language";

describe("the interface language", () => {
  it.each([
    [["zh-HK"], "zh-HK"],
    [["zh-TW", "en"], "zh-HK"],
    [["zh-Hant-HK"], "zh-HK"],
    [["zh-CN"], "en"],
    [["en-GB"], "en"],
    [[], "en"],
  ] as const)("derives %j → %s from the browser", (browser, expected) => {
    expect(languageFromBrowser(browser)).toBe(expected);
  });

  it("keeps a stored preference only when it is en or zh-HK", () => {
    localStorage.setItem("language", "zh-HK");
    expect(initialLanguage()).toBe("zh-HK");
    localStorage.setItem("language", "fr");
    expect(initialLanguage()).toBe(languageFromBrowser(navigator.languages));
  });
});
