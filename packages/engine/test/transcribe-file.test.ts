import { readVtt, readSrt, readJson } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderTranscription, OUTPUT_FORMATS } from "../src/cli/render-output.js";
import { decodePcm, SAMPLE_RATE } from "../src/media/decode.js";
import { speechChunks } from "../src/pipeline/chunker.js";
import { SpeechDetector } from "../src/vad/speech-detector.js";
import { transcribeFile, type TranscriptionProgress } from "../src/transcribe-file.js";
import { CONTAINERS, JFK_MP3, makeContainer, scratchDir } from "./helpers/media-files.js";
import { ensureRandomModel } from "./support/random-model.js";

const scratch = scratchDir();
let model: string;
beforeAll(async () => {
  model = await ensureRandomModel("tiny");
}, 300_000);
afterAll(() => scratch.cleanup());

describe("transcribeFile through the real whisper.cpp binding", () => {
  it.each(CONTAINERS)("%s → segments → cues → every format", async (name, args) => {
    const input = makeContainer(scratch.dir, name, [...args]);
    const result = await transcribeFile({
      input,
      model,
      beamSize: 1,
      temperatureFallback: false,
      language: "en",
    });
    expect(result.durationMs).toBeGreaterThan(10_500);
    expect(result.speechMs).toBeGreaterThan(5_000);
    expect(result.segments.length).toBeGreaterThan(0);
    // Whisper's own segment details: tokens without control tokens, their mean log-probability,
    // and the temperature (known exactly without the fallback).
    for (const segment of result.segments) {
      expect(segment.tokens?.length).toBeGreaterThan(0);
      expect(segment.tokens!.every((t) => !/^\[_|^<\|/.test(t.text))).toBe(true);
      expect(segment.avgLogprob).toBeLessThanOrEqual(0);
      expect(segment.temperature).toBe(0);
    }
    expect(result.cues.length).toBeGreaterThan(0);
    for (const cue of result.cues) {
      expect(cue.start).toBeGreaterThanOrEqual(0);
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.end).toBeLessThanOrEqual(result.durationMs + 1000);
    }
    for (const format of OUTPUT_FORMATS) {
      const text = renderTranscription(result, format);
      expect(text.length).toBeGreaterThan(0);
    }
    expect(readSrt(renderTranscription(result, "srt"))).toHaveLength(result.cues.length);
    expect(readVtt(renderTranscription(result, "vtt"))).toHaveLength(result.cues.length);
    expect(readJson(renderTranscription(result, "json")).cues).toHaveLength(result.cues.length);
  });

  it("reports progress that rises to 1 with an estimate of time left", async () => {
    const events: TranscriptionProgress[] = [];
    await transcribeFile(
      { input: JFK_MP3, model, beamSize: 1, temperatureFallback: false },
      { onProgress: (p) => events.push(p) },
    );
    expect(events[0]?.stage).toBe("loading");
    const fractions = events.filter((e) => e.stage === "transcribing").map((e) => e.fraction);
    expect(fractions.length).toBeGreaterThan(0);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(fractions[fractions.length - 1]).toBe(1);
    expect(events.some((e) => e.etaMs !== null && e.fraction < 1)).toBe(true);
  });

  it("runs media cut into many chunks to the end", async () => {
    const chunking = { targetChunkSeconds: 3, maxChunkSeconds: 4, speechPadMs: 200 };
    // Where the chunker cuts this file (the same decoder and voice detection the engine uses).
    const detector = await SpeechDetector.create();
    const chunkEnds: number[] = [];
    try {
      for await (const chunk of speechChunks(decodePcm(JFK_MP3), detector, chunking)) {
        chunkEnds.push(Math.round((chunk.sourceEnd * 1000) / SAMPLE_RATE));
      }
    } finally {
      await detector.close();
    }
    expect(chunkEnds.length).toBeGreaterThanOrEqual(3);

    const progress: number[] = [];
    const result = await transcribeFile(
      { input: JFK_MP3, model, beamSize: 1, temperatureFallback: false, chunking },
      { onProgress: (p) => p.stage === "transcribing" && progress.push(p.processedMs) },
    );
    // The engine went through the whole file, reporting as it went: several steps forward,
    // never back, ending at its length. (Its own cut points move by up to a second with how
    // the decoder's output arrives, so they are not compared with the ones found above.)
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(new Set(progress.filter((ms) => ms > 0)).size).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(result.durationMs);
    expect(result.durationMs).toBe(chunkEnds.at(-1));
    // Speech from more than one part of the file made it into the result, in order.
    expect(result.segments.length).toBeGreaterThan(0);
    const third = result.durationMs / 3;
    expect(
      new Set(result.segments.map((s) => Math.floor(s.start / third))).size,
    ).toBeGreaterThanOrEqual(2);
    const starts = result.segments.map((s) => s.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(result.segments.every((s) => s.end <= result.durationMs + 250)).toBe(true);
  });

  it("is cancelled by an abort signal, killing the engine process", async () => {
    const controller = new AbortController();
    let pid = 0;
    const run = transcribeFile(
      { input: JFK_MP3, model, beamSize: 5 },
      {
        signal: controller.signal,
        onEngineStart: (p) => ((pid = p), setTimeout(() => controller.abort(), 50)),
      },
    );
    await expect(run).rejects.toMatchObject({ code: "CANCELLED" });
    expect(pid).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it("survives the engine process crashing", async () => {
    const run = transcribeFile(
      { input: JFK_MP3, model, beamSize: 5 },
      { onEngineStart: (pid) => setTimeout(() => process.kill(pid, "SIGSEGV"), 50) },
    );
    await expect(run).rejects.toMatchObject({ code: "ENGINE_FAILED" });
    await expect(run).rejects.toThrow(/stopped unexpectedly \(signal SIGSEGV\)/);
  });

  it("rejects unknown languages before starting", async () => {
    await expect(transcribeFile({ input: JFK_MP3, model, language: "xx" })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
    });
  });
});
