import { describe, expect, it } from "vitest";

import { dataTokenBudget, ensureFits, estimateTokens, splitByTokenBudget } from "./token-budget.js";

const countWords = (text: string) => Promise.resolve(text.split(/\s+/).filter(Boolean).length);

describe("splitByTokenBudget", () => {
  it("packs items in order into chunks within the budget, dropping nothing", async () => {
    const items = ["a b c", "d e", "f", "g h i j", "k"];
    const chunks = await splitByTokenBudget(items, {
      budget: 6,
      render: (i) => i,
      countTokens: countWords,
      overheadPerItem: 1,
    });
    expect(chunks).toEqual([["a b c"], ["d e", "f"], ["g h i j"], ["k"]]);
    expect(chunks.flat()).toEqual(items);
  });

  it("names an item that cannot fit alone", async () => {
    await expect(
      splitByTokenBudget(["a", "b c d e f g"], {
        budget: 3,
        render: (i) => i,
        countTokens: countWords,
      }),
    ).rejects.toMatchObject({
      code: "LLM_CONTEXT_EXCEEDED",
      message: expect.stringMatching(/Item 2/),
    });
  });
});

describe("ensureFits and dataTokenBudget", () => {
  const model = { name: "m", contextSize: 100, countTokens: countWords };
  it("counts the template's overhead and refuses prompt + answer over the window", async () => {
    await expect(ensureFits(model, [{ role: "user", content: "one two" }], 50)).resolves.toBe(
      2 + 8 + 8,
    );
    await expect(
      ensureFits(model, [{ role: "user", content: "w ".repeat(60) }], 40),
    ).rejects.toMatchObject({
      code: "LLM_CONTEXT_EXCEEDED",
    });
    expect(dataTokenBudget(model, { fixedPromptTokens: 20, maxTokens: 30 })).toBe(45);
  });
});

describe("estimateTokens", () => {
  it("counts digits one each, ASCII by threes and other characters at 1.5", () => {
    expect(estimateTokens("00:01")).toBe(4 + 1);
    expect(estimateTokens("hello world!")).toBe(4);
    expect(estimateTokens("你好")).toBe(3);
  });
});
