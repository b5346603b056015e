import { describe, expect, it } from "vitest";
import { presentJson, presentVerbose, transcriptText } from "./presenters.js";

describe("the OpenAI presenters", () => {
  const chinese = {
    cues: [
      { index: 1, start: 0, end: 1500, text: "我哋今日\n講廣東話。" },
      { index: 2, start: 1500, end: 3000, text: "多謝你。" },
    ],
    language: "zh",
    durationMs: 3000,
  };

  it("joins Chinese without spaces, from Whisper's segments or else from the cues", () => {
    expect(transcriptText(chinese)).toBe("我哋今日講廣東話。多謝你。");
    const segments = [
      { start: 0, end: 1200, text: " 我哋今日講廣東話。", tokens: [1, 2] },
      { start: 1200, end: 3000, text: "Thank you.", tokens: [3] },
    ];
    expect(presentJson({ ...chinese, segments }).text).toBe("我哋今日講廣東話。Thank you.");
  });

  it("gives Whisper's segments with their decoder details, in seconds", () => {
    const verbose = presentVerbose(
      {
        ...chinese,
        segments: [
          { start: 1230, end: 2500, text: " Ask not.", tokens: [7, 8], avgLogprob: -0.25 },
          { start: 2500, end: 3000, text: "Ask not.", tokens: [9], temperature: 0.2 },
        ],
      },
      { task: "transcribe", granularities: [], temperature: 0 },
    );
    expect(verbose.segments).toEqual([
      {
        id: 0,
        seek: 123,
        start: 1.23,
        end: 2.5,
        text: "Ask not.",
        tokens: [7, 8],
        temperature: 0,
        avg_logprob: -0.25,
        compression_ratio: expect.any(Number) as number,
        no_speech_prob: 0,
      },
      expect.objectContaining({ id: 1, temperature: 0.2, avg_logprob: 0 }),
    ]);
    expect(verbose.segments![0]!.compression_ratio).toBeGreaterThan(0);
    expect(verbose.language).toBe("chinese");
  });
});
