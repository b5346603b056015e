import { Command, CommanderError } from "commander";
import { formatEngineInfo } from "../engine-info.js";
import { isEngineError } from "../errors.js";
import { engineInfo } from "../pipeline/engine-runner.js";
import { EXIT, exitCodeFor } from "./exit-codes.js";
import { modelsCommand } from "./models-command.js";
import { transcribeCommand } from "./transcribe-command.js";
import { STYLE_NAMES } from "@verbatim/subtitles";

const program = new Command("verbatim")
  .description(
    "Turn audio and video into timed subtitles and transcripts with a local Whisper model.",
  )
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, "verbatim: ")) });

program
  .command("transcribe")
  .description("transcribe a media file (any format ffmpeg reads)")
  .argument("<input>", "audio or video file")
  .option("-m, --model <name|path>", "model name (see `verbatim models list`) or GGML file", "base")
  .option("--models-dir <dir>", "where named models are kept (default: $MODELS_DIR or ./models)")
  .option("-l, --language <code>", 'spoken language: "auto" or a code such as en, zh, de', "auto")
  .option("--task <task>", "transcribe, or translate to English", "transcribe")
  .option("-f, --format <format>", "srt, vtt, txt or json", "srt")
  .option("-o, --output <file>", 'output file, or "-" for standard output', "-")
  .option("--chinese <script>", "Chinese output script: hk, tw or cn")
  .option("--max-chars <n>", "maximum characters per subtitle line (default 42; 16 for CJK)")
  .option(
    "--style <preset>",
    `subtitle style preset: ${STYLE_NAMES.join(" or ")} (line length, reading speed, 1–7 s)`,
    "standard",
  )
  .option("--threads <n>", "decoder threads (default: all cores)")
  .option("--beam-size <n>", "beam search width from 1 to 8; 1 is greedy (default 5)")
  .option("--prompt <text>", "initial prompt: names and vocabulary the speech uses")
  .option("--temperature <t>", "starting decoder temperature from 0 to 1 (default 0)")
  .option("--no-fallback", "never re-decode unreliable windows at higher temperatures")
  .option("--no-vad", "transcribe silence too (no voice activity detection)")
  .option("--no-word-timestamps", "skip word timings (cues split proportionally)")
  .action(transcribeCommand);

program
  .command("models")
  .description("list, download and verify speech models")
  .argument("<action>", "list | download | verify")
  .argument("[names...]", "model names (e.g. base small)")
  .option("--models-dir <dir>", "where models are kept (default: $MODELS_DIR or ./models)")
  .action(modelsCommand);

/** `verbatim --version`: printed once commander has stopped at the flag. */
class VersionRequested extends Error {}

program.option("-V, --version", "print the versions of Verbatim and whisper.cpp, and the backend");
program.on("option:version", () => {
  throw new VersionRequested();
});

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof VersionRequested) await printVersion();
  else process.exitCode = exitCodeOf(error);
}

async function printVersion(): Promise<void> {
  try {
    process.stdout.write(`${formatEngineInfo(await engineInfo())}\n`);
  } catch (error) {
    process.exitCode = exitCodeOf(error);
  }
}

function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) {
    // Help and version exit 0; every other commander error is a usage error.
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (isEngineError(error)) {
    process.stderr.write(`verbatim: ${error.message}\n`);
    return exitCodeFor(error.code);
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`verbatim: ${message}\n`);
  return EXIT.failure;
}
