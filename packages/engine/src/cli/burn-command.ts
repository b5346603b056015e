import { constants } from "node:fs";
import { access, readFile, stat } from "node:fs/promises";
import { basename, dirname, extname, resolve } from "node:path";
import {
  CAPTION_CROPS,
  CAPTION_STYLE_NAMES,
  captionControlsProblem,
  captionStyle,
  isCaptionCrop,
  isCaptionStyleName,
  type CaptionControls,
} from "@verbatim/formats/captions";
import { readJson, TranscriptJsonError, type Cue, type Speaker } from "@verbatim/subtitles";
import {
  MAX_IMPORT_BYTES,
  readSubtitleFile,
  SubtitleImportError,
} from "@verbatim/subtitles/import";
import { burnCaptions } from "../burn/burn-captions.js";
import { EngineError } from "../errors.js";
import { OutputError } from "./output-error.js";
import { formatClock, ProgressBar } from "./progress-bar.js";
import { positiveInt } from "./transcribe-command.js";

/** Options of `verbatim burn`, as commander parses them. */
export interface BurnCommandOptions {
  style: string;
  output?: string;
  crop: string;
  position?: string;
  font?: string;
  fontSize?: string;
  colour?: string;
  highlightColour?: string;
  background?: string;
  maxLines?: string;
  speakerColours: boolean;
  language?: string;
  threads?: string;
}

/**
 * Runs `verbatim burn VIDEO SUBTITLES --style NAME -o OUT.mp4`: the subtitles (a transcript
 * JSON from `verbatim transcribe -f json`, which keeps word timings for `karaoke` and
 * `social-word`, or any file `retime` reads) burned into the video with the style.
 */
export async function burnCommand(
  video: string,
  subtitlesPath: string,
  options: BurnCommandOptions,
): Promise<void> {
  if (!isCaptionStyleName(options.style)) {
    throw usage(
      `--style must be one of: ${CAPTION_STYLE_NAMES.join(", ")} (got "${options.style}").`,
    );
  }
  if (!isCaptionCrop(options.crop)) {
    throw usage(`--crop must be one of: ${CAPTION_CROPS.join(", ")} (got "${options.crop}").`);
  }
  const controls = captionControls(options);
  const threads = positiveInt(options.threads, "--threads");
  const subtitles = await readSubtitles(subtitlesPath);
  const language = options.language ?? subtitles.language;
  const output = options.output ?? `${basename(video, extname(video))}.captioned.mp4`;
  await checkOutputFolder(output);

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  const bar = new ProgressBar();
  try {
    const result = await burnCaptions(
      {
        input: video,
        output,
        cues: subtitles.cues,
        language,
        speakers: subtitles.speakers,
        title: basename(video),
        style: captionStyle(options.style, controls, language),
        crop: options.crop,
        threads,
      },
      {
        signal: controller.signal,
        onProgress: (fraction) => bar.update(fraction, `rendering ${Math.round(fraction * 100)} %`),
      },
    );
    bar.done();
    if (process.stderr.isTTY) {
      process.stderr.write(
        `verbatim: wrote ${output} (${result.width}×${result.height}, ${formatClock(result.durationMs)})\n`,
      );
    }
  } finally {
    bar.done();
    process.off("SIGINT", onSignal);
  }
}

/** The style controls given on the command line, checked. */
function captionControls(options: BurnCommandOptions): CaptionControls {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const controls: CaptionControls = {
    position: options.position as CaptionControls["position"],
    font: options.font as CaptionControls["font"],
    sizePercent: number(options.fontSize),
    colour: options.colour,
    highlightColour: options.highlightColour,
    background: options.background as CaptionControls["background"],
    maxLines: number(options.maxLines),
    // commander's default for --no-speaker-colours is true: leave the preset's choice then.
    speakerColours: options.speakerColours ? undefined : false,
  };
  const problem = captionControlsProblem(controls);
  if (problem) throw usage(`${problem}.`);
  return controls;
}

/** A transcript JSON (with words and speakers) or a subtitle file, read into cues. */
async function readSubtitles(
  path: string,
): Promise<{ cues: Cue[]; speakers?: Speaker[]; language: string | null }> {
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
  const bytes = await readFile(path);
  if (extname(path).toLowerCase() === ".json") {
    try {
      const transcript = readJson(bytes.toString("utf8"));
      return {
        cues: transcript.cues,
        ...(transcript.speakers ? { speakers: transcript.speakers } : {}),
        language: transcript.language,
      };
    } catch (error) {
      if (error instanceof TranscriptJsonError) {
        throw new SubtitleImportError("SUBTITLE_FILE_INVALID", error.message, { cause: error });
      }
      throw error;
    }
  }
  const imported = await readSubtitleFile(bytes, { fileName: path });
  if (!imported.timed) {
    throw new SubtitleImportError(
      "SUBTITLE_FILE_INVALID",
      `${path} has no times: re-time it to the video first (verbatim retime).`,
    );
  }
  return {
    cues: imported.cues,
    ...(imported.speakers ? { speakers: imported.speakers } : {}),
    language: null,
  };
}

/** The output's folder must exist and be writable before minutes of rendering. */
async function checkOutputFolder(output: string): Promise<void> {
  const folder = dirname(resolve(output));
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw new OutputError(`Cannot write ${output}: ${folder} is not a writable folder.`);
  }
}

function usage(message: string): EngineError {
  return new EngineError("INVALID_OPTIONS", message);
}
