import { rename, rm, writeFile } from "node:fs/promises";
import { DEFAULT_STYLE, STYLE_NAMES } from "@verbatim/subtitles";
import { EngineError } from "../errors.js";
import type { ChineseScript } from "../text/chinese-script.js";
import { defaultModelsDir, MAX_BEAM, MIN_BEAM, transcribeFile } from "../transcribe-file.js";
import { formatClock, ProgressBar } from "./progress-bar.js";
import { OUTPUT_FORMATS, renderTranscription, type OutputFormat } from "./render-output.js";

/** Options of `verbatim transcribe`, as commander parses them. */
export interface TranscribeCommandOptions {
  model: string;
  modelsDir?: string;
  language: string;
  task: string;
  format: string;
  output: string;
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
}

/** Runs `verbatim transcribe`: media in, subtitles out. */
export async function transcribeCommand(
  input: string,
  options: TranscribeCommandOptions,
): Promise<void> {
  const format = oneOf(options.format, OUTPUT_FORMATS, "--format");
  const task = oneOf(options.task, ["transcribe", "translate"] as const, "--task");
  const chinese = options.chinese
    ? oneOf(options.chinese, ["hk", "tw", "cn"] as const, "--chinese")
    : undefined;
  const maxChars = positiveInt(options.maxChars, "--max-chars");
  const style = oneOf(options.style ?? DEFAULT_STYLE, STYLE_NAMES, "--style");
  const bar = new ProgressBar();
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  try {
    const result = await transcribeFile(
      {
        input,
        model: options.model,
        modelsDir: options.modelsDir ?? defaultModelsDir(),
        language: options.language,
        task,
        vad: options.vad,
        wordTimestamps: options.wordTimestamps,
        ...(chinese ? { chineseScript: chinese as ChineseScript } : {}),
        cues: { style, ...(maxChars ? { maxCharsPerLine: maxChars } : {}) },
        ...(options.threads ? { threads: positiveInt(options.threads, "--threads") } : {}),
        ...(options.beamSize ? { beamSize: beamSize(options.beamSize) } : {}),
        ...(options.prompt !== undefined ? { prompt: options.prompt } : {}),
        ...(options.temperature !== undefined
          ? { temperature: temperature(options.temperature) }
          : {}),
        temperatureFallback: options.fallback,
      },
      {
        signal: controller.signal,
        onProgress: (p) => {
          const eta = p.etaMs === null ? "" : `, ${formatClock(p.etaMs)} left`;
          const label =
            p.stage === "loading"
              ? "loading model"
              : `${formatClock(p.processedMs)} / ${formatClock(p.durationMs)}${eta}`;
          bar.update(p.fraction, label);
        },
      },
    );
    bar.done();
    for (const warning of result.warnings) process.stderr.write(`verbatim: warning: ${warning}\n`);
    await writeOutput(renderTranscription(result, format as OutputFormat), options.output);
  } finally {
    bar.done();
    process.off("SIGINT", onSignal);
  }
}

async function writeOutput(text: string, target: string): Promise<void> {
  if (target === "-") {
    process.stdout.write(text);
    return;
  }
  // Write then rename, so a failed run never leaves half a file behind.
  const temporary = `${target}.partial-${process.pid}`;
  try {
    await writeFile(temporary, text, "utf8");
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new EngineError(
    "INVALID_OPTIONS",
    `${flag} must be one of: ${allowed.join(", ")} (got "${value}").`,
  );
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
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

function beamSize(value: string): number {
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
