import { describe, expect, it } from "vitest";
import { askTranscripts, type Answer } from "./ask.js";
import { scriptedModel } from "./scripted-model.test-support.js";

const cues = [
  { index: 1, start: 0, end: 3_000, text: "Welcome to the briefing." },
  { index: 2, start: 3_000, end: 7_000, text: "The new bridge opens in March." },
  { index: 3, start: 7_000, end: 9_000, text: "Questions, please." },
];

async function ask(
  pieces: string[],
  question = "When does the bridge open?",
): Promise<{ streamed: string; answer: Answer }> {
  const model = scriptedModel({ stream: () => pieces });
  const stream = askTranscripts(model, {
    sources: [{ id: "t1", cues }],
    question,
    language: null,
    accountId: "u",
  });
  let streamed = "";
  for (;;) {
    const next = await stream.next();
    if (next.done) return { streamed, answer: next.value };
    streamed += next.value;
  }
}

describe("ask", () => {
  it("streams the answer and links each citation to its cue's time", async () => {
    const { streamed, answer } = await ask([
      "It opens ",
      "in March [c2].",
      ' They said "the new bridge opens in March" [c2].',
    ]);
    expect(streamed).toBe(
      'It opens in March [c2]. They said "the new bridge opens in March" [c2].',
    );
    expect(answer.notInTranscript).toBe(false);
    expect(answer.citations).toEqual([
      { sourceId: "t1", cue: 2, start: 3_000, end: 7_000 },
      { sourceId: "t1", cue: 2, start: 3_000, end: 7_000 },
    ]);
    expect(answer.text).toBe('It opens in March. They said "the new bridge opens in March".');
    expect(answer.rejected).toBe(0);
  });

  it("marks citations to missing cues and quotes the cues do not hold, never as real", async () => {
    const { answer } = await ask([
      'It opens in May [c9]. The mayor said "we will build ten bridges" [c2].',
    ]);
    expect(answer.citations).toEqual([]);
    expect(answer.parts).toContainEqual({ unverified: "c9" });
    expect(answer.parts).toContainEqual({ unverified: "c2" });
    expect(answer.rejected).toBe(2);
  });

  it("says when the transcript does not hold the answer, without streaming the marker", async () => {
    const { streamed, answer } = await ask(["NOT_IN", "_TRANSCRIPT"], "Who won the match?");
    expect(streamed).toBe("");
    expect(answer.notInTranscript).toBe(true);
  });

  it("narrows a long transcript to the passages that share the question's words", async () => {
    const many = Array.from({ length: 3_000 }, (_, i) => ({
      index: i + 1,
      start: i * 1_000,
      end: i * 1_000 + 900,
      text:
        i === 2_500 ? "The harbour tunnel closes in June." : `Filler line ${i} on other matters.`,
    }));
    const model = scriptedModel({
      contextSize: 4_096,
      stream: () => ["It closes in June [c2501]."],
    });
    const stream = askTranscripts(model, {
      sources: [{ id: "t1", cues: many }],
      question: "When does the harbour tunnel close?",
      language: null,
      accountId: "u",
    });
    let next = await stream.next();
    while (!next.done) next = await stream.next();
    expect(model.calls[0]![1]!.content).toContain(
      "c2501 [00:41:40] The harbour tunnel closes in June.",
    );
    expect(next.value.linesShown).toBeLessThan(3_000);
    expect(next.value.citations).toEqual([
      { sourceId: "t1", cue: 2_501, start: 2_500_000, end: 2_500_900 },
    ]);
  });
});
