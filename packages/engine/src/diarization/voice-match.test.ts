import { describe, expect, it } from "vitest";

import { cosineSimilarity, matchVoices, VOICE_MATCH_THRESHOLD } from "./voice-match.js";

describe("matchVoices", () => {
  it("names each speaker after its most similar voice above the threshold, each voice once", () => {
    const speakers = [
      { id: "S1", embedding: [1, 0, 0] },
      { id: "S2", embedding: [0.9, 0.1, 0] },
      { id: "S3", embedding: [0, 0, 1] },
    ];
    const voices = [{ name: "Ada", embedding: [0.92, 0.1, 0] }];
    // Both S1 and S2 resemble Ada; the closer one takes the name, the other stays unnamed.
    const names = matchVoices(speakers, voices);
    expect([...names]).toEqual([["S2", "Ada"]]);
  });

  it("leaves a speaker unnamed below the threshold and skips voices of another length", () => {
    const a = [1, 1, 0];
    const b = [1, 0, 1];
    expect(cosineSimilarity(a, b)).toBeLessThan(VOICE_MATCH_THRESHOLD);
    expect(matchVoices([{ id: "S1", embedding: a }], [{ name: "Bo", embedding: b }]).size).toBe(0);
    expect(
      matchVoices([{ id: "S1", embedding: a }], [{ name: "Cy", embedding: [1, 1] }]).size,
    ).toBe(0);
  });
});
