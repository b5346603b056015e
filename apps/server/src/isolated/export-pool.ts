import { Worker } from "node:worker_threads";
import { builtScriptPath } from "@verbatim/engine";
import type {
  ExportRefusal,
  ExportReplyMessage,
  ExportRequestMessage,
  ExportThreadReady,
  ExportWork,
} from "./export-work-protocol.js";

// Exports (every format of GET …/export, each file of a ZIP, the shared page's downloads) are
// written in a pool of worker threads that stay up between exports (export-thread.ts), so
// pdfkit, docx, exceljs and the formats' code are loaded once, not per file. Each thread has a
// heap cap (resourceLimits) and each export a time cap (its thread is terminated and replaced):
// a cap or a crash fails that one export with a clear code, never the process, and the API's
// event loop stays free for everyone else. The pool is fair: accounts take turns, and no
// account holds more than half the threads, so one account's ZIP of 200 PDFs (written one file
// after another) or its many downloads at once cannot hold every slot.

/** The pool's size and each export's caps (EXPORT_THREADS, EXPORT_HEAP_MB, EXPORT_TIME_LIMIT_S). */
export interface ExportPoolLimits {
  threads: number;
  /** A thread's old-generation heap, in MB (V8 ends the thread past it). */
  heapMb: number;
  /** Wall-clock time one export may take before its thread is terminated. */
  timeMs: number;
}

/** The export outgrew a cap: the caller answers 422 EXPORT_TOO_COMPLEX. */
export class ExportLimitError extends Error {
  override readonly name = "ExportLimitError";
  constructor(
    readonly limit: "memory" | "time",
    readonly limits: ExportPoolLimits,
    message: string,
  ) {
    super(message);
  }
}

/** A format refused the transcript (EBU-STL and Chinese; no PDF font): its error code. */
export class ExportRefusedError extends Error {
  override readonly name = "ExportRefusedError";
  constructor(readonly refusal: ExportRefusal) {
    super(`the export was refused: ${refusal.code}`);
  }
}

/** Exports one account may wait with at once; past it, 429 (each waiting one holds its row). */
export const MOST_WAITING_PER_ACCOUNT = 20;

/** An account has MOST_WAITING_PER_ACCOUNT exports waiting already. */
export class ExportQueueFullError extends Error {
  override readonly name = "ExportQueueFullError";
}

/** A written export: the file's body and media type. */
export interface WrittenExport {
  body: string | Uint8Array;
  contentType: string;
}

interface Task {
  id: number;
  account: string;
  work: ExportWork;
  resolve: (file: WrittenExport) => void;
  reject: (error: Error) => void;
}

interface PoolThread {
  worker: Worker;
  /** The export it writes now (undefined while idle). */
  task?: Task | undefined;
  timer?: NodeJS.Timeout | undefined;
  /** Its modules are loaded: an export's time starts counting then, not while it starts. */
  ready: boolean;
  /** Ended (or being terminated): takes no more work. */
  gone: boolean;
}

/** A fair pool of export threads under `limits` (see the file's comment). */
export class ExportPool {
  private readonly threads = new Set<PoolThread>();
  private readonly idle: PoolThread[] = [];
  /** Waiting exports per account; the map's order is the accounts' turn order. */
  private readonly waiting = new Map<string, Task[]>();
  private readonly runningPer = new Map<string, number>();
  private nextId = 1;

  constructor(
    readonly limits: ExportPoolLimits,
    private readonly script = builtScriptPath(import.meta.url, "export-thread"),
  ) {}

  /** Threads one account may keep busy at once: half the pool, at least one. */
  get perAccount(): number {
    return Math.max(1, Math.floor(this.limits.threads / 2));
  }

  /**
   * Writes one export for `account` in a thread when its turn comes. Resolves with the file;
   * rejects with ExportRefusedError (a format's refusal), ExportLimitError (a cap),
   * ExportQueueFullError (too many waiting for the account), or an Error when the thread failed
   * otherwise (a bug: this export fails, the process goes on).
   */
  run(account: string, work: ExportWork): Promise<WrittenExport> {
    return new Promise<WrittenExport>((resolve, reject) => {
      const queue = this.waiting.get(account) ?? [];
      if (queue.length >= MOST_WAITING_PER_ACCOUNT) {
        reject(new ExportQueueFullError(`${queue.length} exports of ${account} wait already`));
        return;
      }
      queue.push({ id: this.nextId++, account, work, resolve, reject });
      this.waiting.set(account, queue);
      this.pump();
    });
  }

