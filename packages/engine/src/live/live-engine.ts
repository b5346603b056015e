import { fork, type ChildProcess } from "node:child_process";
import { builtScriptPath } from "../pipeline/built-script.js";
import { ENGINE_MALLOC_SETTINGS } from "../pipeline/engine-runner.js";
import type { LiveText } from "./live-decoder.js";
import type { LiveEngineMessage, LiveParentMessage, LiveSessionSpec } from "./live-protocol.js";
import { LiveSessions } from "./live-sessions.js";

/** What a live session hears from the engine. */
export interface LiveListener {
  onText(text: LiveText): void;
  /** The session failed (the engine died, the model failed to load); nothing more comes. */
  onError(code: string, message: string): void;
}

/** A live session in the engine: feed audio in order, then finish or close. */
export interface LiveRecognition {
  /** 16 kHz mono float samples. */
  push(pcm: Float32Array): void;
  /** Finalises the open stretch of speech; resolves once its final text has been heard. */
  finish(): Promise<void>;
  /** Drops the session at once (nothing more is wanted). */
  close(): void;
}

/** Where the sessions run: one child process for all of them, or the caller's own process. */
export type LiveEnginePlacement = "child-process" | "in-process";

interface Channel {
  send(message: LiveParentMessage): void;
  kill(): void;
}

/**
 * The live engine: one process (forked on the first session, ended when the last one closes)
 * recognises every live session, its decodes taking turns. A crash ends the sessions it held
 * with ENGINE_FAILED, never the caller; the next session forks a fresh one.
 */
export class LiveEngine {
  private channel: Channel | null = null;
  private readonly listeners = new Map<
    string,
    LiveListener & { finished?: () => void; failed?: (error: Error) => void }
  >();

  constructor(private readonly placement: LiveEnginePlacement = "child-process") {}

  /** Sessions open now. */
  get openSessions(): number {
    return this.listeners.size;
  }

  open(sessionId: string, spec: LiveSessionSpec, listener: LiveListener): LiveRecognition {
    const channel = this.ensureChannel();
    // A session that fails before finish() is asked for keeps its failure, so that finish()
    // rejects with it instead of resolving as if the session had ended well.
    let failure: Error | null = null;
    this.listeners.set(sessionId, { ...listener, failed: (error) => (failure = error) });
    channel.send({ type: "open", sessionId, spec });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.listeners.delete(sessionId);
      if (this.listeners.size === 0) this.stop();
    };
    return {
      push: (pcm) => {
        if (!ended && this.listeners.has(sessionId)) {
          this.channel?.send({ type: "audio", sessionId, pcm });
        }
      },
      finish: () =>
        new Promise<void>((resolve, reject) => {
          const entry = this.listeners.get(sessionId);
          if (failure) return reject(failure);
          if (ended || !entry) return resolve();
          entry.finished = () => {
            end();
            resolve();
          };
          entry.failed = (error) => {
            end();
            reject(error);
          };
          this.channel?.send({ type: "finish", sessionId });
        }),
      close: () => {
        if (ended) return;
        this.channel?.send({ type: "close", sessionId });
        end();
      },
    };
  }

  /** Ends the engine and every session in it (a server shutting down). */
  stop(): void {
    const channel = this.channel;
    this.channel = null;
    channel?.kill();
  }

  private dispatch(message: LiveEngineMessage): void {
    const listener = this.listeners.get(message.sessionId);
    if (!listener) return;
    switch (message.type) {
      case "text":
        listener.onText(message.text);
        return;
      case "finished":
        listener.finished?.();
        return;
      case "error":
        this.listeners.delete(message.sessionId);
        listener.onError(message.code, message.message);
        listener.failed?.(new Error(message.message));
        return;
    }
  }

  /** Every session of a dead engine fails. */
  private died(detail: string): void {
    this.channel = null;
    const listeners = [...this.listeners.values()];
    this.listeners.clear();
    for (const listener of listeners) {
      listener.onError("ENGINE_FAILED", `The live speech engine stopped unexpectedly (${detail}).`);
      listener.failed?.(new Error(detail));
    }
  }

  private ensureChannel(): Channel {
    if (this.channel) return this.channel;
    if (this.placement === "in-process") {
      const sessions = new LiveSessions((message) => queueMicrotask(() => this.dispatch(message)));
      this.channel = {
        send: (message) => sessions.handle(message),
        kill: () => void sessions.closeAll(),
      };
      return this.channel;
    }
    const child: ChildProcess = fork(builtScriptPath(import.meta.url, "live-engine-process"), [], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // Not the caller's flags (a test runner's source conditions): the child runs built code.
      execArgv: [],
      env: { ...ENGINE_MALLOC_SETTINGS, ...process.env },
    });
    let stderr = "";
    child.on("error", () => undefined); // 'close' follows and reports it
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-2048);
    });
    child.stderr?.on("error", () => undefined);
    child.on("message", (message: LiveEngineMessage) => this.dispatch(message));
    const channel: Channel = {
      send: (message) => {
        if (child.connected) child.send(message, (error) => error && child.kill("SIGKILL"));
      },
      kill: () => child.kill("SIGKILL"),
    };
    child.once("close", (code, signal) => {
      if (this.channel === channel) {
        // Only an error line explains a crash (whisper.cpp logs warnings there too).
        const hint =
          stderr
            .split("\n")
            .filter((line) => /error|assert|abort|fail|out of memory/i.test(line))
            .pop()
            ?.trim() ?? "";
        this.died(`${signal ? `signal ${signal}` : `exit code ${code}`}${hint ? `: ${hint}` : ""}`);
      }
    });
    this.channel = channel;
    return channel;
  }
}
