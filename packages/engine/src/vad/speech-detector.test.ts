import { describe, expect, it } from "vitest";
import { JFK_MP3, NO_SPEECH_WAV } from "../../test/helpers/media-files.js";
import { decodePcm, SAMPLE_RATE } from "../media/decode.js";
import { SpeechDetector, type SpeechRegion } from "./speech-detector.js";

async function regionsOf(path: string): Promise<SpeechRegion[]> {
  const detector = await SpeechDetector.create();
  const regions: SpeechRegion[] = [];
  for await (const block of decodePcm(path)) regions.push(...(await detector.push(block)));
  regions.push(...detector.finish());
  await detector.close();
  return regions;
}

describe("SpeechDetector (Silero VAD)", () => {
  it("finds the speech in a real recording, ordered and inside the file", async () => {
    const regions = await regionsOf(JFK_MP3);
    const speech = regions.reduce((sum, r) => sum + r.end - r.start, 0) / SAMPLE_RATE;
    expect(regions.length).toBeGreaterThan(1);
    expect(speech).toBeGreaterThan(6);
    expect(speech).toBeLessThan(11);
    for (let i = 1; i < regions.length; i++)
      expect(regions[i]!.start).toBeGreaterThanOrEqual(regions[i - 1]!.end);
  });

  it("finds no speech in a recording of background noise", async () => {
    expect(await regionsOf(NO_SPEECH_WAV)).toEqual([]);
  });
});
