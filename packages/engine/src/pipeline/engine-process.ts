// Entry of the child process that runs whisper: native code that cannot be interrupted runs
// here, so the caller can cancel by killing the process, and a crash does not take it down.
import { isEngineError } from "../errors.js";
import { loadSmartWhisperModel } from "../whisper/smart-whisper-model.js";
import type { EngineMessage, StartMessage } from "./engine-protocol.js";
import { runPipeline } from "./run-pipeline.js";

function send(message: EngineMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

async function run({ input, modelPath, options }: StartMessage): Promise<void> {
  const loadStarted = performance.now();
  const model = await loadSmartWhisperModel(modelPath, options.gpu);
  const modelLoadMs = Math.round(performance.now() - loadStarted);
  void send({ type: "loaded", modelLoadMs });
  try {
    const { transcribeMs, ...output } = await runPipeline(input, model, options, {
      onProgress: (progress) => void send({ type: "progress", ...progress }),
      onSegment: (segment) => void send({ type: "segment", segment }),
    });
    await send({ type: "done", output: { ...output, timings: { modelLoadMs, transcribeMs } } });
  } finally {
    await model.free();
  }
}

// If the parent dies, nobody will read the result: stop at once rather than run on as an
// orphan. Not with process.exit: 'disconnect' arrives within milliseconds, but exit's teardown
// then waits for the whisper.cpp task running on the thread pool to finish its window (measured:
// 5 s to minutes with the process still busy). SIGKILL cannot wait; nothing is left to save
// (ffmpeg, writing into a closed pipe, stops by itself), and it is how the runner cancels too.
process.once("disconnect", () => process.kill(process.pid, "SIGKILL"));

process.once("message", (message: StartMessage) => {
  run(message)
    .catch(async (error: unknown) => {
      await send(
        isEngineError(error)
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
            },
      );
    })
    .finally(() => {
      process.removeAllListeners("disconnect");
      process.disconnect();
    });
});
