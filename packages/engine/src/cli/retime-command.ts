import { readFile, stat } from "node:fs/promises";
import { DEFAULT_STYLE, formatTimecode } from "@verbatim/subtitles";
import {
  MAX_IMPORT_BYTES,
  readSubtitleFile,
  SubtitleImportError,
} from "@verbatim/subtitles/import";
import { EngineError } from "../errors.js";
import { retimeFile } from "../retime-file.js";
import { defaultModelsDir } from "../transcribe-file.js";
import { planOutputs, writeOutput } from "./cli-outputs.js";
import { formatClock, ProgressBar } from "./progress-bar.js";
import { renderTranscription } from "./render-output.js";
import { retimeOutputFormat } from "./retime-format.js";
import { beamSize, positiveInt } from "./transcribe-command.js";

/** Options of `verbatim retime`, as commander parses them. */
export interface RetimeCommandOptions {
  model: string;
  modelsDir?: string;
  language: string;
  format?: string;
  output?: string;
  threads?: string;
  beamSize?: string;
  fallback: boolean;
}

/** Mismatches listed on standard error before "and N more". */
const LISTED_MISMATCHES = 20;

/**
 * Runs `verbatim retime MEDIA SUBTITLES`: the subtitle or transcript file (SRT, VTT, ASS,
 * TTML, SBV, TXT, DOCX) is re-timed to the media's speech, its text kept exactly, and written
 * in the format asked for (retimeOutputFormat: by default SRT, or WebVTT for a WebVTT file).
 * Where script and speech disagree is listed on standard error.
 */
export async function retimeCommand(
  media: string,
  subtitlesPath: string,
  options: RetimeCommandOptions,
): Promise<void> {
  const threads = positiveInt(options.threads, "--threads");
  const beam = options.beamSize !== undefined ? beamSize(options.beamSize) : undefined;
  const format = retimeOutputFormat(options.format, subtitlesPath);
  const target = (
    await planOutputs({
      ...(options.output !== undefined ? { output: options.output } : {}),
      inputs: 1,
      formats: 1,
    })
  )("", format);
  const imported = await readSubtitleFile(await subtitleBytes(subtitlesPath), {
    fileName: subtitlesPath,
  });

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  const bar = new ProgressBar();
  let result;
  try {
    result = await retimeFile(
      {
        input: media,
        model: options.model,
        modelsDir: options.modelsDir ?? defaultModelsDir(),
        language: options.language,
        ...(threads ? { threads } : {}),
        ...(beam ? { beamSize: beam } : {}),
        temperatureFallback: options.fallback,
        enginePlacement: "in-process",
      },
      imported,
      {
        signal: controller.signal,
        onProgress: (p) =>
          bar.update(
            p.fraction,
            p.stage === "loading"
              ? "loading model"
              : `${formatClock(p.processedMs)} / ${formatClock(p.durationMs)}`,
          ),
      },
    );
  } finally {
    bar.done();
    process.off("SIGINT", onSignal);
  }
  for (const warning of result.transcription.warnings) {
    process.stderr.write(`verbatim: warning: ${warning}\n`);
  }
  const { mismatches } = result;
  if (mismatches.length > 0) {
    process.stderr.write(
      `verbatim: ${mismatches.length} place${mismatches.length === 1 ? "" : "s"} where the script and the speech disagree (check these first):\n`,
    );
    for (const mismatch of mismatches.slice(0, LISTED_MISMATCHES)) {
      const at = formatTimecode(mismatch.start);
      const what =
        mismatch.heard === ""
          ? `not heard: "${mismatch.script}"`
          : mismatch.script === ""
            ? `not in the script: "${mismatch.heard}"`
            : `script "${mismatch.script}", heard "${mismatch.heard}"`;
      process.stderr.write(`  ${at}  ${what}\n`);
    }
    if (mismatches.length > LISTED_MISMATCHES) {
      process.stderr.write(`  … and ${mismatches.length - LISTED_MISMATCHES} more\n`);
    }
  }
  const rendered = await renderTranscription(
    {
      cues: result.cues,
      language: result.transcription.language,
      durationMs: result.transcription.durationMs,
      speakers: result.speakers,
      media: result.transcription.media,
    },
    format,
    { inputName: media, style: DEFAULT_STYLE },
  );
  await writeOutput(rendered, target);
  if (target !== "-" && process.stderr.isTTY) process.stderr.write(`verbatim: wrote ${target}\n`);
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
