import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { EngineError } from "../errors.js";
import type { TranscribeHooks } from "../transcribe-file.js";
import type { EngineMessage, StartMessage } from "./engine-protocol.js";
import type { PipelineOutput } from "./pipeline-types.js";

/**
 * glibc settings for the engine process. whisper.cpp allocates and frees a few hundred MB per
 * chunk from thread-pool threads; with glibc's defaults each thread's arena keeps what it
 * freed and the resident size creeps up by ~40 MB a chunk. A fixed mmap threshold returns
 * large blocks to the system at once; measured flat over repeated calls (npm run bench).
 */
export const ENGINE_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/** The compiled engine-process script (tests run from sources, the child runs built code). */
function engineProcessPath(): string {
  const here = fileURLToPath(import.meta.url);
  const script = here.replace(/engine-runner\.(ts|js)$/, "engine-process.js");
  return script.replace(/([/\\])src([/\\])(?!.*[/\\]src[/\\])/, "$1dist$2");
}

/**
 * Runs one transcription in a child process and follows it: progress with an estimate of time
 * left, streamed segments, cancellation (kills the process) and crashes (ENGINE_FAILED).
 */
export function runEngineProcess(
  start: StartMessage,
  durationMs: number,
  hooks: TranscribeHooks,
): Promise<PipelineOutput> {
  return new Promise((resolve, reject) => {
    if (hooks.signal?.aborted) return reject(new EngineError("CANCELLED", "Cancelled."));
    const child = fork(engineProcessPath(), [], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      execArgv: ["--expose-gc"],
      env: {
        ...ENGINE_MALLOC_SETTINGS,
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? "production",
      },
    });
    let stderr = "";
    child.stderr
      ?.setEncoding("utf8")
      .on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4096)));
    let settled = false;
    let transcribeStarted = 0;
    const finish = (error: Error | null, output?: PipelineOutput) => {
      if (settled) return;
      settled = true;
      hooks.signal?.removeEventListener("abort", cancel);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if (error) reject(error);
      else resolve(output!);
    };
    const cancel = () => finish(new EngineError("CANCELLED", "Cancelled."));
    hooks.signal?.addEventListener("abort", cancel, { once: true });

    if (child.pid !== undefined) hooks.onEngineStart?.(child.pid);
    hooks.onProgress?.({ stage: "loading", fraction: 0, processedMs: 0, durationMs, etaMs: null });
    child.on("message", (message: EngineMessage) => {
      switch (message.type) {
        case "loaded":
          transcribeStarted = performance.now();
          hooks.onProgress?.({
            stage: "transcribing",
            fraction: 0,
            processedMs: 0,
            durationMs,
            etaMs: null,
          });
          break;
        case "progress": {
          const total = Math.max(durationMs, message.decodedMs, 1);
          const fraction = Math.min(1, message.processedMs / total);
          const elapsed = performance.now() - transcribeStarted;
          const etaMs = fraction > 0.02 ? Math.round((elapsed * (1 - fraction)) / fraction) : null;
          hooks.onProgress?.({
            stage: "transcribing",
            fraction,
            processedMs: message.processedMs,
            durationMs: total,
            etaMs,
          });
          break;
        }
        case "segment":
          hooks.onSegment?.(message.segment);
          break;
        case "done": {
          const total = message.output.durationMs;
          hooks.onProgress?.({
            stage: "transcribing",
            fraction: 1,
            processedMs: total,
            durationMs: total,
            etaMs: 0,
          });
          finish(null, message.output);
          break;
        }
        case "error":
          finish(
            new EngineError(message.code, message.message, {
              ...(message.details ? { details: message.details } : {}),
            }),
          );
          break;
      }
    });
    child.on("error", (error) =>
      finish(
        new EngineError("ENGINE_FAILED", `The speech engine could not start: ${error.message}`),
      ),
    );
    child.on("close", (code, signal) => {
      const detail = signal ? `signal ${signal}` : `exit code ${code}`;
      // whisper.cpp and ggml log notes to stderr; only an error line explains a crash.
      const hint =
        stderr
          .split("\n")
          .filter((line) => /error|assert|abort|fail|out of memory/i.test(line))
          .pop()
          ?.trim() ?? "";
      finish(
        new EngineError(
          "ENGINE_FAILED",
          `The speech engine stopped unexpectedly (${detail})${hint ? `: ${hint}` : ""}.`,
        ),
      );
    });
    child.send(start);
  });
}
