import { basename } from "node:path";
import { FRAME_RATES } from "@verbatim/contract/export-formats";
import type { StlInformation } from "@verbatim/formats";
import { DEFAULT_STYLE, STYLE_NAMES } from "@verbatim/subtitles/style-presets";
import { EngineError } from "../errors.js";
import { probeWithIdentity } from "../media/probed-media.js";
import type { ChineseScript } from "../text/chinese-script.js";
import {
  defaultModelsDir,
  MAX_BEAM,
  MIN_BEAM,
  transcribeFile,
  type DiarizeOptions,
} from "../transcribe-file.js";
import { formatClock, ProgressBar } from "./progress-bar.js";
import { OUTPUT_FORMATS, type OutputFormat } from "./output-formats.js";
import { renderTranscription, type RenderOptions } from "./render-output.js";
import { expandInputs, spoolStandardInput, stemOf } from "./cli-inputs.js";
import { planOutputs, writeOutput } from "./cli-outputs.js";
import { BatchFailure } from "./batch-failure.js";
import { translatedStem, translateTargets } from "./translate-targets.js";
import { chooseModel, isTranscriptionMode, type ChosenModel } from "./model-choice.js";
import { diarizeOptionsFor, parseSpeakers } from "./speaker-options.js";

/** Options of `verbatim transcribe`, as commander parses them. */
export interface TranscribeCommandOptions {
  model: string;
  modelsDir?: string;
  language: string;
  task: string;
  format: string;
  output?: string;
  outputDir?: string;
  chinese?: string;
  maxChars?: string;
  style?: string;
  threads?: string;
  beamSize?: string;
  prompt?: string;
  temperature?: string;
  fallback: boolean;
  vad: boolean;
  wordTimestamps: boolean;
  /** auto, N or MIN-MAX: label speakers. */
  speakers?: string;
  /** NAME=clip.wav, repeatable: name speakers whose voice matches. */
  voice?: string[];
  /** Timecode frame rate: 23.976, 24, 25, 29.97 or 30 (default: the video's, else 25). */
  fps?: string;
  /** ASS: karaoke word timing. */
  karaoke?: boolean;
  /** DOCX and PDF: SMPTE timecode per paragraph. */
  timecodes?: boolean;
  /** TXT: `[hh:mm:ss]` per paragraph (MAXQDA, NVivo). */
  timestamps?: boolean;
  /** Commander's `--no-speaker-names`: false when given. */
  speakerNames?: boolean;
  /**
   * Translate the cues into these languages (BCP-47; the option repeatable, each value one code
   * or several separated by commas) with the language model: bilingual output, one per language.
   */
  translateTo?: string | string[];
  /** EBU-STL's GSI fields (`--stl-programme`, …), as the HTTP export's `stl…` parameters. */
  stlProgramme?: string;
  stlEpisode?: string;
  stlPublisher?: string;
  stlEditor?: string;
  stlContact?: string;
  stlCountry?: string;
  stlRevision?: string;
}

/** Runs `verbatim transcribe`: media in (several files, folders, globs or -), subtitles out. */
export async function transcribeCommand(
  inputArgs: string[],
  options: TranscribeCommandOptions,
): Promise<void> {
  const { formats, settings, render } = await parseTranscribeOptions(options);
  const languages = translateTargets(options.translateTo);
  // Each input once without translation, or once per language (its own file with several).
  const passes: (string | undefined)[] = languages.length > 0 ? languages : [undefined];
  const inputs = await expandInputs(inputArgs);
  if (inputs.filter((input) => input === "-").length > 1) {
    throw new EngineError("INVALID_OPTIONS", "Standard input (-) can be read only once.");
  }
  const targetOf = await planOutputs({
    ...(options.output !== undefined ? { output: options.output } : {}),
    ...(options.outputDir !== undefined ? { outputDir: options.outputDir } : {}),
    inputs: inputs.length,
    formats: formats.length * passes.length,
  });
  const stems = inputs.map((input) => (input === "-" ? "stdin" : stemOf(input)));
  const clash = stems.find((stem, i) => stems.indexOf(stem) !== i);
  if (clash !== undefined && targetOf(clash, formats[0]!) !== "-") {
    throw new EngineError(
      "INVALID_OPTIONS",
      `Several inputs are named "${clash}": their outputs would overwrite each other. Transcribe them in separate runs, or rename one.`,
    );
  }

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  // On a terminal, say what is written where; in a pipe or a script, only problems.
  const tell = (line: string) => {
    if (process.stderr.isTTY) process.stderr.write(`${line}\n`);
  };
  let firstFailure: unknown;
  try {
    const diarize = await diarizeOptionsFor(
      options.speakers,
      options.voice ?? [],
      options.modelsDir ?? defaultModelsDir(),
      controller.signal,
    );
    for (const [i, input] of inputs.entries()) {
      if (controller.signal.aborted) break;
      const label = input === "-" ? "standard input" : input;
      const prefix = inputs.length > 1 ? `${label}: ` : "";
      try {
        const spooled = input === "-" ? await spoolStandardInput() : undefined;
        try {
          const result = await transcribeOne(spooled?.path ?? input, {
            ...settings,
            controller,
            label: inputs.length > 1 ? `[${i + 1}/${inputs.length}] ${label}` : "",
            ...(diarize ? { diarize } : {}),
          });
          for (const warning of result.warnings) {
            process.stderr.write(`verbatim: warning: ${prefix}${warning}\n`);
          }
          tell(
            `verbatim: ${prefix}transcribed by ${basename(result.modelPath)} (the ${result.family} model family)`,
          );
          for (const translateTo of passes) {
            let output = result;
            if (translateTo !== undefined) {
              const { translateSubtitles } = await import("./translate-command.js");
              const translated = await translateSubtitles(result.cues, {
                to: translateTo,
                from: result.language,
                style: render.style,
                signal: controller.signal,
              });
              output = {
                ...result,
                cues: result.cues.map((cue, n) => ({
                  ...cue,
                  translation: translated[n]?.text ?? "",
                })),
              };
            }
            const stem = translatedStem(stems[i]!, translateTo, passes.length);
            for (const format of formats) {
              const target = targetOf(stem, format);
              const rendered = await renderTranscription(output, format, {
                ...render,
                inputName: input === "-" ? "stdin" : input,
                ...(translateTo !== undefined ? { translationLanguage: translateTo } : {}),
              });
              await writeOutput(rendered, target);
              if (target !== "-") tell(`verbatim: wrote ${target}`);
            }
          }
        } finally {
          await spooled?.remove();
        }
      } catch (error) {
        // One bad file does not stop a batch: say why, go on, and exit with its code.
        if (inputs.length === 1) throw error;
        if (controller.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`verbatim: ${prefix}${message}\n`);
        firstFailure ??= error;
      }
    }
  } finally {
    process.off("SIGINT", onSignal);
  }
  if (firstFailure !== undefined) throw new BatchFailure(firstFailure);
}

