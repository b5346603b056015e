import type { ModelListing as ModelListingSchema } from "@verbatim/contract/api";
import type { ModelFamily } from "@verbatim/contract";
import {
  familyLanguages,
  familyOfModelPath,
  familySupports,
  findRecogniserModel,
  isEngineError,
  listInstalledModels,
  modelsSupporting,
  recogniserInstallHint,
  resolveModel,
  routeModel,
  routesByLanguage,
  type EngineError,
  type InstalledModel,
  type RecogniserModelEntry,
  type RoutingTable,
} from "@verbatim/engine";
import { existsSync, statSync } from "node:fs";
import { basename } from "node:path";
import type { z } from "zod";
import type { Config } from "../config.js";

/** What the catalogue reads of the configuration (tests may leave the routing out). */
type CatalogConfig = Pick<Config, "modelsDir"> & {
  models: Omit<Config["models"], "routing" | "downloads"> & { routing?: RoutingTable };
};
import { AppError, fail } from "../http/app-error.js";
import { clientModelName, withoutServerPaths } from "./client-text.js";
import type { ModelPreparation } from "./model-preparation.js";

/**
 * The public model names, kept as the API's names so OpenAI clients work unchanged: each stands
 * for a configured whisper.cpp model (FAST_MODEL, ACCURATE_MODEL).
 */
export const PUBLIC_MODELS = {
  "whisper-1": {
    role: "fast",
    description: "Fast: shorter segments, better punctuation for Chinese, Japanese, Korean.",
  },
  "gpt-4o-transcribe": {
    role: "accurate",
    description: "Accurate: a larger model, slower, possibly longer segments.",
  },
} as const;

export type PublicModelName = keyof typeof PUBLIC_MODELS;

/**
 * OpenAI's other transcription model names, run on one of ours so that code written for them
 * works unchanged (the job keeps the name the client used).
 */
export const MODEL_ALIASES: Readonly<Record<string, PublicModelName>> = {
  "gpt-4o-mini-transcribe": "whisper-1",
  // OpenAI's diarizing model is its accurate one with speaker labels: /v1 turns diarization on.
  "gpt-4o-transcribe-diarize": "gpt-4o-transcribe",
};

/** The public model a name stands for (itself or through an alias), if any. */
function publicModelOf(name: string) {
  const target = Object.hasOwn(PUBLIC_MODELS, name)
    ? (name as PublicModelName)
    : Object.hasOwn(MODEL_ALIASES, name)
      ? MODEL_ALIASES[name]
      : undefined;
  return target ? PUBLIC_MODELS[target] : undefined;
}

/** The model a job runs on: the name the client used, the engine's model (name or path), its family. */
export interface ModelChoice {
  requested: string;
  engineModel: string;
  family: ModelFamily;
}

/** One model as `GET /api/models` lists it. */
export type ModelListing = z.output<typeof ModelListingSchema>;

/** How a configured model (FAST_MODEL, ACCURATE_MODEL) stands: usable, or the engine's reason. */
export type ConfiguredModelState = { installed: true } | { installed: false; problem: EngineError };

/** One look at the model files: the folder's valid models and each configured model's state. */
export interface ModelFiles {
  installed: InstalledModel[];
  /** FAST_MODEL and ACCURATE_MODEL as a transcription would find them. */
  configured: Record<"fast" | "accurate", ConfiguredModelState>;
}

/**
 * Maps public names to configured engine models and knows which are installed. Every look
 * lists the folder afresh (a model placed there is seen at once), but the engine validates a
 * file only once per version (size, mtime, inode), so an unchanged folder costs a few stat
 * calls; looks asked for while one is under way share it.
 */
export class ModelCatalog {
  private looking: Promise<ModelFiles> | undefined;

  constructor(
    private readonly config: CatalogConfig,
    private readonly preparation?: ModelPreparation,
  ) {}

  /** The operator's routing; a config without one routes as before there were families. */
  private get routing(): RoutingTable {
    const { models } = this.config;
    return (
      models.routing ?? {
        fastParakeet: null,
        fastWhisper: models.fast,
        accurate: [models.accurate],
        cantonese: null,
      }
    );
  }

