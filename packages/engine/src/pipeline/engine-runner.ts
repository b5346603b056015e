import { fork, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import { EngineError } from "../errors.js";
import { builtScriptPath } from "./built-script.js";
import type { EngineInfo } from "../engine-info.js";
import type { TranscribeHooks } from "../transcribe-file.js";
import type { EngineMessage, JobMessage, ParentMessage, StartMessage } from "./engine-protocol.js";
import { InProcessEngine } from "./in-process-engine.js";
import type { PipelineOutput } from "./pipeline-types.js";

/**
 * glibc settings for the engine process. whisper.cpp allocates and frees a few hundred MB per
 * chunk from its threads; with glibc's defaults each thread's arena keeps what it freed and the
 * resident size creeps up. A fixed mmap threshold returns large blocks to the system at once.
 * Given to the engine child from its start; the addon sets the same with mallopt() when it
 * loads, for a process started without them (the CLI, whose engine runs in-process).
 */
export const ENGINE_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

/**
 * The share of a diarized job's progress bar given to diarization, which runs after
 * transcription. A guess, not a measurement: with the stand-in models `npm run bench` puts
 * diarization at about 4% of a base-model job; the real pyannote and 3D-Speaker networks cost
 * more (not measurable here, see docs/speakers.md).
 */
export const DIARIZATION_PROGRESS_SHARE = 0.2;

/** How long a cancelled job may take to stop before its engine process is killed. */
export const CANCEL_GRACE_MS = 1_000;

/** How long an idle engine keeps its model loaded (VERBATIM_ENGINE_IDLE_MS, default 5 min). */
function idleMs(): number {
  const value = Number(process.env.VERBATIM_ENGINE_IDLE_MS);
  return Number.isFinite(value) && value >= 0 ? value : 300_000;
}

/** The compiled engine-process script (tests run from sources, the child runs built code). */
function engineProcessPath(): string {
  return builtScriptPath(import.meta.url, "engine-process");
}

/** What the runner needs of an engine: a child process, or an InProcessEngine. */
interface EngineChild {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly stderr: Readable | null;
  readonly channel?: unknown;
  send(message: ParentMessage, callback?: (error: Error | null) => void): boolean;
  on(event: "message", listener: (message: EngineMessage) => void): this;
  on(event: "error", listener: (error: Error) => void): this;
  once(
    event: "close",
    listener: (code: number | null, signal: NodeJS.Signals | null) => void,
  ): this;
  off(event: "error", listener: (error: Error) => void): this;
  off(event: "close", listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  ref(): void;
  unref(): void;
  kill(signal?: NodeJS.Signals): boolean;
}

/** Where the engine runs: a child process (crash isolation) or the caller's own process. */
export type EnginePlacement = "child-process" | "in-process";

function forkEngine(): ChildProcess {
  return fork(engineProcessPath(), [], {
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    execArgv: ["--expose-gc"],
    env: {
      ...ENGINE_MALLOC_SETTINGS,
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? "production",
    },
  });
}

/** One engine; it runs one job at a time and keeps its model between jobs. */
class Engine {
  readonly child: EngineChild;
  /** The model it has loaded (or is loading): reused only for the same model and device. */
  key: string;
  busy = false;
  stderr = "";
  private idleTimer: NodeJS.Timeout | undefined;
  private listener: ((message: EngineMessage) => void) | undefined;

  constructor(key: string, placement: EnginePlacement = "child-process") {
    this.key = `${placement}\n${key}`;
    this.child = placement === "in-process" ? new InProcessEngine() : forkEngine();
    this.child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4096);
      // A diagnostic: whisper.cpp's whole log, timing summaries included, passed through.
      if (process.env.VERBATIM_WHISPER_LOG) process.stderr.write(chunk);
    });
    // Heard at all times, not only during a job: a failed start or a message sent to an engine
    // that has just died (engineInfo's, between jobs) is an 'error' event, which unheard would
    // end the caller's process. A job's own listener still reports it; 'close' follows.
    this.child.on("error", () => undefined);
    this.child.on("message", (message: EngineMessage) => this.listener?.(message));
    this.child.once("close", () => {
      clearTimeout(this.idleTimer);
      if (idle === this) idle = null;
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  listen(listener: ((message: EngineMessage) => void) | undefined): void {
    this.listener = listener;
  }

  /** Busy: the caller's event loop waits for it. */
  hold(): void {
    clearTimeout(this.idleTimer);
    this.busy = true;
    this.child.ref();
    (this.child.stderr as Socket | null)?.ref();
    (this.child.channel as { ref?: () => void } | null | undefined)?.ref?.();
  }

  /** Idle: keeps its model for the next job, without keeping the caller's process alive. */
  release(): void {
    this.busy = false;
    this.listen(undefined);
    if (!this.alive) return;
    park(this);
    this.child.unref();
    (this.child.stderr as Socket | null)?.unref();
    (this.child.channel as { unref?: () => void } | null | undefined)?.unref?.();
    this.idleTimer = setTimeout(() => this.kill(), idleMs());
    this.idleTimer.unref();
  }

  kill(): void {
    clearTimeout(this.idleTimer);
    if (idle === this) idle = null;
    if (this.alive) this.child.kill("SIGKILL");
  }
}

let idle: Engine | null = null;
let nextJobId = 1;

/** One warm engine at most: the latest to finish a job. */
function park(engine: Engine): void {
  if (idle && idle !== engine) idle.kill();
  idle = engine;
}

function engineFor(key: string, placement: EnginePlacement): Engine {
  if (idle && idle.alive && !idle.busy && idle.key === `${placement}\n${key}`) {
    const engine = idle;
    idle = null;
    return engine;
  }
  return new Engine(key, placement);
}

/** Ends the warm engine process, if any (tests; a server shutting down). */
export function stopIdleEngine(): void {
  idle?.kill();
}

/**
 * Runs one transcription in an engine process and follows it: progress with an estimate of time
 * left, streamed segments, cancellation (whisper.cpp aborts; the process is killed only if it
 * has not stopped within CANCEL_GRACE_MS) and crashes (ENGINE_FAILED).
 */
export function runEngineProcess(
  start: StartMessage,
  durationMs: number,
  hooks: TranscribeHooks,
  placement: EnginePlacement = "child-process",
): Promise<PipelineOutput> {
  return new Promise((resolve, reject) => {
    if (hooks.signal?.aborted) return reject(new EngineError("CANCELLED", "Cancelled."));
    const engine = engineFor(`${start.modelPath}\n${start.options.gpu}`, placement);
    const { child } = engine;
    const jobId = nextJobId++;
    engine.hold();
    engine.stderr = "";
    let settled = false;
    let transcribeStarted = 0;
    let processedMs = 0;
    let decodedMs = Math.max(durationMs, 1);
    const transcribeShare = start.diarize ? 1 - DIARIZATION_PROGRESS_SHARE : 1;
    const report = (
      stage: "transcribing" | "diarizing",
      fraction: number,
      total: number,
      final = false,
    ) => {
      const elapsed = performance.now() - transcribeStarted;
      const etaMs = final
        ? 0
        : fraction > 0.02
          ? Math.round((elapsed * (1 - fraction)) / fraction)
          : null;
      hooks.onProgress?.({ stage, fraction, processedMs, durationMs: total, etaMs });
    };
    const settle = (error: Error | null, output?: PipelineOutput) => {
      if (settled) return;
      settled = true;
      hooks.signal?.removeEventListener("abort", cancel);
      child.off("close", onClose);
      child.off("error", onError);
      if (error) reject(error);
      else resolve(output!);
    };
    /** The job is over inside the engine: it may take the next one. */
    const ended = () => {
      clearTimeout(graceTimer);
      engine.release();
      hooks.onEngineIdle?.({ killed: false });
    };
    let graceTimer: NodeJS.Timeout | undefined;
    const cancel = () => {
      settle(new EngineError("CANCELLED", "Cancelled."));
      child.send({ type: "cancel", jobId }, (error) => error && engine.kill());
      graceTimer = setTimeout(() => {
        engine.kill();
        hooks.onEngineIdle?.({ killed: true });
      }, CANCEL_GRACE_MS);
    };
    hooks.signal?.addEventListener("abort", cancel, { once: true });

    const onMessage = (message: EngineMessage) => {
      if (message.type === "info" || message.jobId !== jobId) return;
      if (message.type === "done" || message.type === "error") ended();
      if (settled) return;
      handle(message);
    };
    const handle = (message: JobMessage) => {
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
          // whisper.cpp's own progress and decoded segments interleave: never step back.
          processedMs = Math.max(processedMs, message.processedMs);
          const total = Math.max(durationMs, message.decodedMs, 1);
          decodedMs = total;
          report("transcribing", Math.min(1, processedMs / total) * transcribeShare, total);
          break;
        }
        case "diarizing": {
          processedMs = decodedMs;
          const fraction = transcribeShare + (1 - transcribeShare) * Math.min(1, message.fraction);
          report("diarizing", fraction, decodedMs);
          break;
        }
        case "segment":
          hooks.onSegment?.(message.segment);
          break;
        case "done": {
          processedMs = message.output.durationMs;
          report(start.diarize ? "diarizing" : "transcribing", 1, processedMs, true);
          settle(null, message.output);
          break;
        }
        case "error":
          settle(
            new EngineError(message.code, message.message, {
              ...(message.details ? { details: message.details } : {}),
            }),
          );
          break;
      }
    };
    const onError = (error: Error) => {
      engine.kill();
      settle(
        new EngineError("ENGINE_FAILED", `The speech engine could not start: ${error.message}`),
      );
    };
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(graceTimer);
      const detail = signal ? `signal ${signal}` : `exit code ${code}`;
      // whisper.cpp and ggml log warnings to stderr; only an error line explains a crash.
      const hint =
        engine.stderr
          .split("\n")
          .filter((line) => /error|assert|abort|fail|out of memory/i.test(line))
          .pop()
          ?.trim() ?? "";
      settle(
        new EngineError(
          "ENGINE_FAILED",
          `The speech engine stopped unexpectedly (${detail})${hint ? `: ${hint}` : ""}.`,
        ),
      );
    };
    engine.listen(onMessage);
    child.on("error", onError);
    child.once("close", onClose);

    if (child.pid !== undefined) hooks.onEngineStart?.(child.pid);
    hooks.onProgress?.({ stage: "loading", fraction: 0, processedMs: 0, durationMs, etaMs: null });
    child.send({ ...start, jobId });
  });
}

let info: Promise<EngineInfo> | undefined;

/**
 * whisper.cpp's version and the backend it runs on (CPU features or the GPU's name), asked of
 * an engine process once and remembered.
 */
export function engineInfo(): Promise<EngineInfo> {
  info ??= new Promise<EngineInfo>((resolve, reject) => {
    const engine = new Engine("info");
    engine.listen((message) => {
      if (message.type !== "info") return;
      resolve(message.info);
      engine.kill();
    });
    engine.child.once("close", () => {
      const hint = engine.stderr.trim().split("\n").pop() ?? "";
      reject(new EngineError("ENGINE_FAILED", `The speech engine could not start: ${hint}`));
    });
    engine.child.send({ type: "info" });
  }).catch((error: unknown) => {
    info = undefined; // ask again next time (e.g. once the addon is built)
    throw error;
  });
  return info;
}