/** The options every transcription of a command shares, checked (a usage error first). */
export type TranscribeSettings = Omit<RunSettings, "controller" | "label" | "diarize">;

/**
 * Checks `verbatim transcribe`'s (and `verbatim watch`'s) transcription options: the output
 * formats and the settings each file is transcribed with. Throws INVALID_OPTIONS (a usage
 * error) for a bad value, before any file is read.
 */
export async function parseTranscribeOptions(options: TranscribeCommandOptions): Promise<{
  formats: OutputFormat[];
  settings: TranscribeSettings;
  /** How the files are written (all but the input's name). */
  render: Omit<RenderOptions, "inputName">;
}> {
  const formats = formatsOf(options.format);
  const task = oneOf(options.task, ["transcribe", "translate"] as const, "--task");
  const chinese = options.chinese
    ? oneOf(options.chinese, ["hk", "tw", "cn"] as const, "--chinese")
    : undefined;
  const maxChars = positiveInt(options.maxChars, "--max-chars");
  const fps = options.fps !== undefined ? oneOf(options.fps, FRAME_RATES, "--fps") : undefined;
  const style = oneOf(options.style ?? DEFAULT_STYLE, STYLE_NAMES, "--style");
  const threads = positiveInt(options.threads, "--threads");
  const beam = options.beamSize !== undefined ? beamSize(options.beamSize) : undefined;
  const startTemperature =
    options.temperature !== undefined ? temperature(options.temperature) : undefined;
  if (options.speakers !== undefined) parseSpeakers(options.speakers); // a usage error first
  const stl = await stlOptions(options);
  return {
    formats,
    settings: {
      options,
      task,
      style,
      ...(chinese ? { chinese } : {}),
      ...(maxChars ? { maxChars } : {}),
      ...(threads ? { threads } : {}),
      ...(beam ? { beamSize: beam } : {}),
      ...(options.prompt !== undefined ? { prompt: options.prompt } : {}),
      ...(startTemperature !== undefined ? { temperature: startTemperature } : {}),
    },
    render: {
      style,
      ...(fps ? { frameRate: fps } : {}),
      karaoke: options.karaoke === true,
      timecodes: options.timecodes === true,
      timestamps: options.timestamps === true,
      speakerNames: options.speakerNames !== false,
      ...(stl ? { stl } : {}),
    },
  };
}

/**
 * The EBU-STL GSI options, checked by the HTTP export's own validator (StlGsiFields): the same
 * names in kebab case (`--stl-programme` is `stlProgramme`) and the same rules. INVALID_OPTIONS
 * names the option and its rule; undefined when none is given. The validator (zod, with the
 * contract) loads only when an `--stl-…` option is given.
 */
