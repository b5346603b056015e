import {
  downloadModel,
  findModel,
  listInstalledModels,
  MODEL_REGISTRY,
  modelDownloadUrl,
  type ModelEntry,
} from "@verbatim/engine";
import { join } from "node:path";
import type { ModelPreparationSchema } from "@verbatim/contract/api";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Config } from "../config.js";

/** One configured model's preparation, as /api/health and /api/models show it. */
export type ModelPreparationStatus = z.output<typeof ModelPreparationSchema>;

/** Settings tests override: another registry (a small file's checksum), another fetch. */
export interface ModelPreparationOptions {
  registry?: readonly ModelEntry[];
  fetchImpl?: typeof fetch;
}

type ConfigPart = Pick<Config, "modelsDir"> & {
  models: Omit<Config["models"], "routing">;
};

/** Progress lines at every tenth, and at most every few seconds in between. */
const LOG_EVERY_MS = 5_000;

/**
 * Brings the configured default models (fast, then accurate) into the models folder when they
 * are missing: downloaded in the background, one at a time, resumable and checksum-verified
 * (the engine's downloadModel), with progress in the log. Requests for a model still on its way
 * are told to wait (MODEL_PREPARING) instead of failing.
 */
export class ModelPreparation {
  private readonly states = new Map<string, ModelPreparationStatus>();
  private readonly abort = new AbortController();
  private readonly registry: readonly ModelEntry[];
  private running: Promise<void> = Promise.resolve();
  private readonly installedListeners: Array<() => void> = [];

  constructor(
    private readonly config: ConfigPart,
    private readonly log: FastifyBaseLogger,
    private readonly options: ModelPreparationOptions = {},
  ) {
    this.registry = options.registry ?? MODEL_REGISTRY;
  }

  /** The configured registry names (fast first), each once; file paths are left to the admin. */
  private configuredNames(): string[] {
    const names = [this.config.models.fast, this.config.models.accurate];
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
    const wanted: ModelEntry[] = [];
    for (const name of this.configuredNames()) {
      if (installed.has(name)) continue;
      const entry = findModel(name, this.registry);
      if (!entry) {
        this.states.set(name, {
          state: "missing",
          instructions: `Model "${name}" is not a known whisper.cpp model name: set FAST_MODEL/ACCURATE_MODEL to a known name or to a model file's path.`,
        });
        continue;
      }
      if (!download) {
        this.states.set(name, {
          state: "missing",
          ...this.where(entry),
          instructions: `${this.byHand(entry)} (MODELS_AUTO_DOWNLOAD=false: the server does not download it).`,
        });
        this.log.warn(`model ${name}: not installed. ${this.states.get(name)?.instructions}`);
        continue;
      }
      this.states.set(name, { state: "queued", totalBytes: entry.sizeBytes, ...this.where(entry) });
      wanted.push(entry);
    }
    this.running = (async () => {
      for (const entry of wanted) {
        if (this.abort.signal.aborted) return;
        await this.fetchOne(entry);
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

  private where(entry: ModelEntry): Pick<ModelPreparationStatus, "fileName" | "folder" | "url"> {
    return {
      fileName: entry.fileName,
      folder: this.config.modelsDir,
      url: modelDownloadUrl(entry, this.config.models.baseUrl),
    };
  }

  /** "Download URL and save it as FOLDER/FILE", the sentence every message ends with. */
  private byHand(entry: ModelEntry): string {
    const { url, folder } = this.where(entry);
    return `Put ${entry.fileName} into ${folder}: download ${url} and save it as ${join(folder ?? "", entry.fileName)}, or run \`npm run models -- ${entry.name}\``;
  }

  private async fetchOne(entry: ModelEntry): Promise<void> {
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    let loggedTenth = -1;
    let loggedAt = 0;
    const status: ModelPreparationStatus = {
      state: "downloading",
      percent: 0,
      receivedBytes: 0,
      totalBytes: entry.sizeBytes,
      ...this.where(entry),
    };
    this.states.set(entry.name, status);
    this.log.info(
      `model ${entry.name}: not installed; downloading ${mb(entry.sizeBytes)} MB from ${status.url} into ${this.config.modelsDir} (uploads for it wait until it is ready)`,
    );
    try {
      const done = await downloadModel(entry.name, this.config.modelsDir, {
        registry: this.registry,
        baseUrl: this.config.models.baseUrl,
        signal: this.abort.signal,
        ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
        onProgress: (received, total) => {
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
        },
      });
      this.states.set(entry.name, {
        state: "ready",
        percent: 100,
        receivedBytes: entry.sizeBytes,
        totalBytes: entry.sizeBytes,
        ...this.where(entry),
      });
      for (const listener of this.installedListeners) listener();
      this.log.info(
        `model ${entry.name}: ready (${done.checksumVerified ? "checksum verified" : "size and header checked"}) at ${done.path}`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (this.abort.signal.aborted) {
        this.states.set(entry.name, { ...status, state: "queued" });
        return;
      }
      const instructions = `${this.byHand(entry)}; then uploads work without a restart. Restarting the server tries the download again and resumes it.`;
      // The engine's first clause says what went wrong; the rest would repeat the instructions.
      const why = reason.split(/; |\. (?=[A-Z])/)[0] ?? reason;
      this.states.set(entry.name, {
        state: "failed",
        ...this.where(entry),
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
