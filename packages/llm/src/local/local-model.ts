// The local model: a GGUF file run by llama.cpp (node-llama-cpp) in a child process, so that a
// crash or an out-of-memory kill fails the request, never the server. The child starts on
// first use and stays while requests come; it is restarted after a failure.
import { fork, type ChildProcess } from "node:child_process";
import { stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

import { findLanguageModel, type LanguageModelEntry } from "../catalog.js";
import { cancelledError, LanguageModelError, throwIfCancelled } from "../errors.js";
import { FairQueue } from "../fair-queue.js";
import type {
  ChatMessage,
  JsonAnswer,
  JsonRequest,
  LanguageModel,
  TextRequest,
} from "../language-model.js";
import { DEFAULT_LOCAL_CONTEXT_SIZE } from "../settings.js";
import { generateValidatedJson, type RawAnswer } from "../structured-output.js";
import { builtScriptPath } from "./built-script.js";
import type { ChildMessage, ChildRequest, ChildSettings, ParentMessage } from "./protocol.js";

/** Fetches a catalog model into the models folder (the speech models' downloader, injected). */
export type DownloadLanguageModel = (
  entry: LanguageModelEntry,
  signal: AbortSignal,
) => Promise<void>;

export interface LocalModelOptions {
  /** A catalog name or a GGUF file's path (LLM_MODEL). */
  model: string;
  /** Where catalog models are kept (MODELS_DIR). */
  modelsDir: string;
  contextSize?: number | undefined;
  threads?: number | undefined;
  gpu?: "auto" | "off" | undefined;
  /** Starts the download of a missing catalog model in the background; without it, the
   *  message says how to install the file. */
  downloadModel?: DownloadLanguageModel | undefined;
}

/** How long a started child may take to load its model before it counts as failed. */
const LOAD_TIMEOUT_MS = 300_000;

type Pending = {
  resolve: (message: ChildMessage) => void;
  reject: (error: LanguageModelError) => void;
  onPiece?: (text: string) => void;
};

class LlamaChild {
  readonly process: ChildProcess;
  readonly ready: Promise<{ contextSize: number }>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stderr = "";
  #exited = false;

  constructor(settings: ChildSettings) {
    this.process = fork(builtScriptPath(import.meta.url, "llama-child"), [], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: { ...process.env, VERBATIM_LLM_CHILD: JSON.stringify(settings) },
    });
    this.process.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-2048);
    });
    this.process.stderr?.on("error", () => undefined);
    this.process.on("error", () => undefined);
    this.ready = new Promise((resolveReady, rejectReady) => {
      const timer = setTimeout(() => {
        rejectReady(this.#failure(`it did not load the model within ${LOAD_TIMEOUT_MS / 1000} s`));
        this.kill();
      }, LOAD_TIMEOUT_MS);
      this.process.on("message", (message: ChildMessage) => {
        if (message.type === "ready") {
          clearTimeout(timer);
          resolveReady({ contextSize: message.contextSize });
        } else if (message.type === "fatal") {
          clearTimeout(timer);
          rejectReady(
            this.#failure(`it could not load ${basename(settings.modelPath)}: ${message.message}`),
          );
        } else if (message.type === "piece") {
          this.#pending.get(message.id)?.onPiece?.(message.text);
        } else {
          const pending = this.#pending.get(message.id);
          this.#pending.delete(message.id);
          if (message.type === "error")
            pending?.reject(new LanguageModelError(message.code, message.message));
          else pending?.resolve(message);
        }
      });
      this.process.once("exit", (code, signal) => {
        this.#exited = true;
        clearTimeout(timer);
        const why = signal
          ? `it was killed (${signal}${signal === "SIGKILL" ? ", perhaps out of memory" : ""})`
          : `it exited (code ${code})`;
        const error = this.#failure(why);
        rejectReady(error);
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
      });
    });
    // Nobody may be waiting yet: a failed start is reported by the request that waits next.
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return !this.#exited;
  }

  #failure(why: string): LanguageModelError {
    const log = this.#stderr.trim();
    return new LanguageModelError(
      "LLM_RUNTIME_FAILED",
      `The local language model's process failed: ${why}.${log ? ` Its last output: ${log.slice(-500)}` : ""}`,
    );
  }

  request(
    message: ChildRequest,
    signal?: AbortSignal,
    onPiece?: (text: string) => void,
  ): Promise<ChildMessage> {
    return new Promise((resolveRequest, rejectRequest) => {
      if (!this.alive) return rejectRequest(this.#failure("it is not running"));
      const id = this.#nextId++;
      const onAbort = () =>
        this.process.send({ type: "abort", id } satisfies ParentMessage, () => undefined);
      signal?.addEventListener("abort", onAbort, { once: true });
      const settle = () => signal?.removeEventListener("abort", onAbort);
      this.#pending.set(id, {
        resolve: (answer) => (settle(), resolveRequest(answer)),
        reject: (error) => (settle(), rejectRequest(error)),
        ...(onPiece ? { onPiece } : {}),
      });
      this.process.send({ ...message, id } satisfies ParentMessage, (error) => {
        if (!error || !this.#pending.delete(id)) return;
        settle();
        rejectRequest(this.#failure(error.message));
      });
    });
  }

  #holds = 0;

  /**
   * Keeps the caller's process alive while someone waits on the child (its start, a request),
   * and lets it end when the child is idle: counted, so overlapping waits do not let go early.
   */
  hold(busy: boolean): void {
    const before = this.#holds;
    this.#holds = Math.max(0, this.#holds + (busy ? 1 : -1));
    if (before > 0 && this.#holds > 0) return;
    const handles = [this.process, this.process.stderr, this.process.channel] as Array<
      { ref?: () => void; unref?: () => void } | null | undefined
    >;
    for (const handle of handles) (this.#holds > 0 ? handle?.ref : handle?.unref)?.call(handle);
  }

  kill(): void {
    if (this.alive) this.process.kill("SIGKILL");
  }
}

export class LocalLanguageModel implements LanguageModel {
  readonly name: string;
  readonly contextSize: number;
  readonly #options: LocalModelOptions;
  readonly #entry: LanguageModelEntry | undefined;
  readonly #path: string;
  readonly #queue = new FairQueue();
  #child: LlamaChild | null = null;
  #download: { promise: Promise<void>; received?: string; error?: unknown } | null = null;
  readonly #closing = new AbortController();

  constructor(options: LocalModelOptions) {
    this.#options = options;
    const looksLikePath =
      /[/\\]/.test(options.model) || options.model.toLowerCase().endsWith(".gguf");
    this.#entry = findLanguageModel(options.model);
    if (!this.#entry && !looksLikePath) {
      throw new LanguageModelError(
        "LLM_MODEL_MISSING",
        `"${options.model}" is neither a local language model Verbatim knows (see \`verbatim models list\`) nor a GGUF file's path.`,
      );
    }
    this.#path = this.#entry
      ? resolve(options.modelsDir, this.#entry.fileName)
      : resolve(options.model);
    this.name = this.#entry?.name ?? basename(this.#path).replace(/\.gguf$/i, "");
    this.contextSize = Math.min(
      options.contextSize ?? DEFAULT_LOCAL_CONTEXT_SIZE,
      this.#entry?.trainedContext ?? Infinity,
    );
  }

  /** The running child's process id (tests and diagnostics), if one runs. */
  get processId(): number | undefined {
    return this.#child?.alive ? this.#child.process.pid : undefined;
  }

  /** The model file's path (installed or not). */
  get path(): string {
    return this.#path;
  }

  async countTokens(text: string): Promise<number> {
    const child = await this.#started();
    child.hold(true);
    try {
      const answer = await child.request({ type: "count", text });
      return answer.type === "count" ? answer.tokens : 0;
    } finally {
      child.hold(false);
    }
  }

  generateJson<T>(request: JsonRequest<T>): Promise<JsonAnswer<T>> {
    return this.#queue.run(request.accountId, request.signal, () =>
      generateValidatedJson(request, (messages) =>
        this.#generate(messages, request.maxTokens, request.schema, request.signal),
      ),
    );
  }

  async *streamText(request: TextRequest): AsyncGenerator<string> {
    const release = await this.#queue.acquire(request.accountId, request.signal);
    try {
      const pieces: string[] = [];
      let wake: (() => void) | null = null;
      let finished = false;
      let failure: unknown = null;
      const onPiece = (text: string) => {
        pieces.push(text);
        wake?.();
      };
      this.#generate(request.messages, request.maxTokens, null, request.signal, onPiece).then(
        () => ((finished = true), wake?.()),
        (error: unknown) => ((failure = error), (finished = true), wake?.()),
      );
      for (;;) {
        const piece = pieces.shift();
        if (piece !== undefined) {
          yield piece;
          continue;
        }
        if (finished) break;
        await new Promise<void>((resolveWait) => (wake = resolveWait));
        wake = null;
      }
      if (failure) throw failure;
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    this.#closing.abort(new Error("the language model was closed"));
    const child = this.#child;
    this.#child = null;
    if (!child?.alive) return;
    child.hold(true); // until its exit is heard
    await new Promise<void>((resolveExit) => {
      child.process.once("exit", () => resolveExit());
      child.kill();
    });
  }

  async #generate(
    messages: ChatMessage[],
    maxTokens: number,
    schema: Record<string, unknown> | null,
    signal: AbortSignal | undefined,
    onPiece?: (text: string) => void,
  ): Promise<RawAnswer> {
    throwIfCancelled(signal);
    const child = await this.#started(signal);
    child.hold(true);
    try {
      const answer = await child.request(
        { type: "generate", messages, maxTokens, schema },
        signal,
        onPiece,
      );
      if (answer.type !== "done")
        throw new LanguageModelError(
          "LLM_RUNTIME_FAILED",
          "The local model's process answered out of turn.",
        );
      return answer;
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal);
      throw error;
    } finally {
      child.hold(false);
    }
  }

  /** The running child, started on first use (once the file is there). */
  async #started(signal?: AbortSignal): Promise<LlamaChild> {
    if (this.#closing.signal.aborted) throw cancelledError(this.#closing.signal);
    if (!this.#child?.alive) {
      await this.#ensureFile();
      this.#child = new LlamaChild({
        modelPath: this.#path,
        contextSize: this.contextSize,
        threads: this.#options.threads,
        gpu: this.#options.gpu ?? "auto",
      });
      this.#child.hold(false);
    }
    const child = this.#child;
    let onAbort: (() => void) | undefined;
    child.hold(true); // a CLI waiting for the model to load must not exit meanwhile
    try {
      await Promise.race([
        child.ready,
        new Promise<never>((_, rejectAbort) => {
          onAbort = () => rejectAbort(cancelledError(signal));
          signal?.addEventListener("abort", onAbort, { once: true });
        }),
      ]);
    } catch (error) {
      if (this.#child === child && !child.alive) this.#child = null;
      throw error;
    } finally {
      child.hold(false);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
    return child;
  }

  /** Throws LLM_NOT_READY (naming the file and folder) while the model file is missing. */
  async #ensureFile(): Promise<void> {
    const size = await stat(this.#path).then(
      (s) => s.size,
      () => -1,
    );
    const entry = this.#entry;
    if (size >= 0 && (!entry || size === entry.sizeBytes)) return;
    const folder = dirname(this.#path);
    const file = basename(this.#path);
    if (!entry) {
      throw new LanguageModelError(
        "LLM_NOT_READY",
        `The language model file ${file} is not in ${folder} (LLM_MODEL=${this.#options.model}).`,
      );
    }
    const download = this.#options.downloadModel;
    if (download && !this.#download) {
      const state: { promise: Promise<void>; error?: unknown } = {
        promise: download(entry, this.#closing.signal).then(
          () => {
            this.#download = null;
          },
          (error: unknown) => {
            state.error = error;
          },
        ),
      };
      this.#download = state;
    }
    const failed = this.#download?.error;
    if (failed !== undefined) this.#download = null; // the next request tries again
    const how = `run \`verbatim models download ${entry.name}\`, or download ${entry.url} by hand and save it as ${join(folder, file)}`;
    throw new LanguageModelError(
      "LLM_NOT_READY",
      failed !== undefined
        ? `The language model ${entry.name} (${file}, ${(entry.sizeBytes / 1e9).toFixed(1)} GB) could not be downloaded into ${folder}: ` +
            `${failed instanceof Error ? failed.message : String(failed)} To install it by hand, ${how}.`
        : download
          ? `The language model ${entry.name} (${file}, ${(entry.sizeBytes / 1e9).toFixed(1)} GB) is downloading into ${folder}; try again in a few minutes.`
          : `The language model ${entry.name} is not installed: ${file} is not in ${folder}. To install it, ${how}.`,
    );
  }
}