  /** The model files as they are now (one look shared by concurrent callers). */
  files(): Promise<ModelFiles> {
    this.looking ??= this.look().finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async look(): Promise<ModelFiles> {
    const { modelsDir, models } = this.config;
    const state = (name: string) =>
      resolveModel(name, modelsDir).then(
        (): ConfiguredModelState => ({ installed: true }),
        (error: unknown): ConfiguredModelState => {
          if (!isEngineError(error)) throw error;
          return { installed: false, problem: error };
        },
      );
    const [listed, fast, accurate] = await Promise.all([
      listInstalledModels(modelsDir),
      state(models.fast),
      state(models.accurate),
    ]);
    return { installed: listed.filter((m) => !m.problem), configured: { fast, accurate } };
  }

  /** Installed, valid models in the models folder. */
  async installed(): Promise<InstalledModel[]> {
    return (await this.files()).installed;
  }

  /**
   * The engine model behind a public or installed name, for a job in `language`: 400 when the
   * name is unknown or the model does not transcribe that language (naming the models here
   * that do), 503 when it is missing.
   */
  async choose(
    requested: string | undefined,
    language = "auto",
    options: { fallback?: "whisper" | undefined } = {},
  ): Promise<ModelChoice> {
    const choice = await this.modelFor(requested?.trim() || "whisper-1", language, options.fallback);
    const installed = await this.installed();
    const entry = this.recogniserEntryOf(choice.engineModel, installed);
    if (!familySupports(choice.family, language, entry)) {
      const here = (await this.list()).filter(
        (m) => m.installed && (m.languages === null || m.languages.includes(language)),
      );
      fail("LANGUAGE_NOT_SUPPORTED", {
        param: "language",
        model: choice.requested,
        language,
        supportedBy: (here.length
          ? here.map((m) => m.id)
          : modelsSupporting(language)
        ).join(", "),
      });
    }
    return choice;
  }

  /**
   * A public name is a choice in plain words (Fast, Accurate) routed by the language
   * (routeModel: Parakeet for its languages, SenseVoice for Cantonese, Whisper elsewhere);
   * any other name is an installed model's.
   */
  private async modelFor(
    name: string,
    language: string,
    fallback: "whisper" | undefined,
  ): Promise<ModelChoice> {
    const publicModel = publicModelOf(name);
    const installed = await this.installed();
    if (publicModel) {
      const available = this.availableNames(installed);
      const route = routeModel(publicModel.role, language, null, available, this.routing);
      if (route.language === "yue" && fallback !== "whisper") this.requireCantoneseModel(available);
      const engineModel = route.model;
      if (!this.isInstalled(engineModel, installed)) {
        if (this.preparation?.isPreparing(engineModel)) throw this.preparing([engineModel]);
        const shown = clientModelName(engineModel);
        fail("MODEL_NOT_INSTALLED", {
          model: name,
          engineModel: shown,
          hint: withoutServerPaths(
            this.preparation?.status(engineModel)?.instructions ??
              `An administrator can install it with: npm run models -- ${shown}`,
            this.config,
          ),
        });
      }
      return { requested: name, engineModel, family: this.familyOf(engineModel, installed) };
    }
    const match = installed.find((m) => m.name === name);
    if (match) return { requested: name, engineModel: match.path, family: match.family };
    const other = findRecogniserModel(name);
    if (other && this.preparation?.isPreparing(name)) throw this.preparing([name]);
    if (other) {
      fail("MODEL_NOT_INSTALLED", {
        model: name,
        engineModel: name,
        hint: withoutServerPaths(
          recogniserInstallHint(other, this.config.modelsDir),
          this.config,
        ),
      });
    }
    fail("INVALID_MODEL", {
      param: "model",
      model: name,
      available: ["whisper-1", "gpt-4o-transcribe", ...installed.map((m) => m.name)],
    });
  }

  /**
   * 503 CANTONESE_MODEL_NOT_READY when Cantonese has a model of its own (CANTONESE_MODEL) that
   * is not installed yet (downloading, failed, or left to the admin): a Cantonese job is never
   * handed to Whisper unless the user chose that (`fallback: "whisper"`). CANTONESE_MODEL=off
   * makes Whisper the Cantonese model on purpose.
   */
  private requireCantoneseModel(available: ReadonlySet<string>): void {
    const wanted = this.routing.cantonese;
    if (wanted === null || available.has(wanted)) return;
    const status = this.preparation?.status(wanted);
    const preparing = this.preparation?.isPreparing(wanted) ?? false;
    throw new AppError("CANTONESE_MODEL_NOT_READY", {
      model: wanted,
      language: "yue",
      family: "sensevoice",
      state: status?.state ?? "missing",
      percent: status?.percent ?? 0,
      fallback: "whisper",
      ...(preparing ? { retryAfterSeconds: 30 } : {}),
    });
  }

  /**
   * Where a plain choice (Fast, Accurate) goes once the language of an "auto" job is known:
   * routeModel with the detection, over the models installed now. Null when the name is not a
   * plain choice, or when the routed model cannot run here (the job keeps its Whisper model).
   */
  async routeDetected(
    requested: string,
    detected: string,
  ): Promise<(ModelChoice & { language: string }) | null> {
    const publicModel = publicModelOf(requested);
    if (!publicModel) return null;
    const installed = await this.installed();
    const route = routeModel(
      publicModel.role,
      "auto",
      detected,
      this.availableNames(installed),
      this.routing,
    );
    if (!this.isInstalled(route.model, installed)) return null;
    const family = this.familyOf(route.model, installed);
    if (!familySupports(family, route.language, this.recogniserEntryOf(route.model, installed))) {
      return null;
    }
    return { requested, engineModel: route.model, family, language: route.language };
  }

  /**
   * Whether detecting the language of an "auto" job on this plain choice could send it to
   * another family than Whisper (Parakeet or SenseVoice is configured and installed): when not,
   * detection would cost a decode for nothing.
   */
  async routesByLanguage(requested: string): Promise<boolean> {
    const publicModel = publicModelOf(requested);
    if (!publicModel) return false;
    const available = this.availableNames(await this.installed());
    return routesByLanguage(publicModel.role, available, this.routing);
  }

  /** Installed model names, with configured model paths that exist. */
  private availableNames(installed: InstalledModel[]): Set<string> {
    const available = new Set(installed.map((m) => m.name));
    for (const role of ["fast", "accurate"] as const) {
      const configured = this.config.models[role];
      if (isPath(configured) && existsSync(configured)) available.add(configured);
    }
    return available;
  }

  /** 503 MODEL_NOT_INSTALLED when neither public model can run, before any upload is read. */
  async requireAnyUsable(): Promise<void> {
    const listed = await this.list();
    if (listed.some((m) => m.installed)) return;
    const missing = Object.values(PUBLIC_MODELS).map((m) => this.config.models[m.role]);
    const preparing = missing.filter((name) => this.preparation?.isPreparing(name));
    if (preparing.length) throw this.preparing(preparing);
    fail("MODEL_NOT_INSTALLED", { hint: this.howToInstall([...new Set(missing)]) });
  }

  /** The public names, then every installed model, each saying whether it can be used. */
  async list(): Promise<ModelListing[]> {
    const installed = await this.installed();
    const publicOnes = Object.entries(PUBLIC_MODELS).map(([id, model]) => {
      const engineModel = this.config.models[model.role];
      const family = this.familyOf(engineModel, installed);
      const entry = this.recogniserEntryOf(engineModel, installed);
      return {
        id,
        engineModel,
        family,
        languages: languageList(family, entry),
        installed: this.isInstalled(engineModel, installed),
        description: model.description,
      };
    });
    for (const listing of publicOnes) {
      const preparation = this.preparation?.status(listing.engineModel);
      if (!listing.installed && preparation) Object.assign(listing, { preparation });
    }
    const local = installed.map((m) => ({
      id: m.name,
      engineModel: m.name,
      family: m.family,
      languages: languageList(m.family, m.recogniserEntry ?? undefined),
      installed: true,
      description: describeInstalled(m),
    }));
    return [...publicOnes, ...local];
  }

  /** The list as clients read it (GET /api/models): no server paths. */
  async listForClients(): Promise<ModelListing[]> {
    return (await this.list()).map((listing) => {
      const { preparation, ...rest } = listing;
      const shown = { ...rest, engineModel: clientModelName(listing.engineModel) };
      if (!preparation) return shown;
      const { instructions, ...kept } = preparation;
      delete kept.folder;
      return {
        ...shown,
        preparation: {
          ...kept,
          ...(instructions ? { instructions: withoutServerPaths(instructions, this.config) } : {}),
        },
      };
    });
  }

  /** What an administrator does: the download's own instructions, else the models command. */
  private howToInstall(names: string[]): string {
    const steps = names.map((name) => this.preparation?.status(name)?.instructions);
    if (steps.every((step) => step !== undefined)) {
      return withoutServerPaths([...new Set(steps)].join(" "), this.config);
    }
    return `An administrator can install one with: npm run models -- ${names.map(clientModelName).join(" ")}`;
  }

  /**
   * 503 MODEL_PREPARING: the model is on its way (downloading on first start). Nothing is
   * stored or charged; the client tries again later (Retry-After) or follows /api/health.
   */
  private preparing(names: string[]): AppError {
    const status = this.preparation?.status(names[0] ?? "");
    return new AppError("MODEL_PREPARING", {
        engineModel: clientModelName(names[0] ?? ""),
        state: status?.state,
        percent: status?.percent ?? 0,
        retryAfterSeconds: 30,
      });
  }

  /**
   * The family of an engine model: an installed one's, a Parakeet or SenseVoice registry name's,
   * a path's by its name and kind (a folder is SenseVoice); any other name is Whisper's.
   */
  familyOf(engineModel: string, installed: InstalledModel[]): ModelFamily {
    const found = installed.find((m) => m.name === engineModel || m.path === engineModel);
    if (found) return found.family;
    const entry = findRecogniserModel(engineModel);
    if (entry) return entry.family;
    if (!isPath(engineModel)) return "whisper";
    const folder = statSync(engineModel, { throwIfNoEntry: false })?.isDirectory() ?? false;
    return familyOfModelPath(basename(engineModel), folder);
  }

  private recogniserEntryOf(
    engineModel: string,
    installed: InstalledModel[],
  ): RecogniserModelEntry | undefined {
    const found = installed.find((m) => m.name === engineModel || m.path === engineModel);
    return found?.recogniserEntry ?? findRecogniserModel(engineModel);
  }

  /** A configured model is installed when it is an installed name or an existing file path. */
  private isInstalled(engineModel: string, installed: InstalledModel[]): boolean {
    if (isPath(engineModel)) return existsSync(engineModel);
    return installed.some((m) => m.name === engineModel);
  }
}

/** Whether a configured model is a file (or folder) path rather than a registry name. */
function isPath(engineModel: string): boolean {
  return engineModel.includes("/") || engineModel.endsWith(".bin");
}

/** The languages a model transcribes, as the listing shows them (null: any Whisper knows). */
function languageList(family: ModelFamily, entry?: RecogniserModelEntry): string[] | null {
  const languages = familyLanguages(family, entry);
  return languages ? [...languages] : null;
}

/** An installed model in a sentence: its family, what it is for, its size and its licence. */
function describeInstalled(model: InstalledModel): string {
  const mb = `${Math.round(model.sizeBytes / 1e6)} MB`;
  if (model.recogniserEntry) {
    const { description, licence } = model.recogniserEntry;
    return `${description} (${mb}; licence ${licence.name}${licence.attribution ? `: ${licence.attribution}` : ""})`;
  }
  if (model.family === "parakeet") return `Parakeet model file ${basename(model.path)} (${mb})`;
  if (model.family === "sensevoice") return `SenseVoice model folder ${basename(model.path)}`;
  return model.entry
    ? `whisper.cpp ${model.entry.name} (${mb})`
    : `whisper.cpp model file ${basename(model.path)}`;
}
