// Insights with the real local runtime: node-llama-cpp running a random-weight qwen3 GGUF (the
// layer's own test model). Random weights say nothing about quality; this proves the path —
// grammar-constrained JSON in our schema, token counting with the model's tokenizer, citation
// checks on whatever the model wrote, chapters covering the recording — and the streamed ask.
import { languageModelFromSettings, type LanguageModel } from "@verbatim/llm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTinyGguf } from "../../llm/test/random-gguf-model.js";
import { askTranscripts, chapterCoverageProblem, summarize } from "../src/index.js";

let model: LanguageModel;

beforeAll(async () => {
  model = languageModelFromSettings({
    model: await ensureTinyGguf(),
    threads: 1,
    gpu: "off",
    contextSize: 2048,
  });
});
afterAll(() => model.close());

const cues = Array.from({ length: 4 }, (_, i) => ({
  index: i + 1,
  start: i * 5_000,
  end: i * 5_000 + 4_000,
  text: `Point ${i + 1}: the council discussed the harbour.`,
}));

describe("insights on the local runtime (random qwen3 weights)", () => {
  it("summarises into schema-valid insights whose every citation exists", async () => {
    const insights = await summarize(model, {
      source: { id: "t", cues },
      durationMs: 60_000,
      language: null,
      accountId: "a",
    });
    expect(insights.model).toBe(model.name);
    expect(chapterCoverageProblem(insights.chapters, 60_000)).toBeNull();
    const all = [
      insights.shortSummary,
      ...insights.summary,
      ...insights.keyPoints,
      ...insights.quotes,
      ...insights.actionItems,
    ];
    for (const item of all) {
      for (const citation of item.citations)
        expect(cues[citation.cue - 1]!.start).toBe(citation.start);
      if (item.citations.length === 0) expect(item.unverified).toBe(true);
    }
  });

  it("streams an answer and checks its citations", async () => {
    const stream = askTranscripts(model, {
      sources: [{ id: "t", cues }],
      question: "What about the harbour?",
      language: null,
      accountId: "a",
    });
    let next = await stream.next();
    while (!next.done) next = await stream.next();
    for (const citation of next.value.citations) expect(cues[citation.cue - 1]).toBeDefined();
    expect(next.value.model).toBe(model.name);
  });
});
