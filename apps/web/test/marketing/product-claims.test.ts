import { EXPORT_FORMATS } from "@verbatim/contract";
import { describe, expect, it } from "vitest";
import { resources } from "../../src/i18n/all-resources";

// What the public pages say the product does, checked against what it does: the formats the
// export route writes (EXPORT_FORMATS), the three model families, and self-service account
// deletion (the Danger zone in the account settings), in both languages.

/** How the pages name each export format. */
const FORMAT_NAMES: Record<(typeof EXPORT_FORMATS)[number], RegExp> = {
  srt: /SRT/,
  vtt: /WebVTT/,
  ass: /ASS/,
  ttml: /TTML/,
  stl: /EBU-STL/,
  sbv: /SBV/,
  docx: /Word/,
  pdf: /PDF/,
  txt: /TXT/,
  csv: /CSV/,
  xlsx: /Excel/,
  json: /JSON/,
  eaf: /ELAN/,
  fcpxml: /Final Cut Pro/,
  premiere: /Premiere Pro/,
  edl: /DaVinci Resolve/,
  avid: /Avid/,
};

type Tree = { [key: string]: string | string[] | Tree };
const at = (tree: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
const text = (tree: unknown, path: string): string => {
  const value = at(tree, path);
  return Array.isArray(value) ? value.join(" ") : String(value);
};

describe.each(["en", "zh-HK"] as const)("the public pages' claims (%s)", (language) => {
  const pages = resources[language].translation;

  it(`name all ${EXPORT_FORMATS.length} download formats where they list formats`, () => {
    expect(EXPORT_FORMATS).toHaveLength(17);
    for (const path of [
      "marketing.faq.items.formats.a",
      "marketing.featuresPage.outputs",
      "marketing.features.items.formats.text",
    ]) {
      for (const [format, name] of Object.entries(FORMAT_NAMES)) {
        expect(text(pages, path), `${path} names ${format}`).toMatch(name);
      }
    }
    for (const path of ["marketing.plans.free.features", "marketing.features.items.formats.title"])
      expect(text(pages, path)).toMatch(/17/);
    expect(JSON.stringify(pages)).not.toMatch(/SRT(, |、)VTT(, |、)TXT( and |、| 及 )JSON/);
  });

  it("speak of the three model families, not of Whisper alone", () => {
    for (const path of [
      "marketing.home.hero.badge",
      "marketing.features.items.engine.text",
      "marketing.faq.items.whatIs.a",
      "marketing.product.intro",
    ]) {
      for (const family of ["Whisper", "Parakeet", "SenseVoice"])
        expect(text(pages, path), path).toContain(family);
    }
    expect(text(pages, "footer.tagline")).not.toMatch(/Whisper/);
  });

  it("say that deleting an account is self-service and at once, with the settings' own words", () => {
    const answer = text(pages, "marketing.faq.items.deleteAccount.a");
    expect(answer).not.toMatch(/30/);
    expect(answer).toContain(text(pages, "account.delete.title"));
    expect(answer).toContain(text(pages, "account.delete.button"));
    expect(answer).toContain(text(pages, "header.account"));
  });

  it("say in the privacy policy and the terms that a deleted account goes at once, not in 30 days", () => {
    for (const section of [
      text(pages, "legal.privacy.sections"),
      JSON.stringify(at(pages, "legal.privacy")),
      JSON.stringify(at(pages, "legal.terms")),
    ]) {
      expect(section).not.toMatch(/within 30 days|30 日內/);
    }
    for (const page of ["legal.privacy", "legal.terms"]) {
      const words = JSON.stringify(at(pages, page));
      expect(words).toContain(text(pages, "account.delete.button"));
      expect(words).toContain(text(pages, "account.delete.title"));
    }
  });
});
