import { describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../test/helpers/media-files.js";
import type { DecodeOptions, RawSegment, Recogniser } from "../recognisers/recogniser.js";
import { AllSpeechDetector } from "../vad/all-speech-detector.js";
import { runPipeline } from "./run-pipeline.js";
import type { PipelineOptions } from "./pipeline-types.js";

/** A deterministic stand-in for whisper (test double): one segment per call over all its audio. */
class OneSegmentPerChunk implements Recogniser {
  readonly family = "whisper";
  readonly backend = "test double";
  readonly calls: { seconds: number; options: DecodeOptions }[] = [];
  detectLanguage?: Recogniser["detectLanguage"];

  async transcribe(pcm: Float32Array, options: DecodeOptions): Promise<RawSegment[]> {
    this.calls.push({ seconds: pcm.length / 16_000, options });
    const end = Math.round(pcm.length / 16);
    const text = `Chunk number ${this.calls.length} was heard.`;
    return [
      {
        start: 0,
        end,
        text,
        language: "en",
        words: [{ text: " Chunk", start: 0, end: Math.min(300, end) }],
      },
    ];
  }

  abort(): void {}

  async free(): Promise<void> {}
}

const options: PipelineOptions = {
  language: "auto",
  task: "transcribe",
  wordTimestamps: true,
  threads: 1,
  beamSize: 1,
  temperatureFallback: false,
  temperature: 0,
  vad: true,
  gpu: false,
  chunking: { targetChunkSeconds: 3, maxChunkSeconds: 4, speechPadMs: 200 },
};

describe("runPipeline", () => {
  it("transcribes each chunk's speech and maps its times back to the media", async () => {
    const model = new OneSegmentPerChunk();
    const output = await runPipeline(JFK_MP3, model, options);
    expect(model.calls.length).toBeGreaterThanOrEqual(3);
    expect(model.calls.every((call) => call.seconds <= 4.01)).toBe(true);
    expect(output.segments).toHaveLength(model.calls.length);
    // Each chunk is cut at most 4 s after the last; its segment lies within it, in order.
    let previousEnd = 0;
    for (const segment of output.segments) {
      expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
      expect(segment.end).toBeGreaterThan(segment.start);
      expect(segment.words?.[0]?.start).toBe(segment.start);
      previousEnd = segment.end;
    }
    expect(previousEnd).toBeLessThanOrEqual(output.durationMs);
    expect(output.durationMs).toBe(11_000);
    expect(output.language).toBe("en");
  });

  it("only detects the language of the first chunk with speech when that is all that is wanted", async () => {
    const model = new OneSegmentPerChunk();
    const detections: number[] = [];
    model.detectLanguage = async (pcm) => {
      detections.push(pcm.length / 16_000);
      return { language: "de", probability: 0.9 };
    };
    const output = await runPipeline(JFK_MP3, model, { ...options, detectLanguageOnly: true });
    expect(detections).toHaveLength(1);
    expect(model.calls).toHaveLength(0); // nothing transcribed
    expect(output.segments).toHaveLength(0);
    expect(output.language).toBe("de");
    // The rest of the media was not decoded.
    expect(output.durationMs).toBeLessThan(11_000);
  });

  it("passes the end of the previous chunk as the prompt, and none after a loop", async () => {
    const model = new OneSegmentPerChunk();
    await runPipeline(JFK_MP3, model, options);
    expect(model.calls[0]!.options.prompt).toBeUndefined();
    expect(model.calls[1]!.options.prompt).toBe("Chunk number 1 was heard.");

    const looping: Recogniser = {
      family: "whisper",
      backend: "test double",
      async transcribe(pcm) {
        return [
          {
            start: 0,
            end: Math.round(pcm.length / 16),
            text: "Thank you. Thank you. Thank you. Thank you.",
          },
        ];
      },
      abort() {},
      async free() {},
    };
    const prompts: (string | undefined)[] = [];
    const spy: Recogniser = {
      family: "whisper",
      backend: "test double",
      transcribe: (pcm, o, on) => (prompts.push(o.prompt), looping.transcribe(pcm, o, on)),
      abort: () => undefined,
      free: async () => {},
    };
    const output = await runPipeline(JFK_MP3, spy, options);
    expect(output.segments[0]?.text).toBe("Thank you.");
    expect(prompts.slice(1).every((prompt) => prompt === undefined)).toBe(true);
  });

  it("puts the user's prompt before the previous chunk's text, in every chunk", async () => {
    const model = new OneSegmentPerChunk();
    await runPipeline(JFK_MP3, model, { ...options, prompt: "Kennedy, Houston." });
    expect(model.calls[0]!.options.prompt).toBe("Kennedy, Houston.");
    expect(model.calls[1]!.options.prompt).toBe("Kennedy, Houston. Chunk number 1 was heard.");
  });

  it("aborts the model when the signal fires and ends with CANCELLED", async () => {
    const controller = new AbortController();
    let aborted = 0;
    const slow: Recogniser = {
      family: "whisper",
      backend: "test double",
      transcribe: () =>
        new Promise((_resolve, reject) => {
          controller.signal.addEventListener("abort", () =>
            setTimeout(() => reject(Object.assign(new Error("x"), { code: "CANCELLED" })), 10),
          );
          setTimeout(() => controller.abort(), 20);
        }),
      abort: () => void aborted++,
      free: async () => {},
    };
    await expect(runPipeline(JFK_MP3, slow, options, {}, controller.signal)).rejects.toMatchObject({
      code: "CANCELLED",
    });
    expect(aborted).toBe(1);
  });

  it("never calls the model for a file without speech", async () => {
    const model = new OneSegmentPerChunk();
    const output = await runPipeline(JFK_MP3.replace("jfk.mp3", "no-speech.wav"), model, options);
    expect(model.calls).toHaveLength(0);
    expect(output.segments).toEqual([]);
    expect(output.language).toBeNull();
  });

  it("decodes and analyses the first chunk while the model is still loading", async () => {
    // The model finishes loading only once the detector has heard audio: a pipeline that
    // waited for the model before decoding would never get there.
    let modelLoaded!: (model: Recogniser) => void;
    const loading = new Promise<Recogniser>((resolve) => (modelLoaded = resolve));
    const model = new OneSegmentPerChunk();
    const detector = new AllSpeechDetector();
    const push = detector.push.bind(detector);
    let heardBeforeLoaded = 0;
    detector.push = async (block) => {
      heardBeforeLoaded += model.calls.length === 0 ? block.length : 0;
      modelLoaded(model);
      return push(block);
    };
    const noVad = { ...options, vad: false };
    const stuck = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("nothing was decoded while the model loaded")), 10_000),
    );
    const output = await Promise.race([
      runPipeline(JFK_MP3, loading, noVad, {}, undefined, Promise.resolve(detector)),
      stuck,
    ]);
    expect(heardBeforeLoaded).toBeGreaterThan(0);
    expect(output.segments.length).toBeGreaterThan(0);
    expect(output.durationMs).toBe(11_000);
  });

  it("stops decoding and closes the detector when the model fails to load", async () => {
    const detector = new AllSpeechDetector();
    let closed = false;
    detector.close = async () => void (closed = true);
    const failing = Promise.reject(new Error("not a whisper model"));
    await expect(
      runPipeline(
        JFK_MP3,
        failing,
        { ...options, vad: false },
        {},
        undefined,
        Promise.resolve(detector),
      ),
    ).rejects.toThrow("not a whisper model");
    expect(closed).toBe(true);
  });
});
