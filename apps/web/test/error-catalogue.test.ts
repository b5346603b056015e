// The error table (packages/contract) is typed: every code the server raises is a key of it, and
// the compiler checks that each has both texts and that a raise passes its placeholders. What
// the compiler cannot see: that the two languages say the same thing (same placeholders) and
// that the Chinese is Chinese.
import { describe, expect, it } from "vitest";
import { ERROR_TABLE, errorTextFor } from "@verbatim/contract";

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the error table", () => {
  it("says the same things in both languages: the Chinese fills no detail the English lacks, and is Chinese", () => {
    expect(Object.keys(ERROR_TABLE).length).toBeGreaterThan(90);
    for (const [code, entry] of Object.entries(ERROR_TABLE)) {
      const english = placeholders(entry.en);
      for (const name of placeholders(entry["zh-HK"])) expect(english, code).toContain(name);
      expect(entry["zh-HK"], code).toMatch(/\p{Script=Han}/u);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it("fills placeholders from details and gives null when one is missing", () => {
    expect(errorTextFor("VOICE_LIMIT", "zh-HK", { limit: 20 })).toContain("20");
    expect(errorTextFor("VOICE_LIMIT", "en", {})).toBeNull();
    expect(errorTextFor("NO_SUCH_CODE", "en")).toBeNull();
  });
});
