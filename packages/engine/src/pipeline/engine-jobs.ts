// The speech engine's work, wherever it runs: in the engine child process (the server, for
// crash isolation) or in the caller's own process (the CLI, which has nothing to isolate). One
// job at a time; the model stays loaded between jobs; a cancel aborts whisper.cpp at its next
// step and the engine stays warm for the next job.
import { EngineError, isEngineError } from "../errors.js";
import { describeEngine } from "../engine-info.js";
import { nativeAddon, nativeBuildInfo } from "../whisper/native-binding.js";
import { loadRecogniser } from "../recognisers/load-recogniser.js";
import type { Recogniser, RecogniserFamily } from "../recognisers/recogniser.js";
import type { EngineMessage, JobMessage, StartMessage } from "./engine-protocol.js";
import { diarizeRecorded } from "../diarization/diarize-speech.js";
import { labelSegments } from "../diarization/speaker-turns.js";
import { SpeechRecorder } from "../diarization/speech-recorder.js";
import { runPipeline, speechDetectorFor } from "./run-pipeline.js";

interface LoadedModel {
  family: RecogniserFamily;
  path: string;
  gpu: boolean;
  threads: number;
  model: Recogniser;
}

/** Runs the jobs it is given and answers with engine messages (in order). */
export class EngineJobs {
  private loaded: LoadedModel | null = null;
  private running: { jobId: number; controller: AbortController } | null = null;
  private warnedFallback = false;

  constructor(private readonly send: (message: EngineMessage) => Promise<void>) {}

  /** Starts a job; a second job while one runs is refused. */
  start(message: StartMessage): void {
    const jobId = message.jobId ?? 0;
    if (this.running) {
      void this.send({
        type: "error",
        code: "ENGINE_FAILED",
        message: "The speech engine is busy with another job.",
        jobId,
      });
      return;
    }
    const controller = new AbortController();
    this.running = { jobId, controller };
    void this.run(message, jobId, controller.signal)
      .catch((error: unknown): JobMessage => {
        // A cancelled job reports CANCELLED whatever stopped first (ffmpeg or whisper.cpp).
        if (controller.signal.aborted)
          return { type: "error", code: "CANCELLED", message: "Cancelled." };
        return isEngineError(error)
          ? {
              type: "error",
              code: error.code,
              message: error.message,
              ...(error.details ? { details: error.details } : {}),
            }
          : {
              type: "error",
              code: "ENGINE_FAILED",
              message: `The speech engine failed: ${String(error)}`,
            };
      })
      .then(async (last) => {
        // Free before the caller hears of it: it may send the next job at once.
        this.running = null;
        globalThis.gc?.();
        await this.send({ ...last, jobId });
      });
  }

  cancel(jobId: number): void {
    if (this.running?.jobId === jobId) this.running.controller.abort();
  }

  /** Stops the running job, if any, and lets go of the model once nothing uses it. */
  async close(): Promise<void> {
    this.running?.controller.abort();
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
    await this.loaded?.model.free();
    this.loaded = null;
  }

  private async modelFor(
    family: RecogniserFamily,
    path: string,
    gpu: boolean,
    threads: number,
    language: string,
  ): Promise<{ model: Recogniser; ms: number }> {
    const loaded = this.loaded;
    if (
      loaded &&
      loaded.family === family &&
      loaded.path === path &&
      loaded.gpu === gpu &&
      // SenseVoice fixes its threads when it loads.
      (family !== "sensevoice" || loaded.threads === threads)
    )
      return { model: loaded.model, ms: 0 };
    if (loaded) {
      await loaded.model.free();
      this.loaded = null;
    }
    const started = performance.now();
    if (gpu) this.warnIfNoGpu();
    const model = await loadRecogniser(family, path, { gpu, threads, language });
    this.loaded = { family, path, gpu, threads, model };
    return { model, ms: Math.round(performance.now() - started) };
  }

  /** A GPU build without a usable GPU runs on the CPU: say so once, where logs are read. */
  private warnIfNoGpu(): void {
    if (this.warnedFallback) return;
    const info = describeEngine(nativeAddon().systemInfo(), nativeBuildInfo());
    if (info.backend.fallback) {
      this.warnedFallback = true;
      process.stderr.write(`verbatim: warning: whisper.cpp ${info.backend.fallback}.\n`);
    }
  }

  /** Runs a job; returns its last message (sent once the engine is free for the next job). */
  private async run(start: StartMessage, jobId: number, signal: AbortSignal): Promise<JobMessage> {
    const reply = (message: JobMessage) => this.send({ ...message, jobId });
    // The speech detector and the model load at once (both off the main thread), and the
    // pipeline decodes the first chunk meanwhile.
    const detector = speechDetectorFor(start.options);
    let modelLoadMs = 0;
    const model = this.modelFor(
      start.family ?? "whisper",
      start.modelPath,
      start.options.gpu,
      start.options.threads,
      start.options.language,
    ).then(({ model, ms }) => {
      modelLoadMs = ms;
      void reply({ type: "loaded", modelLoadMs });
      if (signal.aborted) throw new EngineError("CANCELLED", "Cancelled.");
      return model;
    });
    const recorder = start.diarize ? new SpeechRecorder() : null;
    const { transcribeMs, ...output } = await runPipeline(
      start.input,
      model,
      start.options,
      {
        onProgress: (progress) => void reply({ type: "progress", ...progress }),
        onSegment: (segment) => void reply({ type: "segment", segment }),
        ...(recorder ? { onSpeech: recorder.add.bind(recorder) } : {}),
      },
      signal,
      detector,
    );
    if (!start.diarize || !recorder) {
      return { type: "done", output: { ...output, timings: { modelLoadMs, transcribeMs } } };
    }
    const diarizeStarted = performance.now();
    const { turns, speakers } = await diarizeRecorded(
      recorder,
      start.diarize,
      (fraction) => void reply({ type: "diarizing", fraction }),
      signal,
    );
    const diarizeMs = Math.round(performance.now() - diarizeStarted);
    return {
      type: "done",
      output: {
        ...output,
        segments: labelSegments(output.segments, turns),
        speakers,
        timings: { modelLoadMs, transcribeMs, diarizeMs },
      },
    };
  }
}