  /** Ends every thread (shutdown; tests): what they were writing fails. */
  async close(): Promise<void> {
    const waiting = [...this.waiting.values()].flat();
    this.waiting.clear();
    for (const task of waiting) task.reject(new Error("the export pool closed"));
    const ending = [...this.threads].map((thread) => {
      this.end(thread, new Error("the export pool closed"));
      return thread.worker.terminate();
    });
    await Promise.allSettled(ending);
  }

  /** Hands waiting exports to free threads, accounts in turn. */
  private pump(): void {
    for (;;) {
      const hasRoom = this.idle.length > 0 || this.threads.size < this.limits.threads;
      if (!hasRoom) return;
      const task = this.nextTask();
      if (!task) return;
      const thread = this.idle.pop() ?? this.startThread();
      this.dispatch(thread, task);
    }
  }

  /** The next account's first waiting export, skipping accounts at their share of threads. */
  private nextTask(): Task | undefined {
    for (const [account, queue] of this.waiting) {
      if ((this.runningPer.get(account) ?? 0) >= this.perAccount) continue;
      const task = queue.shift()!;
      // Its turn is used: to the back of the line with what it has left.
      this.waiting.delete(account);
      if (queue.length > 0) this.waiting.set(account, queue);
      return task;
    }
    return undefined;
  }

  private dispatch(thread: PoolThread, task: Task): void {
    thread.task = task;
    this.runningPer.set(task.account, (this.runningPer.get(task.account) ?? 0) + 1);
    if (thread.ready) this.startClock(thread);
    const message: ExportRequestMessage = { id: task.id, work: task.work };
    thread.worker.postMessage(message);
  }

  /** The export's time cap: past it, the thread is terminated and the export fails. */
  private startClock(thread: PoolThread): void {
    thread.timer = setTimeout(() => {
      this.end(
        thread,
        new ExportLimitError("time", this.limits, `took longer than ${this.limits.timeMs} ms`),
      );
      void thread.worker.terminate();
    }, this.limits.timeMs);
  }

  private startThread(): PoolThread {
    const worker = new Worker(this.script, {
      // Built code with Node's own options: not the test runner's (`--conditions source`).
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.heapMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(this.limits.heapMb / 4))),
      },
      stdout: false,
      stderr: false,
    });
    const thread: PoolThread = { worker, ready: false, gone: false };
    this.threads.add(thread);
    // Every way the thread can end is heard before anything else happens.
    worker.once("error", (error: Error & { code?: string }) =>
      this.end(
        thread,
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new ExportLimitError("memory", this.limits, `needed more than ${this.limits.heapMb} MB`)
          : new Error(`the export thread failed: ${error.message}`, { cause: error }),
      ),
    );
    worker.once("exit", (code) =>
      this.end(thread, new Error(`the export thread stopped (exit code ${code})`)),
    );
    worker.on("message", (message: ExportReplyMessage | ExportThreadReady) => {
      if ("ready" in message) {
        thread.ready = true;
        if (thread.task && !thread.gone) this.startClock(thread);
        return;
      }
      const { id, reply } = message;
      const task = thread.task;
      if (thread.gone || task?.id !== id) return;
      this.release(thread);
      if (reply.ok) task.resolve({ body: reply.body, contentType: reply.contentType });
      else if ("refusal" in reply) task.reject(new ExportRefusedError(reply.refusal));
      else task.reject(new Error(`the export failed: ${reply.message}`));
      this.idle.push(thread);
      this.pump();
    });
    // An idle pool does not keep the process running.
    worker.unref();
    return thread;
  }

  /** The thread's export is over: its timer and its account's count. */
  private release(thread: PoolThread): void {
    clearTimeout(thread.timer);
    thread.timer = undefined;
    const task = thread.task;
    thread.task = undefined;
    if (task) {
      const left = (this.runningPer.get(task.account) ?? 1) - 1;
      if (left > 0) this.runningPer.set(task.account, left);
      else this.runningPer.delete(task.account);
    }
  }

  /** The thread is gone (a cap, a crash, an exit): its export fails with `error`, once. */
  private end(thread: PoolThread, error: Error): void {
    if (thread.gone) return;
    thread.gone = true;
    const task = thread.task;
    this.release(thread);
    this.threads.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at >= 0) this.idle.splice(at, 1);
    task?.reject(error);
    // A new thread takes its place for whatever waits.
    this.pump();
  }
}

const pools = new Map<string, ExportPool>();

/** The process's export pool for `limits` (one per distinct setting: in-process tests). */
export function exportPool(limits: ExportPoolLimits): ExportPool {
  const key = `${limits.threads}/${limits.heapMb}/${limits.timeMs}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new ExportPool(limits);
    pools.set(key, pool);
  }
  return pool;
}
