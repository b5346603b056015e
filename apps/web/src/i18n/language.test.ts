import { describe, expect, it } from "vitest";
import { dateLocale, initialLanguage, languageFromBrowser } from "./language";

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

  it.each([
    ["en", ["en-GB", "en"], "en-GB", "28 Nov 2026"],
    ["en", ["de-DE", "en-AU"], "en-AU", "28 Nov 2026"],
    ["en", ["fr-FR"], "en-US", "Nov 28, 2026"],
    ["zh-HK", ["zh-TW", "en"], "zh-TW", "2026年11月28日"],
    ["zh-HK", ["en-GB"], "zh-HK", "2026年11月28日"],
  ] as const)(
    "formats dates for %s in the browser's own locale %j → %s",
    (language, browser, locale, date) => {
      expect(dateLocale(language, browser)).toBe(locale);
      const day = new Date(Date.UTC(2026, 10, 28, 12));
      expect(
        new Intl.DateTimeFormat(dateLocale(language, browser), {
          dateStyle: "medium",
          timeZone: "UTC",
        }).format(day),
      ).toBe(date);
    },
  );
});
