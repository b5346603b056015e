import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breakLines } from "./break-lines.js";
import { functionWordsFor } from "./function-words.js";
import { displayLength } from "./text-measure.js";

const twoLines = { maxCharsPerLine: 42, maxLines: 2, language: "en" };
const lastWord = (line: string): string => line.split(" ").at(-1)?.toLowerCase() ?? "";

describe("breakLines keeps English phrases together", () => {
  it("moves a dangling preposition to the next line", () => {
    expect(
      breakLines(
        "for centuries before the woodcutters of the Netherlands, by a similar process,",
        twoLines,
      ),
    ).toEqual([
      "for centuries before the woodcutters",
      "of the Netherlands, by a similar process,",
    ]);
    expect(
      breakLines("Printing, in the only sense with which we are at present concerned,", twoLines),
    ).toEqual(["Printing, in the only sense", "with which we are at present concerned,"]);
  });

  it("never ends a line on an article, conjunction, possessive or auxiliary when it can help it", () => {
    const cases = [
      "She told me that she would be coming back to the office on Monday morning",
      "I think that the results of the experiment were published in their journal",
      "You can see the difference if you look closely at both of the pictures",
      "They said the new bridge will be open to traffic by the end of next year",
    ];
    const leading = functionWordsFor("en").leading;
    for (const text of cases) {
      const lines = breakLines(text, twoLines);
      expect(lines.join(" ")).toBe(text);
      expect(lines).toHaveLength(2);
      expect(leading.has(lastWord(lines[0] ?? ""))).toBe(false);
    }
  });

  it("keeps a name together and a number with its unit", () => {
    // The evenest breaks would be "Jonathan / Livingstone" and "42 / kilometres".
    expect(
      breakLines("We met Jonathan Livingstone at the station", {
        ...twoLines,
        maxCharsPerLine: 30,
      }),
    ).toEqual(["We met Jonathan Livingstone", "at the station"]);
    expect(
      breakLines("The trail is 42 kilometres of steep hills", { ...twoLines, maxCharsPerLine: 26 }),
    ).toEqual(["The trail is 42 kilometres", "of steep hills"]);
  });

  it("prefers a rough balance after punctuation to a perfect one mid-phrase", () => {
    expect(
      breakLines("When the rain finally stopped, we walked down to the harbour again", twoLines),
    ).toEqual(["When the rain finally stopped,", "we walked down to the harbour again"]);
  });

  it("still balances when the only rule-abiding break is far off centre", () => {
    const lines = breakLines(
      "My grandmother was born in a small village in the north of Portugal",
      twoLines,
    );
    expect(lines.every((line) => displayLength(line) <= 42)).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it("applies the function words of the cue's language", () => {
    const french = breakLines(
      "Le président de la République a annoncé une nouvelle loi pour les entreprises",
      { ...twoLines, language: "fr" },
    );
    expect(functionWordsFor("fr").leading.has(lastWord(french[0] ?? ""))).toBe(false);
    const spanish = breakLines(
      "El presidente del gobierno anunció ayer una nueva ley para las empresas",
      { ...twoLines, language: "es" },
    );
    expect(functionWordsFor("es").leading.has(lastWord(spanish[0] ?? ""))).toBe(false);
  });
});

const content = fc
  .stringMatching(/^[a-z]{3,9}$/)
  .filter((word) => !functionWordsFor("en").leading.has(word));
const functionWord = fc.constantFrom("the", "of", "to", "and", "with", "their", "was", "a");

describe("breakLines phrasing properties", () => {
  it("ends no line on a function word when a break of rough balance avoids it", () => {
    // Function and content words alternate, so a break before a function word lies within
    // eight characters of the centre; lines may be that much longer than half the text.
    const text = fc
      .array(fc.tuple(functionWord, content), { minLength: 8, maxLength: 14 })
      .map((pairs) => pairs.flat().join(" "));
    const leading = functionWordsFor("en").leading;
    fc.assert(
      fc.property(text, (input) => {
        const maxCharsPerLine = Math.ceil(input.length / 2) + 16;
        const lines = breakLines(input, { ...twoLines, maxCharsPerLine });
        expect(lines.join(" ")).toBe(input);
        expect(lines).toHaveLength(2);
        expect(leading.has(lastWord(lines[0] ?? ""))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
