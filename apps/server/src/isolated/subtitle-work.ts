import { Worker } from "node:worker_threads";
import { builtScriptPath } from "@verbatim/engine";
import { SubtitleImportError } from "@verbatim/subtitles/import";
import type {
  SubtitleWork,
  SubtitleWorkReply,
  SubtitleWorkResults,
} from "./subtitle-work-protocol.js";

// Subtitle work on what a user sent (reading an uploaded file, re-timing a script) runs in a
// worker thread of its own, one per piece of work, with a heap cap (resourceLimits) and a time
// cap (the thread is terminated): a hostile or huge file fails its own request or job with a
// clear code, never the process, and never stalls the event loop that answers everyone else.
// This follows the engine's process and the probe helper (packages/engine/src/media/).

/** The caps of one piece of subtitle work. */
export interface SubtitleWorkLimits {
  /** The thread's old-generation heap, in MB (V8 ends the thread past it). */
  heapMb: number;
  /** Wall-clock time before the thread is terminated. */
  timeMs: number;
}

/** Caps for reading an upload (a 5 MB file; a DOCX inflates at most 24 MB). */
export const READ_LIMITS: SubtitleWorkLimits = { heapMb: 512, timeMs: 30_000 };
/** Caps for re-timing (at most 20,000 cues; the alignment gives up after 10 s by itself). */
export const RETIME_LIMITS: SubtitleWorkLimits = { heapMb: 512, timeMs: 60_000 };
/** Threads at a time: the rest wait their turn (each may take its heap cap). */
const MOST_AT_ONCE = 2;

/** The work outgrew a cap: the caller answers with its own code. */
export class SubtitleWorkLimitError extends Error {
  override readonly name = "SubtitleWorkLimitError";
  constructor(
    readonly limit: "memory" | "time",
    readonly limits: SubtitleWorkLimits,
    message: string,
  ) {
    super(message);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs one piece of subtitle work in a worker thread under `limits`. Resolves with its result;
 * rejects with the reader's SubtitleImportError as thrown there, SubtitleWorkLimitError when
 * the thread ran out of heap or out of time, or an Error for any other failure there (a bug:
 * the request fails, the process goes on).
 */
export async function runSubtitleWork<Kind extends SubtitleWork["kind"]>(
  work: SubtitleWork & { kind: Kind },
  limits: SubtitleWorkLimits,
): Promise<SubtitleWorkResults[Kind]> {
  if (running >= MOST_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    // The thread answers `work` with the result of its kind (subtitle-work-thread.ts).
    return (await inThread(work, limits)) as SubtitleWorkResults[Kind];
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function inThread(work: SubtitleWork, limits: SubtitleWorkLimits): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(builtScriptPath(import.meta.url, "subtitle-work-thread"), {
      workerData: work,
      // Built code with Node's own options: not the test runner's (`--conditions source`).
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: Math.min(64, limits.heapMb / 4),
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (act: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      act();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new SubtitleWorkLimitError("time", limits, `took longer than ${limits.timeMs} ms`),
          ),
        ),
      limits.timeMs,
    );
    // Every way the thread can end is heard before anything else happens.
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new SubtitleWorkLimitError("memory", limits, `needed more than ${limits.heapMb} MB`)
            : new Error(`the subtitle work thread failed: ${error.message}`, { cause: error }),
        ),
      ),
    );
    worker.once("exit", (code) =>
      settle(() =>
        reject(new Error(`the subtitle work thread stopped (exit code ${code}) without an answer`)),
      ),
    );
    worker.once("message", (reply: SubtitleWorkReply) =>
      settle(() => {
        if (reply.ok) resolve(reply.result);
        else if (reply.code) {
          reject(
            new SubtitleImportError(
              reply.code,
              reply.message,
              reply.details ? { details: reply.details } : {},
            ),
          );
        } else reject(new Error(`subtitle work failed: ${reply.message}`));
      }),
    );
  });
}
