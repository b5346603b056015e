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

// If the parent dies, nobody will read the result: stop rather than run on as an orphan.
process.once("disconnect", () => process.exit(1));

process.once("message", (message: StartMessage) => {
  run(message)
    .catch(async (error: unknown) => {
      await send(
        isEngineError(error)
          ? { type: "error", code: error.code, message: error.message }
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
