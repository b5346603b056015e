import { fork, type ChildProcess } from "node:child_process";
import { EngineError } from "../errors.js";
import { builtScriptPath } from "../pipeline/built-script.js";
import { ffmpegPath, ffprobePath } from "./ffmpeg-binaries.js";
import type { MediaInfo } from "./probe.js";
import type { ProbeReply, ProbeRequest } from "./probe-protocol.js";

interface Pending {
  /** The helper process asked. */
  child: ChildProcess;
  resolve(media: MediaInfo): void;
  reject(error: Error): void;
}

/**
 * probeMedia in a small long-lived child process: a server answering many uploads calls this
 * instead, so that its own (large) process never forks ffprobe and ffmpeg, which blocks its
 * event loop for tens of milliseconds per spawn. The process starts on the first probe and is
 * started again after it dies; probes run concurrently. The answers are probeMedia's, its
 * EngineErrors included.
 */
export class ProbeHelper {
  private child: ChildProcess | undefined;
  /** FFPROBE_PATH and FFMPEG_PATH as the running helper process was given them. */
  private tools = "";
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** The helper process's id, once started (tests check who spawns the tools). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Reads a file's container, audio stream and duration, as probeMedia does. */
  probe(path: string, signal?: AbortSignal): Promise<MediaInfo> {
    if (signal?.aborted) return Promise.reject(new EngineError("CANCELLED", "Cancelled."));
    const child = this.started();
    const id = this.nextId++;
    return new Promise<MediaInfo>((resolve, reject) => {
      const abort = () => {
        this.send(child, { type: "cancel", id });
        this.settle(id)?.reject(new EngineError("CANCELLED", "Cancelled."));
      };
      signal?.addEventListener("abort", abort, { once: true });
      const done = () => signal?.removeEventListener("abort", abort);
      this.pending.set(id, {
        child,
        resolve: (media) => (done(), resolve(media)),
        reject: (error) => (done(), reject(error)),
      });
      child.channel?.ref(); // answers are awaited: keep the process alive for them
      this.send(child, { type: "probe", id, path });
    });
  }

  /** Stops the helper process; probes under way fail. */
  close(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private started(): ChildProcess {
    // The tools are the ones this process names now: a changed FFPROBE_PATH or FFMPEG_PATH
    // (tests set stand-ins) takes a new helper; probes under way finish on the old one, which
    // then ends.
    const tools = `${ffprobePath()}\n${ffmpegPath()}`;
    if (this.child && this.tools === tools) return this.child;
    const old = this.child;
    if (old && !this.busy(old)) old.disconnect(); // it ends when its parent goes
    this.tools = tools;
    const child = fork(builtScriptPath(import.meta.url, "probe-process"), [], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    child.on("message", (reply: ProbeReply) => {
      const pending = this.settle(reply.id);
      if (!pending) return;
      if (reply.type === "done") pending.resolve(reply.media);
      else if (reply.code) {
        pending.reject(
          new EngineError(
            reply.code,
            reply.message,
            reply.details ? { details: reply.details } : {},
          ),
        );
      } else pending.reject(new Error(reply.message));
    });
    child.on("error", (error) => this.stopped(child, error.message));
    child.once("exit", (code, signal) => this.stopped(child, signal ?? `exit code ${code}`));
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  /** A helper ended: what it was probing fails (our side's failure); the next probe restarts it. */
  private stopped(child: ChildProcess, how: string): void {
    if (this.child === child) this.child = undefined;
    for (const [id, pending] of [...this.pending]) {
      if (pending.child !== child) continue;
      this.settle(id)?.reject(
        new EngineError(
          "DECODER_FAILED",
          `The media probe stopped unexpectedly (${how}). This is a problem on our side, not with your file; please try again.`,
        ),
      );
    }
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.child?.channel?.unref();
    // A replaced helper goes once its last probe is answered.
    if (pending && pending.child !== this.child && !this.busy(pending.child)) {
      if (pending.child.connected) pending.child.disconnect();
    }
    return pending;
  }

  private busy(child: ChildProcess): boolean {
    return [...this.pending.values()].some((pending) => pending.child === child);
  }

  private send(child: ChildProcess, request: ProbeRequest): void {
    if (child.connected) child.send(request);
  }
}
