// Entry of the child process that runs whisper: native code runs here, so a crash does not
// take the caller down. The model stays loaded between jobs (one job at a time); a cancel
// aborts whisper.cpp at its next step and the process stays, warm, for the next job.
import { EngineError, isEngineError } from "../errors.js";
import { describeEngine } from "../engine-info.js";
import { nativeAddon, nativeBuildInfo } from "../whisper/native-binding.js";
import type { SpeechModel } from "../whisper/speech-model.js";
import { loadWhisperModel } from "../whisper/whisper-model.js";
import type { EngineMessage, JobMessage, ParentMessage, StartMessage } from "./engine-protocol.js";
import { diarizeRecorded } from "../diarization/diarize-speech.js";
import { labelSegments } from "../diarization/speaker-turns.js";
import { SpeechRecorder } from "../diarization/speech-recorder.js";
import { runPipeline } from "./run-pipeline.js";

interface LoadedModel {
  path: string;
  gpu: boolean;
  model: SpeechModel;
}

let loaded: LoadedModel | null = null;
let running: { jobId: number; controller: AbortController } | null = null;
let warnedFallback = false;

function send(message: EngineMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, {}, () => resolve());
  });
}

async function modelFor(path: string, gpu: boolean): Promise<{ model: SpeechModel; ms: number }> {
  if (loaded && loaded.path === path && loaded.gpu === gpu) return { model: loaded.model, ms: 0 };
  if (loaded) {
    await loaded.model.free();
    loaded = null;
  }
  const started = performance.now();
  if (gpu) warnIfNoGpu();
  const model = await loadWhisperModel(path, { gpu });
  loaded = { path, gpu, model };
  return { model, ms: Math.round(performance.now() - started) };
}

/** A GPU build without a usable GPU runs on the CPU: say so once, where logs are read. */
function warnIfNoGpu(): void {
  if (warnedFallback) return;
  const info = describeEngine(nativeAddon().systemInfo(), nativeBuildInfo());
  if (info.backend.fallback) {
    warnedFallback = true;
    process.stderr.write(`verbatim: warning: whisper.cpp ${info.backend.fallback}.\n`);
  }
}

/** Runs a job; returns its last message (sent once the engine is free for the next job). */
async function run(start: StartMessage, jobId: number, signal: AbortSignal): Promise<JobMessage> {
  const reply = (message: JobMessage) => send({ ...message, jobId });
  const { model, ms: modelLoadMs } = await modelFor(start.modelPath, start.options.gpu);
  void reply({ type: "loaded", modelLoadMs });
  if (signal.aborted) throw new EngineError("CANCELLED", "Cancelled.");
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

function startJob(start: StartMessage): void {
  const jobId = start.jobId ?? 0;
  const controller = new AbortController();
  running = { jobId, controller };
  void run(start, jobId, controller.signal)
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
      // Free before the parent hears of it: it may send the next job at once.
      running = null;
      globalThis.gc?.();
      await send({ ...last, jobId });
    });
}

// If the parent dies, nobody will read the result: stop at once rather than run on as an
// orphan. Not with process.exit: 'disconnect' arrives within milliseconds, but exit's teardown
// would wait for the whisper.cpp thread to finish its window. SIGKILL cannot wait; nothing is
// left to save (ffmpeg, writing into a closed pipe, stops by itself).
process.once("disconnect", () => process.kill(process.pid, "SIGKILL"));

process.on("message", (message: ParentMessage) => {
  switch (message.type) {
    case "start":
      if (running) {
        void send({
          type: "error",
          code: "ENGINE_FAILED",
          message: "The speech engine is busy with another job.",
          jobId: message.jobId ?? 0,
        });
        return;
      }
      startJob(message);
      return;
    case "cancel":
      if (running?.jobId === message.jobId) running.controller.abort();
      return;
    case "info":
      try {
        void send({
          type: "info",
          info: describeEngine(nativeAddon().systemInfo(), nativeBuildInfo()),
        });
      } catch (error) {
        process.stderr.write(`verbatim: ${String(error)}\n`);
        process.disconnect();
      }
      return;
  }
});
