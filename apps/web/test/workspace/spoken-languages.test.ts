import { WHISPER_LANGUAGES } from "@verbatim/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { spokenLanguages } from "../../src/features/workspace/spoken-languages";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Intl.DisplayNames as Chromium's: no names for Bashkir and Tibetan (it gives the code back). */
function browserWithoutSomeNames() {
  const real = Intl.DisplayNames.prototype.of;
  vi.spyOn(Intl.DisplayNames.prototype, "of").mockImplementation(function (
    this: Intl.DisplayNames,
    code: string,
  ) {
    return code === "ba" || code === "bo" ? code : real.call(this, code);
  });
}

describe("spoken languages", () => {
  it.each(["en", "zh-HK"])("names every Whisper language in %s, never by a bare code", (locale) => {
    browserWithoutSomeNames();
    const languages = spokenLanguages(locale);
    expect(languages.map((l) => l.code).sort()).toEqual(Object.keys(WHISPER_LANGUAGES).sort());
    for (const { code, name } of languages) {
      expect(name, code).not.toBe(code);
      expect(name.length, code).toBeGreaterThan(1);
    }
  });

  it("uses the contract's names in English and Chinese ones in Chinese", () => {
    browserWithoutSomeNames();
    const name = (locale: string, code: string) =>
      spokenLanguages(locale).find((l) => l.code === code)?.name;
    expect(name("en", "ba")).toBe("Bashkir");
    expect(name("en", "bo")).toBe("Tibetan");
    expect(name("zh-HK", "bo")).toBe("藏文");
    expect(name("zh-HK", "ba")).toBe("巴什基爾文");
    expect(name("zh-HK", "fr")).toBe("法文");
  });
});
