import { describe, expect, it } from "vitest";
import { answerLimits, answerShapes } from "./answer-shapes.js";

describe("the answers' shapes", () => {
  // The schema's maxLength counts code points (JSON Schema, and llama.cpp's grammar with it);
  // cutting an over-long answer by UTF-16 units would split an emoji into a lone surrogate.
  it("cuts an over-long topic by code points, never inside an emoji", () => {
    const limits = answerLimits(4_000, 3);
    const { combined } = answerShapes(limits);
    const topic = `a${"🎤".repeat(200)}`;
    const value = combined.validate({
      shortSummary: { text: "x", cues: [] },
      summary: [],
      keyPoints: [],
      topics: [topic],
    });
    const cut = value.topics[0]!;
    expect(cut.length).toBeGreaterThan(0);
    expect(cut).toBe(`a${"🎤".repeat([...cut].length - 1)}`);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate
  });
});
