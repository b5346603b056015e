import {
  downloadLanguageModel,
  downloadModel,
  downloadRecogniserModel,
  findLanguageModel,
  findModel,
  findRecogniserModel,
  listInstalledModels,
  MODEL_REGISTRY,
  modelDownloadUrl,
  RECOGNISER_MODEL_REGISTRY,
  recogniserDownload,
  type LanguageModelEntry,
  type ModelEntry,
  type RecogniserModelEntry,
} from "@verbatim/engine";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { ModelPreparationSchema } from "@verbatim/contract/api";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Config } from "../config.js";

/** One configured model's preparation, as /api/health and /api/models show it. */
export type ModelPreparationStatus = z.output<typeof ModelPreparationSchema>;

/** Settings tests override: other registries (small files' checksums), another fetch. */
export interface ModelPreparationOptions {
  registry?: readonly ModelEntry[];
  recogniserRegistry?: readonly RecogniserModelEntry[];
  fetchImpl?: typeof fetch;
}

type ConfigPart = Pick<Config, "modelsDir"> & {
  models: Omit<Config["models"], "routing" | "downloads"> & { downloads?: string[] };
};

/** A model to fetch: a whisper.cpp file, a Parakeet file or SenseVoice archive, or a language
 *  model (optional: only when MODELS_DOWNLOAD_ORDER names it; otherwise fetched on first use). */
type Wanted =
  | { kind: "whisper"; entry: ModelEntry }
  | { kind: "recogniser"; entry: RecogniserModelEntry }
  | { kind: "language"; entry: LanguageModelEntry };

/** Progress lines at every tenth, and at most every few seconds in between. */
const LOG_EVERY_MS = 5_000;

/**
 * Brings the configured models into the models folder when they are missing, in the order of
 * MODELS_DOWNLOAD_ORDER (by default Whisper base, SenseVoice-small, Parakeet, Whisper small):
 * downloaded in the background, one at a time, resumable and checked against the published
 * size and SHA-256 (the engine's downloadModel and downloadRecogniserModel; SenseVoice's archive
 * unpacked safely), with progress in the log. Requests for a model still on its way are told to
 * wait (MODEL_PREPARING) instead of failing.
 */
export class ModelPreparation {
  private readonly states = new Map<string, ModelPreparationStatus>();
  private readonly abort = new AbortController();
  private readonly registry: readonly ModelEntry[];
  private readonly recogniserRegistry: readonly RecogniserModelEntry[];
  private running: Promise<void> = Promise.resolve();
  private readonly installedListeners: Array<() => void> = [];

  constructor(
    private readonly config: ConfigPart,
    private readonly log: FastifyBaseLogger,
    private readonly options: ModelPreparationOptions = {},
  ) {
    this.registry = options.registry ?? MODEL_REGISTRY;
    this.recogniserRegistry = options.recogniserRegistry ?? RECOGNISER_MODEL_REGISTRY;
  }

  /** The models to prepare, in order, each once; file paths are left to the admin. */
  configuredNames(): string[] {
    const { downloads, fast, accurate } = this.config.models;
    const names = downloads ?? [fast, accurate];
    return [...new Set(names)].filter((name) => !looksLikePath(name));
  }

  /** Called when a model finished downloading (the catalog forgets its cached folder listing). */
  onInstalled(listener: () => void): void {
    this.installedListeners.push(listener);
  }

  /**
   * Looks at the models folder and, when `download` is true, fetches what is missing in the
   * background. Returns at once; `settled` ends when every download has finished or failed.
   */
  async start(download: boolean): Promise<void> {
    const installed = new Set(
      (await listInstalledModels(this.config.modelsDir, { registry: this.registry }))
        .filter((model) => !model.problem)
        .map((model) => model.name),
    );
    const wanted: Wanted[] = [];
    for (const name of this.configuredNames()) {
      if (installed.has(name)) continue;
      const language = findLanguageModel(name);
      if (language && (await this.hasFile(language))) continue;
      const recogniser = language ? undefined : findRecogniserModel(name, this.recogniserRegistry);
      const whisper = language || recogniser ? undefined : findModel(name, this.registry);
      const item: Wanted | null = language
        ? { kind: "language", entry: language }
        : recogniser
          ? { kind: "recogniser", entry: recogniser }
          : whisper
            ? { kind: "whisper", entry: whisper }
            : null;
      if (!item) {
        this.states.set(name, {
          state: "missing",
          instructions: `Model "${name}" is not a known model name: set FAST_MODEL/ACCURATE_MODEL to a known name or to a model file's path, or take it out of MODELS_DOWNLOAD_ORDER.`,
        });
        continue;
      }
      if (!download) {
        this.states.set(name, {
          state: "missing",
          ...this.where(item),
          instructions: `${this.byHand(item)} (MODELS_AUTO_DOWNLOAD=false: the server does not download it).`,
        });
        this.log.warn(`model ${name}: not installed. ${this.states.get(name)?.instructions}`);
        continue;
      }
      this.states.set(name, {
        state: "queued",
        totalBytes: item.entry.sizeBytes,
        ...this.where(item),
      });
      wanted.push(item);
    }
    this.running = (async () => {
      for (const item of wanted) {
        if (this.abort.signal.aborted) return;
        await this.fetchOne(item);
      }
    })();
  }

