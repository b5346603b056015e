import { readVtt, readSrt, readJson } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Iso6937Error } from "@verbatim/formats";
import { OUTPUT_FORMATS, type OutputFormat } from "../src/cli/output-formats.js";
import { renderTranscription } from "../src/cli/render-output.js";
import { decodePcm, SAMPLE_RATE } from "../src/media/decode.js";
import { speechChunks } from "../src/pipeline/chunker.js";
import { SpeechDetector } from "../src/vad/speech-detector.js";
import { CANCEL_GRACE_MS } from "../src/pipeline/engine-runner.js";
import { transcribeFile, type TranscriptionProgress } from "../src/transcribe-file.js";
import { CONTAINERS, JFK_MP3, makeContainer, scratchDir } from "./helpers/media-files.js";
import { ensurePlumbingModel } from "./support/random-model.js";

const scratch = scratchDir();
let model: string;
beforeAll(async () => {
  model = await ensurePlumbingModel();
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
    const render = async (format: OutputFormat) =>
      renderTranscription(result, format, { inputName: JFK_MP3, style: "standard" });
    // The same cues with every character outside printable ASCII replaced ("$" too: EBU-STL's
    // table has no dollar sign at 0x24).
    const inLatin = {
      ...result,
      cues: result.cues.map((cue) => ({ ...cue, text: cue.text.replace(/[^ -#%-~]/g, "?") })),
    };
    for (const format of OUTPUT_FORMATS) {
      // A random-weight model's text may hold characters EBU-STL's Latin table lacks: then the
      // refusal must name a character the text really holds, and the same cues in Latin text
      // must render — a refusal is never counted as a pass on its own.
      const file = await render(format).catch(async (error: unknown) => {
        if (format !== "stl" || !(error instanceof Iso6937Error)) throw error;
        expect(result.cues.some((cue) => cue.text.includes(error.character))).toBe(true);
        return renderTranscription(inLatin, "stl", { inputName: JFK_MP3, style: "standard" });
      });
      expect(file.length).toBeGreaterThan(0);
    }
    const text = async (format: OutputFormat) => String(await render(format));
    expect(readSrt(await text("srt"))).toHaveLength(result.cues.length);
    expect(readVtt(await text("vtt"))).toHaveLength(result.cues.length);
    expect(readJson(await text("json")).cues).toHaveLength(result.cues.length);
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
    // Speech made it into the result, in order and within the file. (Random weights may write
    // nothing for some chunks, so where in the file it came from is not asserted; the progress
    // steps above show every chunk ran.)
    expect(result.segments.length).toBeGreaterThan(0);
    const starts = result.segments.map((s) => s.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(result.segments.every((s) => s.end <= result.durationMs + 250)).toBe(true);
  });

  it("is cancelled within 1 s by aborting whisper.cpp; the engine stays warm for the next job", async () => {
    const controller = new AbortController();
    let pid = 0;
    let abortedAt = 0;
    let idle: { afterMs: number; killed: boolean } | undefined;
    const run = transcribeFile(
      { input: JFK_MP3, model, beamSize: 5, threads: 1, language: "en" },
      {
        signal: controller.signal,
        onEngineStart: (p) => (pid = p),
        onEngineIdle: ({ killed }) => (idle = { afterMs: performance.now() - abortedAt, killed }),
        // Once whisper.cpp is at work (its first segment), not while the model loads.
        onSegment: () => {
          if (abortedAt) return;
          abortedAt = performance.now();
          controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ code: "CANCELLED" });
    expect(performance.now() - abortedAt).toBeLessThan(100);
    expect(pid).toBeGreaterThan(0);
    // The runner kills an engine that has not stopped within CANCEL_GRACE_MS (1 s); one that
    // stopped in time is still there, idle, and takes the next job with its model loaded.
    await new Promise((r) => setTimeout(r, CANCEL_GRACE_MS + 200));
    expect(idle?.killed).toBe(false);
    expect(idle?.afterMs).toBeLessThan(1_000);
    expect(() => process.kill(pid, 0)).not.toThrow();
    let nextPid = 0;
    const next = await transcribeFile(
      { input: JFK_MP3, model, beamSize: 1, temperatureFallback: false, language: "en" },
      { onEngineStart: (p) => (nextPid = p) },
    );
    expect(nextPid).toBe(pid);
    expect(next.timings.modelLoadMs).toBe(0);
    expect(next.segments.length).toBeGreaterThan(0);
  });

  it("runs in the caller's own process when asked (the CLI): same result, cancel, warm model", async () => {
    const request = {
      input: JFK_MP3,
      model,
      beamSize: 1,
      threads: 1,
      temperatureFallback: false,
      language: "en",
    } as const;
    const inChild = await transcribeFile(request);
    let pid = 0;
    const segmentsSeen: string[] = [];
    const here = await transcribeFile(
      { ...request, enginePlacement: "in-process" },
      { onEngineStart: (p) => (pid = p), onSegment: (s) => segmentsSeen.push(s.text) },
    );
    expect(pid).toBe(process.pid);
    expect(here.segments.map((s) => s.text)).toEqual(inChild.segments.map((s) => s.text));
    expect(here.cues).toEqual(inChild.cues);
    expect(segmentsSeen.length).toBeGreaterThan(0);

    // A cancel aborts whisper.cpp here too; the model stays loaded for the next job.
    const controller = new AbortController();
    let idle: { killed: boolean } | undefined;
    const cancelled = transcribeFile(
      { ...request, beamSize: 5, enginePlacement: "in-process" },
      {
        signal: controller.signal,
        onSegment: () => controller.abort(),
        onEngineIdle: (info) => (idle = info),
      },
    );
    await expect(cancelled).rejects.toMatchObject({ code: "CANCELLED" });
    await new Promise((r) => setTimeout(r, CANCEL_GRACE_MS + 200));
    expect(idle?.killed).toBe(false);
    const next = await transcribeFile({ ...request, enginePlacement: "in-process" });
    expect(next.timings.modelLoadMs).toBe(0);
    expect(next.segments.map((s) => s.text)).toEqual(inChild.segments.map((s) => s.text));
  });

  it(
    "passes segments up as whisper.cpp decodes them, before the job ends",
    { timeout: 180_000 },
    async () => {
      // 33 s without voice detection: two windows (30 s + 3 s) in one chunk.
      const input = makeContainer(scratch.dir, "jfk-x3.mp3", [
        "-stream_loop",
        "2",
        "-i",
        JFK_MP3,
        "-c",
        "copy",
      ]);
      const seen: { at: number; text: string }[] = [];
      let doneAt = 0;
      await transcribeFile(
        {
          input,
          model,
          beamSize: 1,
          threads: 2,
          temperatureFallback: false,
          language: "en",
          vad: false,
        },
        {
          onSegment: (segment) => seen.push({ at: performance.now(), text: segment.text }),
          onProgress: (p) => p.fraction === 1 && (doneAt = performance.now()),
        },
      );
      expect(seen.length).toBeGreaterThan(1);
      expect(doneAt).toBeGreaterThan(0);
      // The first arrived well before the end (the old binding gave them all at once).
      expect(seen[0]!.at).toBeLessThan(doneAt - 50);
    },
  );

  it("conditions the decoder on the prompt and reports the temperature and token data", async () => {
    const clip = makeContainer(scratch.dir, "six-seconds.wav", ["-i", JFK_MP3, "-t", "6"]);
    const decode = (prompt?: string) =>
      transcribeFile({
        input: clip,
        model,
        beamSize: 1,
        threads: 1,
        temperatureFallback: false,
        temperature: 0,
        language: "en",
        vad: false,
        ...(prompt ? { prompt } : {}),
      });
    const plain = await decode();
    const prompted = await decode("Kennedy, Houston, NASA, Apollo, moon, citizens, country.");
    const again = await decode("Kennedy, Houston, NASA, Apollo, moon, citizens, country.");
    const text = (r: typeof plain) => r.segments.map((s) => s.text).join("|");
    expect(text(prompted)).toBe(text(again)); // deterministic at temperature 0
    expect(text(prompted)).not.toBe(text(plain)); // so the prompt reached the decoder
    const segment = prompted.segments[0]!;
    expect(segment.temperature).toBe(0);
    expect(segment.avgLogprob).toBeLessThanOrEqual(0);
    expect(segment.noSpeechProb).toBeGreaterThanOrEqual(0);
    expect(segment.noSpeechProb).toBeLessThanOrEqual(1);
    expect(segment.tokens?.length).toBeGreaterThan(0);
    for (const token of segment.tokens ?? []) {
      expect(token.p).toBeGreaterThanOrEqual(0);
      expect(token.p).toBeLessThanOrEqual(1);
      expect(token.end).toBeGreaterThanOrEqual(token.start);
      expect(token.text).not.toMatch(/^\[_|^<\|/); // no special tokens
    }
  });

  it.each([0, 9, 2.5])("rejects beam size %s before starting", async (beamSize) => {
    await expect(transcribeFile({ input: JFK_MP3, model, beamSize })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: "Beam size must be a whole number from 1 to 8 (1 is greedy decoding).",
    });
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
