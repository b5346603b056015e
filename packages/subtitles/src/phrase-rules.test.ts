import { describe, expect, it } from "vitest";
import { functionWordsFor } from "./function-words.js";
import { PHRASE_BREAK_COST, phraseBreakCost, startsClause } from "./phrase-rules.js";

const { none, inside, phrase } = PHRASE_BREAK_COST;

describe("phraseBreakCost", () => {
  it.each([
    ["woodcutters", "of", none],
    ["of", "the", phrase],
    ["the", "Netherlands,", phrase],
    ["Netherlands,", "by", none],
    ["with", "which", phrase],
    ["their", "journal", phrase],
    ["would", "be", phrase],
    ["Mr.", "Smith", phrase],
    ["John", "Smith", phrase],
    ["“John", "Smith”", phrase],
    ["42", "kilometres", phrase],
    ["9", "a.m.", phrase],
    ["$5", "million,", phrase],
    ["1995", "the", none],
    ["he", "would", phrase],
    ["you", "what", none],
    ["more", "than", phrase],
    ["such", "as", phrase],
    ["printed", "book", inside],
    ["engraved", "(in", none],
    ["done.", "The", none],
  ])("English %s / %s costs %s", (before, after, cost) => {
    expect(phraseBreakCost(before, after, "en")).toBe(cost);
  });

  it.each([
    ["fr", "de", "la"],
    ["fr", "avec", "nous"],
    ["de", "mit", "dem"],
    ["de", "der", "Mann"],
    ["es", "para", "las"],
    ["pt", "pelo", "caminho"],
    ["it", "della", "casa"],
  ])("%s: a line ending on %s dangles", (language, before, after) => {
    expect(phraseBreakCost(before, after, language)).toBe(phrase);
  });

  it("uses the table of the language, English when it has none", () => {
    expect(phraseBreakCost("die", "Katze", "de")).toBe(phrase);
    expect(phraseBreakCost("die", "tomorrow", "en")).toBe(inside);
    expect(phraseBreakCost("of", "the", "xx")).toBe(phrase);
    expect(phraseBreakCost("of", "the", null)).toBe(phrase);
    // German capitalises every noun, so capitalised pairs are not names there.
    expect(phraseBreakCost("Haus", "Berlin", "de")).toBe(inside);
    expect(functionWordsFor("pt-BR")).toBe(functionWordsFor("pt"));
  });

  it.each([
    ["人工", "智能", inside],
    ["社會", "的", phrase],
    ["討論", "的是", phrase],
    ["改變", "了", phrase],
    ["智能", "對", none],
    ["對", "社會", phrase],
    ["的是", "人工", none],
    ["影響。", "首先", none],
    ["首先，", "人工", none],
    ["今日", "は", phrase],
    ["人工", "知能", inside],
    ["について", "話", none],
  ])("CJK %s | %s costs %s", (before, after, cost) => {
    expect(phraseBreakCost(before, after, "zh")).toBe(cost);
  });

  it("costs nothing at either end of the text", () => {
    expect(phraseBreakCost("", "the")).toBe(none);
    expect(phraseBreakCost("the", " ")).toBe(none);
  });
});

describe("startsClause", () => {
  it("recognises conjunctions and relatives of the language", () => {
    expect(startsClause("and")).toBe(true);
    expect(startsClause("Which")).toBe(true);
    expect(startsClause("mais", "fr")).toBe(true);
    expect(startsClause("但是")).toBe(true);
    expect(startsClause("table")).toBe(false);
  });
});