export async function stlOptions(
  options: TranscribeCommandOptions,
): Promise<StlInformation | undefined> {
  const stlGiven = Object.entries(options).some(
    ([name, value]) => name.startsWith("stl") && value !== undefined,
  );
  if (!stlGiven) return undefined;
  const { STL_GSI_NAMES, StlGsiFields, stlInformation } = await import("@verbatim/contract");
  const given = Object.fromEntries(
    STL_GSI_NAMES.flatMap((name) => (options[name] === undefined ? [] : [[name, options[name]]])),
  );
  if (Object.keys(given).length === 0) return undefined;
  const checked = StlGsiFields.safeParse(given);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const name = String(issue.path[0] ?? "");
    const flag = `--${name.replace(/[A-Z]/gu, (letter) => `-${letter.toLowerCase()}`)}`;
    throw new EngineError(
      "INVALID_OPTIONS",
      `${flag}: ${issue.message} (got "${String(given[name])}").`,
    );
  }
  return stlInformation(checked.data);
}

export interface RunSettings {
  options: TranscribeCommandOptions;
  task: "transcribe" | "translate";
  style: (typeof STYLE_NAMES)[number];
  controller: AbortController;
  /** What the progress bar calls this file, in a batch. */
  label: string;
  chinese?: "hk" | "tw" | "cn";
  maxChars?: number;
  threads?: number;
  beamSize?: number;
  prompt?: string;
  temperature?: number;
  diarize?: DiarizeOptions;
}

/** Transcribes one file, with a progress bar on standard error when it is a terminal. */
export async function transcribeOne(input: string, settings: RunSettings) {
  const { options, controller } = settings;
  const bar = new ProgressBar();
  const prefix = settings.label ? `${settings.label}  ` : "";
  const modelsDir = options.modelsDir ?? defaultModelsDir();
  try {
    let chosen: ChosenModel | null = null;
    // Probed once: the detection (when the choice needs one) and the transcription share it.
    const probed = await probeWithIdentity(input, controller.signal);
    if (isTranscriptionMode(options.model)) {
      bar.update(0, `${prefix}choosing the model`);
      chosen = await chooseModel(options.model, {
        input,
        probed,
        modelsDir,
        language: options.language,
        task: settings.task,
        vad: options.vad,
        signal: controller.signal,
        ...(settings.threads ? { threads: settings.threads } : {}),
      });
      if (process.stderr.isTTY) {
        const found = chosen.detected ? `, ${chosen.detected} detected` : "";
        process.stderr.write(`verbatim: ${prefix}${options.model}: ${chosen.model}${found}\n`);
      }
    }
    return await transcribeFile(
      {
        input,
        model: chosen?.model ?? options.model,
        modelsDir,
        language: chosen?.language ?? options.language,
        task: settings.task,
        vad: options.vad,
        wordTimestamps: options.wordTimestamps,
        ...(settings.chinese ? { chineseScript: settings.chinese as ChineseScript } : {}),
        cues: {
          style: settings.style,
          ...(settings.maxChars ? { maxCharsPerLine: settings.maxChars } : {}),
        },
        ...(settings.threads ? { threads: settings.threads } : {}),
        ...(settings.beamSize ? { beamSize: settings.beamSize } : {}),
        ...(settings.prompt !== undefined ? { prompt: settings.prompt } : {}),
        ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
        temperatureFallback: options.fallback,
        ...(settings.diarize ? { diarize: settings.diarize } : {}),
        // One user's files in one command: no engine process to isolate them from.
        enginePlacement: "in-process",
        probed,
      },
      {
        signal: controller.signal,
        onProgress: (p) => {
          const eta = p.etaMs === null ? "" : `, ${formatClock(p.etaMs)} left`;
          const label =
            p.stage === "loading"
              ? "loading model"
              : p.stage === "diarizing"
                ? `finding speakers${eta}`
                : `${formatClock(p.processedMs)} / ${formatClock(p.durationMs)}${eta}`;
          bar.update(p.fraction, `${prefix}${label}`);
        },
      },
    );
  } finally {
    bar.done();
  }
}

/** `-f srt,vtt` → ["srt", "vtt"], each known, each once. */
function formatsOf(value: string): OutputFormat[] {
  const formats = value
    .split(",")
    .map((format) => format.trim().toLowerCase())
    .filter(Boolean)
    .map((format) => oneOf(format, OUTPUT_FORMATS, "--format"));
  if (formats.length === 0) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--format needs one of: ${OUTPUT_FORMATS.join(", ")}.`,
    );
  }
  return [...new Set(formats)];
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new EngineError(
    "INVALID_OPTIONS",
    `${flag} must be one of: ${allowed.join(", ")} (got "${value}").`,
  );
}

export function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `${flag} must be a whole number of at least 1 (got "${value}").`,
    );
  }
  return number;
}

export function beamSize(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < MIN_BEAM || number > MAX_BEAM) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--beam-size must be a whole number from ${MIN_BEAM} to ${MAX_BEAM}; 1 is greedy (got "${value}").`,
    );
  }
  return number;
}

function temperature(value: string): number {
  const number = value.trim() === "" ? NaN : Number(value);
  if (!(number >= 0 && number <= 1)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--temperature must be a number from 0 to 1 (got "${value}").`,
    );
  }
  return number;
}