  /** Ends when the downloads started by `start` are over (finished, failed or stopped). */
  settled(): Promise<void> {
    return this.running;
  }

  /** Stops a download under way; its partial file stays, so the next start resumes it. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** Where `name` stands; undefined for a model this server was not asked to prepare. */
  status(name: string): ModelPreparationStatus | undefined {
    return this.states.get(name);
  }

  /** True while `name` is queued or downloading. */
  isPreparing(name: string): boolean {
    const state = this.states.get(name)?.state;
    return state === "queued" || state === "downloading";
  }

  /** A language model counts as installed when its file has the published size. */
  private async hasFile(entry: LanguageModelEntry): Promise<boolean> {
    const size = await stat(join(this.config.modelsDir, entry.fileName)).then(
      (s) => s.size,
      () => -1,
    );
    return size === entry.sizeBytes;
  }

  private where(item: Wanted): Pick<ModelPreparationStatus, "fileName" | "folder" | "url"> {
    const file = item.kind === "recogniser" ? recogniserDownload(item.entry) : item.entry;
    return {
      fileName: item.entry.fileName,
      folder: this.config.modelsDir,
      url: modelDownloadUrl(file, this.config.models.baseUrl),
    };
  }

  /** "Download URL and save it as FOLDER/FILE", the sentence every message ends with. */
  private byHand(item: Wanted): string {
    const { entry } = item;
    const { url, folder } = this.where(item);
    const how =
      item.kind === "recogniser" && item.entry.archive
        ? `download ${url} and extract it there (it makes the folder ${entry.fileName})`
        : `download ${url} and save it as ${join(folder ?? "", entry.fileName)}`;
    return `Put ${entry.fileName} into ${folder}: ${how}, or run \`npm run models -- ${entry.name}\``;
  }

  /** The engine's download for the item, with the options every download shares. */
  private download(item: Wanted, onProgress: (received: number, total: number) => void) {
    const shared = {
      baseUrl: this.config.models.baseUrl,
      signal: this.abort.signal,
      onProgress,
      ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
    };
    if (item.kind === "language") {
      return downloadLanguageModel(item.entry.name, this.config.modelsDir, shared);
    }
    if (item.kind === "whisper") {
      return downloadModel(item.entry.name, this.config.modelsDir, {
        ...shared,
        registry: this.registry,
      });
    }
    return downloadRecogniserModel(item.entry.name, this.config.modelsDir, {
      ...shared,
      registry: this.recogniserRegistry,
      onUnpacking: () => this.log.info(`model ${item.entry.name}: downloaded; unpacking`),
    });
  }

  private async fetchOne(item: Wanted): Promise<void> {
    const { entry } = item;
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    let loggedTenth = -1;
    let loggedAt = 0;
    const status: ModelPreparationStatus = {
      state: "downloading",
      percent: 0,
      receivedBytes: 0,
      totalBytes: entry.sizeBytes,
      ...this.where(item),
    };
    this.states.set(entry.name, status);
    this.log.info(
      `model ${entry.name}: not installed; downloading ${mb(entry.sizeBytes)} MB from ${status.url} into ${this.config.modelsDir} (uploads for it wait until it is ready)`,
    );
    try {
      const done = await this.download(item, (received, total) => {
          status.receivedBytes = received;
          status.percent = Math.min(99, Math.floor((received / total) * 100));
          const tenth = Math.floor(status.percent / 10);
          const now = Date.now();
          if (tenth > loggedTenth || now - loggedAt >= LOG_EVERY_MS) {
            loggedTenth = tenth;
            loggedAt = now;
          this.log.info(
            `model ${entry.name}: ${status.percent} % (${mb(received)} of ${mb(total)} MB)`,
          );
        }
      });
      this.states.set(entry.name, {
        state: "ready",
        percent: 100,
        receivedBytes: entry.sizeBytes,
        totalBytes: entry.sizeBytes,
        ...this.where(item),
      });
      for (const listener of this.installedListeners) listener();
      this.log.info(
        `model ${entry.name}: ready (${done.checksumVerified ? "checksum verified" : "size and format checked; no published SHA-256 to verify it"}) at ${done.path}`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (this.abort.signal.aborted) {
        this.states.set(entry.name, { ...status, state: "queued" });
        return;
      }
      const instructions = `${this.byHand(item)}; then uploads work without a restart. Restarting the server tries the download again and resumes it.`;
      // The engine's first clause says what went wrong; the rest would repeat the instructions.
      const why = reason.split(/; |\. (?=[A-Z])/)[0] ?? reason;
      this.states.set(entry.name, {
        state: "failed",
        ...this.where(item),
        reason: why,
        instructions,
      });
      this.log.error(`model ${entry.name}: download failed: ${why}. ${instructions}`);
    }
  }
}

function looksLikePath(value: string): boolean {
  return value.includes("/") || value.includes("\\") || value.endsWith(".bin");
}
