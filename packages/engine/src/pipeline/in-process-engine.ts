import { EventEmitter } from "node:events";
import { EngineJobs } from "./engine-jobs.js";
import type { EngineMessage, ParentMessage } from "./engine-protocol.js";

/**
 * The engine in the caller's own process, speaking the same messages as the engine child
 * process (the runner treats both alike). For the CLI: one user's files, nothing to isolate, so
 * no second Node.js process (about 60 MB and its start-up) is spent on it. A crash of
 * whisper.cpp then ends the caller too, and a cancel cannot kill: it aborts whisper.cpp, which
 * stops after the graph it is in.
 */
export class InProcessEngine extends EventEmitter {
  readonly pid = process.pid;
  exitCode: number | null = null;
  readonly signalCode: NodeJS.Signals | null = null;
  readonly stderr = null;
  readonly channel = undefined;
  private readonly jobs = new EngineJobs((message: EngineMessage) => {
    // Asynchronously, as a child's messages arrive: never inside the caller's own call.
    setImmediate(() => this.emit("message", message));
    return Promise.resolve();
  });

  send(message: ParentMessage, callback?: (error: Error | null) => void): boolean {
    setImmediate(() => {
      if (message.type === "start") this.jobs.start(message);
      else if (message.type === "cancel") this.jobs.cancel(message.jobId);
      callback?.(null);
    });
    return this.exitCode === null;
  }

  /** Lets go of the model (after the running job, if any, has stopped) and closes. */
  kill(): boolean {
    if (this.exitCode !== null) return false;
    this.exitCode = 0;
    void this.jobs.close().then(() => this.emit("close", 0, null));
    return true;
  }

  ref(): void {}
  unref(): void {}
}
