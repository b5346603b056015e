import { DiarizedTranscription } from "@verbatim/contract/api";
import { describe, expect, it } from "vitest";
import { presentDiarized, presentJson, presentVerbose, transcriptText } from "./presenters.js";

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

describe("diarized_json", () => {
  it("labels segments with names, else A, B… in order of first speech, as OpenAI does", () => {
    const answer = presentDiarized({
      cues: [
        { index: 1, start: 0, end: 1500, text: "Hello\nthere.", speaker: "S2" },
        { index: 2, start: 1500, end: 2000, text: "Hi.", speaker: "S1" },
        { index: 3, start: 2000, end: 3250, text: "Bye.", speaker: "S3" },
      ],
      language: "en",
      durationMs: 3300,
      speakers: [
        { id: "S1", name: "agent" },
        { id: "S2", name: null },
        { id: "S3", name: null },
      ],
    });
    expect(answer).toEqual({
      task: "transcribe",
      duration: 3.3,
      text: "Hello there. Hi. Bye.",
      segments: [
        {
          type: "transcript.text.segment",
          id: "seg_001",
          start: 0,
          end: 1.5,
          text: "Hello there.",
          speaker: "A",
        },
        {
          type: "transcript.text.segment",
          id: "seg_002",
          start: 1.5,
          end: 2,
          text: "Hi.",
          speaker: "agent",
        },
        {
          type: "transcript.text.segment",
          id: "seg_003",
          start: 2,
          end: 3.25,
          text: "Bye.",
          speaker: "B",
        },
      ],
      usage: { type: "duration", seconds: 4 },
    });
    expect(DiarizedTranscription.parse(answer)).toEqual(answer);
  });
});
