// Questions with the real local runtime: node-llama-cpp running a random-weight qwen3 GGUF (the
// layer's own test model). Random weights say nothing about quality; this proves the path:
// token counting with the model's tokenizer, the streamed answer, its citations checked.
// (Summaries on this model are not tested here: node-llama-cpp 3.21.1's grammar does hold a
// string's maxLength (it writes a `string-0-N` rule), but grammar-constrained answers on random
// weights are slow — a two-item answer of 12-character strings took 160 s on a loaded 2-core
// machine — too slow for the suite.)
import { languageModelFromSettings, type LanguageModel } from "@verbatim/llm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTinyGguf } from "../../llm/test/random-gguf-model.js";
import { askTranscripts } from "../src/index.js";

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

describe("questions on the local runtime (random qwen3 weights)", () => {
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
