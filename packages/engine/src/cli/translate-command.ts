import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { writeExport } from "@verbatim/formats";
import {
  languageModelFromSettings,
  languageModelSettingsFromEnv,
  taskWithData,
  type LanguageModelSettings,
} from "@verbatim/llm";
import { formatTimecode, isStyleName, type Cue, type StyleName } from "@verbatim/subtitles";
import {
  MAX_IMPORT_BYTES,
  readSubtitleFile,
  SubtitleImportError,
} from "@verbatim/subtitles/import";
import { translateCues, type TranslatedCue } from "@verbatim/subtitles/translation";
import { EngineError } from "../errors.js";
import { planOutputs, writeOutput } from "./cli-outputs.js";
import { ProgressBar } from "./progress-bar.js";
import { retimeOutputFormat } from "./retime-format.js";
import { targetLanguage } from "./translate-targets.js";

/** Options of `verbatim translate`, as commander parses them. */
export interface TranslateCommandOptions {
  to: string;
  format?: string;
  output?: string;
  model?: string;
  from?: string;
  style: string;
  spoken?: boolean;
}

/** Flagged cues listed on standard error before "and N more". */
const LISTED_FLAGS = 20;

/**
 * Runs `verbatim translate SUBTITLES --to LANG`: the subtitle file's cues translated by the
 * language model (docs/translation.md) — its timings kept, each cue within the reading limits
 * of the style for the target (condensed when over, flagged when it still does not fit) — and
 * written in the format asked for (as `retime`: SRT, or WebVTT for a WebVTT file). `--model`
 * names the model: an OpenAI-compatible endpoint's URL (its model then from LLM_MODEL), or a
 * local model's name or GGUF file; otherwise the LLM_* settings as the server reads them.
 */
export async function translateCommand(
  subtitlesPath: string,
  options: TranslateCommandOptions,
): Promise<void> {
  const target = targetLanguage(options.to);
  if (!isStyleName(options.style)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--style must be standard or netflix (got "${options.style}").`,
    );
  }
  const format = retimeOutputFormat(options.format, subtitlesPath);
  const output = (
    await planOutputs({
      ...(options.output !== undefined ? { output: options.output } : {}),
      inputs: 1,
      formats: 1,
    })
  )("", format);
  const imported = await readSubtitleFile(await subtitleBytes(subtitlesPath), {
    fileName: subtitlesPath,
  });
  const translated = await translateSubtitles(imported.cues, {
    to: target,
    from: options.from ?? null,
    style: options.style,
    model: options.model,
    spoken: options.spoken === true,
  });
  const cues: Cue[] = imported.cues.map((cue, i) => ({
    index: cue.index,
    start: cue.start,
    end: cue.end,
    text: translated[i]?.text ?? "",
  }));
  const file = await writeExport(format, {
    transcript: {
      language: target,
      duration: Math.max(0, ...cues.map((cue) => cue.end)),
      cues: cues.filter((cue) => cue.text !== ""),
    },
    title: basename(subtitlesPath),
    createdAt: new Date(),
    style: options.style,
  });
  await writeOutput(file.body, output);
  if (output !== "-" && process.stderr.isTTY) process.stderr.write(`verbatim: wrote ${output}\n`);
}

/**
 * Translates cues with the language model of `model` (or the LLM_* settings), showing progress
 * on standard error and listing the cues to check; Ctrl+C (or `signal`) stops it.
 */
export async function translateSubtitles(
  cues: readonly Cue[],
  options: {
    to: string;
    from: string | null;
    style: StyleName;
    model?: string | undefined;
    spoken?: boolean;
    signal?: AbortSignal;
  },
): Promise<TranslatedCue[]> {
  const model = languageModelFromSettings(modelSettings(options.model));
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  options.signal?.addEventListener("abort", onSignal);
  const bar = new ProgressBar();
  try {
    const translated = await translateCues(cues, {
      model,
      accountId: "cli",
      sourceLanguage: options.from,
      targetLanguage: options.to,
      register: options.spoken ? "spoken" : undefined,
      style: options.style,
      signal: controller.signal,
      messages: taskWithData,
      onBatch: (done, total) => {
        bar.update(done.size / Math.max(1, total), `translating: ${done.size} / ${total} cues`);
        return Promise.resolve();
      },
    });
    bar.done();
    reportFlags(cues, translated);
    return translated;
  } finally {
    bar.done();
    process.off("SIGINT", onSignal);
    options.signal?.removeEventListener("abort", onSignal);
    await model.close();
  }
}

/** The LLM_* settings, with `--model` on top: a URL is an endpoint, anything else a local model. */
function modelSettings(model: string | undefined): LanguageModelSettings {
  const settings = languageModelSettingsFromEnv(process.env);
  if (model === undefined) return settings;
  if (/^https?:\/\//i.test(model)) return { ...settings, baseUrl: model };
  return { ...settings, baseUrl: undefined, model };
}

/** Lists cues still over their reading limits, or missing a glossary term, on standard error. */
function reportFlags(cues: readonly Cue[], translated: readonly TranslatedCue[]): void {
  const flagged = translated.flatMap((cue, i) =>
    cue.flags.length > 0 ? [{ cue: cues[i]!, flags: cue.flags }] : [],
  );
  if (flagged.length === 0) return;
  process.stderr.write(
    `verbatim: ${flagged.length} cue${flagged.length === 1 ? "" : "s"} to check (kept whole, never cut):\n`,
  );
  for (const { cue, flags } of flagged.slice(0, LISTED_FLAGS)) {
    const why = flags.map((flag) =>
      flag === "OVER_BUDGET" ? "over the reading limits" : "a glossary term missing",
    );
    process.stderr.write(`  ${formatTimecode(cue.start)}  #${cue.index}: ${why.join(", ")}\n`);
  }
  if (flagged.length > LISTED_FLAGS) {
    process.stderr.write(`  … and ${flagged.length - LISTED_FLAGS} more\n`);
  }
}

/** The subtitle file's bytes; too large a file is refused before it is read. */
async function subtitleBytes(path: string): Promise<Uint8Array> {
  const info = await stat(path).catch((error: unknown) => {
    throw new EngineError("INPUT_NOT_FOUND", `Cannot read ${path}: no such file.`, {
      cause: error,
    });
  });
  if (!info.isFile()) throw new EngineError("INPUT_NOT_FOUND", `${path} is not a file.`);
  if (info.size > MAX_IMPORT_BYTES) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_TOO_LARGE",
      `${path} is larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB.`,
    );
  }
  return readFile(path);
}
