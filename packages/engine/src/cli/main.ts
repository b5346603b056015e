// The `verbatim` command's options, help and exit codes. Each command's module (and what it
// needs: the engine, the writers, the language model, the server client) loads when that command
// runs, not before: `--help` and `--version` load almost nothing, and `transcribe` does not pay
// for `translate` or `burn` (docs/cli.md, "Start-up"). What the options' help names comes from
// modules of constants alone.
import { Command, CommanderError } from "commander";
import {
  CAPTION_BACKGROUNDS,
  CAPTION_CROPS,
  CAPTION_FONTS,
  CAPTION_POSITIONS,
  CAPTION_STYLE_NAMES,
} from "@verbatim/contract/caption-styles";
import { DEFAULT_FRAME_RATE, FRAME_RATES } from "@verbatim/contract/export-formats";
import { INSIGHT_EXPORT_FORMATS } from "@verbatim/contract/insights";
import { STYLE_NAMES } from "@verbatim/subtitles/style-presets";
import { IMPORT_FORMATS } from "@verbatim/subtitles/import-formats";
import { isSubtitleImportError } from "@verbatim/subtitles/import-error";
import { isEngineError } from "../errors.js";
import { BatchFailure } from "./batch-failure.js";
import { EXIT, EXIT_CODES_HELP, exitCodeFor } from "./exit-codes.js";
import { FORMATS_HELP } from "./formats-help.js";
import { OUTPUT_FORMATS } from "./output-formats.js";
import { OutputError } from "./output-error.js";
import { collectRepeated } from "./repeatable-option.js";
import { WATCH_STATE_FILE } from "./watch-state-file.js";

/**
 * A command's action, its module imported when the command runs. (commander passes the
 * arguments, the options and the command: each action declares what it takes of them.)
 */
function loadedOnUse<Args extends unknown[]>(
  load: () => Promise<(...args: Args) => Promise<void>>,
): (...args: Args) => Promise<void> {
  return async (...args) => (await load())(...args);
}

const program = new Command("verbatim")
  .description(
    "Turn audio and video into timed subtitles and transcripts with a local Whisper model.",
  )
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, "verbatim: ")) })
  .addHelpText(
    "after",
    `\nRun it as \`npx verbatim\` (or \`verbatim\` once linked): \`npm run verbatim\` prints npm's own lines on standard output.\n\n${EXIT_CODES_HELP}`,
  );

/** The transcription options `transcribe` and `watch` share. */
function withTranscribeOptions(command: Command): Command {
  return command
    .option(
      "-m, --model <choice|name|path>",
      "fast, accurate or cantonese (the model is chosen for the language from those installed), a model name (see `verbatim models list`) or a model file",
      "fast",
    )
    .option("--models-dir <dir>", "where named models are kept (default: $MODELS_DIR or ./models)")
    .option(
      "-l, --language <code>",
      'spoken language: "auto" or a code such as en, zh, yue (Cantonese), de',
      "auto",
    )
    .option("--task <task>", "transcribe, or translate to English", "transcribe")
    .option(
      "-f, --format <formats>",
      `one or several with commas (srt,vtt,txt): ${OUTPUT_FORMATS.join(", ")} (see Formats below)`,
      "srt",
    )
    .option(
      "--fps <rate>",
      `timecode frame rate: ${FRAME_RATES.join(", ")} (29.97 is drop-frame); default: the video's, else ${DEFAULT_FRAME_RATE}`,
    )
    .option("--karaoke", "ass: time each word with karaoke \\k tags")
    .option("--timecodes", "docx, pdf: an SMPTE timecode per paragraph instead of hh:mm:ss")
    .option("--timestamps", "txt: [hh:mm:ss] at the start of each paragraph (MAXQDA, NVivo)")
    .option("--no-speaker-names", "leave speaker labels out of every format but json")
    .option(
      "--stl-programme <title>",
      "stl: original programme title (GSI OPT; default: the file's name)",
    )
    .option("--stl-episode <title>", "stl: original episode title (GSI OET)")
    .option("--stl-publisher <name>", "stl: publisher (GSI PUB)")
    .option("--stl-editor <name>", "stl: editor's name (GSI EN)")
    .option("--stl-contact <text>", "stl: editor's contact details (GSI ECD)")
    .option(
      "--stl-country <code>",
      "stl: country of origin, ISO 3166-1 alpha-3 such as HKG (GSI CO)",
    )
    .option("--stl-revision <n>", "stl: revision number, 0 to 99 (GSI RN)")
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
    .option(
      "--speakers <count>",
      "label who speaks: off, auto, a number (2) or a range (2-4), up to 10; needs the diarization models (see `verbatim models list`)",
    )
    .option(
      "--voice <name=clip>",
      "name a speaker whose voice matches this clip (repeatable; implies --speakers auto)",
      collectRepeated,
    );
}

withTranscribeOptions(
  program
    .command("transcribe")
    .description(
      "transcribe audio or video files (any format ffmpeg reads): several at once, folders, glob patterns, or - for standard input",
    )
    .argument(
      "<inputs...>",
      'files, folders (their audio and video files), quoted glob patterns ("talks/*.mp4"), or - (standard input)',
    ),
)
  .option(
    "-o, --output <file>",
    'output file, or "-" for standard output (the default for one input in one format)',
  )
  .option(
    "--translate-to <langs>",
    "also translate the subtitles with the language model (BCP-47, e.g. zh-HK; up to 3, separated by commas or the option repeated): bilingual output, each cue's translation under its original, one output per language (talk.zh-HK.srt, talk.en.srt with several; see `verbatim translate`)",
    collectRepeated,
  )
  .option(
    "-d, --output-dir <dir>",
    "write <input name>.<format> files into this folder, made if missing (default for several inputs or formats: the current folder)",
  )
  .addHelpText(
    "after",
    `
${FORMATS_HELP}

Standard output carries only the transcript; progress and messages go to standard error,
progress only when it is a terminal.

Examples:
  npx verbatim transcribe talk.mp4 > talk.srt
  npx verbatim transcribe talks/ -f srt,vtt,txt -d subtitles/
  npx verbatim transcribe "recordings/**/*.m4a" -f json -d out/
  npx verbatim transcribe interview.mp3 --speakers 2 --voice Ana=ana.wav -f srt,txt
  curl -s https://example.com/a.mp3 | npx verbatim transcribe - -f txt

${EXIT_CODES_HELP}`,
  )
  .action(loadedOnUse(async () => (await import("./transcribe-command.js")).transcribeCommand));

withTranscribeOptions(
  program
    .command("watch")
    .description(
      "transcribe the audio and video files that appear in a folder, once each has stopped growing; runs until Ctrl+C",
    )
    .argument("<dir>", "the folder to watch (its own files, not subfolders)"),
)
  .option(
    "-d, --output-dir <dir>",
    "write the outputs into this folder, made if missing (default: beside each file)",
  )
  .option("--out <dir>", "the same as --output-dir (its older spelling)")
  .option(
    "--state <file>",
    `where to remember what is done (default: ${WATCH_STATE_FILE} in the output folder)`,
  )
  .option("--poll <seconds>", "how often to look at the folder", "2")
  .option("--settle <seconds>", "how long a file must stay unchanged before it is taken", "5")
  .option(
    "--once",
    "take the files there now (once they settle), then exit (with the first failure's code when a file failed)",
  )
  .option("--server <url>", "send files to this Verbatim server instead of transcribing here")
  .option("--api-key <key>", "the server's API key (or set $VERBATIM_API_KEY)")
  .addHelpText(
    "after",
    `
${FORMATS_HELP}

Examples:
  npx verbatim watch recordings/ -f srt,txt
  npx verbatim watch /mnt/shared/interviews -d /mnt/shared/transcripts --server https://verbatim.example.com --api-key vb_...
`,
  )
  .action(loadedOnUse(async () => (await import("./watch-command.js")).watchCommand));

program
  .command("live")
  .description(
    "stream a recording (or raw 16 kHz s16le mono PCM on stdin: -) to a Verbatim server's live captions in real time, printing the captions; stopping saves a transcription there",
  )
  .argument("<file>", "an audio or video file, or - for raw PCM on standard input")
  .option("--server <url>", "the Verbatim server")
  .option("--api-key <key>", "the server's API key (or set $VERBATIM_API_KEY)")
  .option("-l, --language <code>", "the spoken language (default: detect)")
  .option("-m, --model <name>", "the server's model name (default: its Fast choice)")
  .addHelpText(
    "after",
    `
Examples:
  npx verbatim live talk.mp3 --server https://verbatim.example.com --api-key vb_...
  ffmpeg -f pulse -i default -f s16le -ar 16000 -ac 1 - | npx verbatim live - --server https://verbatim.example.com
`,
  )
  .action(loadedOnUse(async () => (await import("./live-command.js")).liveCommand));

program
  .command("retime")
  .description(
    "re-time a subtitle or transcript file to the speech of its media: the text is kept exactly, the times come from the speech",
  )
  .argument("<media>", "the audio or video the subtitles belong to")
  .argument(
    "<subtitles>",
    `the subtitle or transcript file: ${IMPORT_FORMATS.join(", ")} (UTF-8, UTF-16 with a byte-order mark, Big5 or GB18030; at most 5 MB)`,
  )
  .option("-m, --model <name|path>", "model name (see `verbatim models list`) or GGML file", "base")
  .option("--models-dir <dir>", "where named models are kept (default: $MODELS_DIR or ./models)")
  .option("-l, --language <code>", 'spoken language: "auto" or a code such as en, zh, de', "auto")
  .option(
    "-f, --format <format>",
    `${OUTPUT_FORMATS.join(", ")} (default: vtt for a WebVTT file, else srt)`,
  )
  .option("-o, --output <file>", 'output file, or "-" for standard output (the default)')
  .option("--threads <n>", "decoder threads (default: all cores)")
  .option("--beam-size <n>", "beam search width from 1 to 8; 1 is greedy (default 5)")
  .option("--no-fallback", "never re-decode unreliable windows at higher temperatures")
  .addHelpText(
    "after",
    `
The script and the speech are aligned word by word (character by character for Chinese and
Japanese). Places where they disagree (words of the script not heard, speech not in the
script) are listed on standard error, so you can check those first.

Examples:
  npx verbatim retime talk.mp4 talk.srt -o talk.retimed.srt
  npx verbatim retime interview.m4a script.docx -f vtt > interview.vtt

${EXIT_CODES_HELP}`,
  )
  .action(loadedOnUse(async () => (await import("./retime-command.js")).retimeCommand));

program
  .command("burn")
  .description(
    "render a captioned copy of a video: the subtitles burned into the picture, styled (H.264 + AAC MP4, up to 1080p)",
  )
  .argument("<video>", "the video (or audio: drawn over a waveform) to caption")
  .argument(
    "<subtitles>",
    `a transcript JSON from \`verbatim transcribe -f json\` (word timings for karaoke and social-word) or a timed subtitle file: srt, vtt, ass, ttml, sbv`,
  )
  .option("--style <name>", `caption style: ${CAPTION_STYLE_NAMES.join(", ")}`, "standard")
  .option("-o, --output <file>", "the MP4 to write (default: <video name>.captioned.mp4)")
  .option(
    "--crop <shape>",
    `${CAPTION_CROPS.join(", ")}: a centred cut, captions in its safe area`,
    "source",
  )
  .option("--position <where>", `${CAPTION_POSITIONS.join(", ")} (default: the style's)`)
  .option("--font <family>", `${CAPTION_FONTS.join(", ")} (default: by language)`)
  .option("--font-size <percent>", "text size in % of the picture's short side, 2 to 12")
  .option("--colour <hex>", "text colour, e.g. FFFFFF")
  .option("--highlight-colour <hex>", "karaoke: the spoken word's colour, e.g. FFD400")
  .option("--background <kind>", `${CAPTION_BACKGROUNDS.join(" or ")} (default: the style's)`)
  .option("--max-lines <n>", "lines on screen at once, 1 to 3 (longer cues are shown in parts)")
  .option("--no-speaker-colours", "one colour for every speaker")
  .option("-l, --language <code>", "the subtitles' language (default: the JSON's): picks the font")
  .option("--threads <n>", "ffmpeg threads (default 2)")
  .addHelpText(
    "after",
    `
Examples:
  npx verbatim transcribe talk.mp4 -f json -o talk.json
  npx verbatim burn talk.mp4 talk.json --style karaoke -o talk.captioned.mp4
  npx verbatim burn talk.mp4 talk.srt --style social-word --crop 9:16 -o talk.vertical.mp4

${EXIT_CODES_HELP}`,
  )
  .action(loadedOnUse(async () => (await import("./burn-command.js")).burnCommand));

program
  .command("translate")
  .description(
    "translate a subtitle file with a language model: timings kept, every cue within the reading limits of its style (condensed, or flagged when it still does not fit)",
  )
  .argument(
    "<subtitles>",
    `the subtitle or transcript file: ${IMPORT_FORMATS.join(", ")} (at most 5 MB)`,
  )
  .requiredOption(
    "-t, --to <lang>",
    "the target language, a BCP-47 code: zh-HK, zh-TW, zh-CN, yue, en, ja, ko, fr…",
  )
  .option(
    "-f, --format <format>",
    `${OUTPUT_FORMATS.join(", ")} (default: vtt for a WebVTT file, else srt)`,
  )
  .option("-o, --output <file>", 'output file, or "-" for standard output (the default)')
  .option(
    "--model <name|file|url>",
    "the language model: an OpenAI-compatible endpoint's URL (its model named by LLM_MODEL), or a local model's name or GGUF file (default: the LLM_* settings)",
  )
  .option("--from <lang>", "the subtitles' language, when you know it")
  .option("--style <name>", "the reading limits to fit: standard or netflix", "standard")
  .option("--spoken", "zh-HK: Cantonese as spoken (口語) rather than written Chinese (書面語)")
  .addHelpText(
    "after",
    `
Sentences that run across cues are translated whole and placed back on their cues; Chinese
targets are written in their own script (zh-HK and zh-TW: Traditional, through OpenCC). Cues
still over their limits are listed on standard error to check; none is cut.

Examples:
  LLM_BASE_URL=http://localhost:11434/v1 LLM_MODEL=qwen3:1.7b npx verbatim translate talk.srt --to zh-HK -o talk.zh-HK.srt
  npx verbatim translate talk.vtt --to en --model http://localhost:8080/v1 > talk.en.vtt

${EXIT_CODES_HELP}`,
  )
  .action(loadedOnUse(async () => (await import("./translate-command.js")).translateCommand));

program
  .command("summarize")
  .description(
    "a transcription's summary, chapters, key points and action items from a Verbatim server, each statement with the times it comes from (generated there when it has none)",
  )
  .argument("<transcript>", "the transcription's id on the server (as History and the API name it)")
  .option("--server <url>", "the Verbatim server")
  .option("--api-key <key>", "the server's API key (or set $VERBATIM_API_KEY)")
  .option("--chapters", "the chapters alone: a YouTube list (00:00 Title) unless -f says otherwise")
  .option(
    "-f, --format <format>",
    `${INSIGHT_EXPORT_FORMATS.join(", ")} (default md; with --chapters: youtube, vtt, fcpxml, edl or avid)`,
  )
  .option("-o, --output <file>", 'output file, or "-" for standard output (the default)')
  .option("-l, --language <code>", "write them in this language (default: the transcript's)")
  .option("--regenerate", "generate them again even when the server has them")
  .option("--poll <seconds>", "how often to read the job's progress", "1")
  .addHelpText(
    "after",
    `
Generating costs one second of minutes for every 20 seconds of the recording, charged when
delivered; Ctrl+C cancels the job and gives them back. Insights the server already has are
downloaded without a charge.

Examples:
  npx verbatim summarize 3f2c… --server https://verbatim.example.com --api-key vb_... > talk.md
  npx verbatim summarize 3f2c… --chapters --server https://verbatim.example.com -o chapters.txt
  npx verbatim summarize 3f2c… -f docx -o talk-summary.docx --server https://verbatim.example.com

${EXIT_CODES_HELP}`,
  )
  .action(loadedOnUse(async () => (await import("./summarize-command.js")).summarizeCommand));

program
  .command("ask")
  .description(
    "ask a question about a transcription on a Verbatim server: answered from the transcript only, each citation the time it comes from",
  )
  .argument("<transcript>", "the transcription's id (several, comma-separated, to ask across them)")
  .argument("<question>", "the question, quoted")
  .option("--server <url>", "the Verbatim server")
  .option("--api-key <key>", "the server's API key (or set $VERBATIM_API_KEY)")
  .option("--json", "print the checked answer as JSON (its parts and citations)")
  .option("-l, --language <code>", "answer in this language (default: the question's)")
  .addHelpText(
    "after",
    `
The answer is written as it comes on standard error (on a terminal), then printed on standard
output with each citation as [m:ss]; a citation that did not hold is [no source found]. Questions
are free and kept with the transcription.

Examples:
  npx verbatim ask 3f2c… "What did they decide about the budget?" --server https://verbatim.example.com --api-key vb_...
  npx verbatim ask 3f2c…,9a1b… "Who mentioned the launch date?" --server https://verbatim.example.com

${EXIT_CODES_HELP}`,
  )
  .action(loadedOnUse(async () => (await import("./ask-command.js")).askCommand));

program
  .command("models")
  .description("list, download and verify speech models")
  .argument("<action>", "list | download | verify")
  .argument("[names...]", "model names (e.g. base small)")
  .option("--models-dir <dir>", "where models are kept (default: $MODELS_DIR or ./models)")
  .action(loadedOnUse(async () => (await import("./models-command.js")).modelsCommand));

/** `verbatim --version`: printed once commander has stopped at the flag. */
class VersionRequested extends Error {}

program.option(
  "-V, --version",
  "print the versions of Verbatim and whisper.cpp, the backend and the model families",
);
program.on("option:version", () => {
  throw new VersionRequested();
});

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof VersionRequested) await printVersion();
  else process.exitCode = exitCodeOf(error);
}

/**
 * The versions, from the addon loaded here: the CLI runs its jobs in its own process too
 * ("in-process" placement), so it needs no engine process of its own to ask (the server does).
 */
async function printVersion(): Promise<void> {
  try {
    const [{ describeEngine, formatEngineInfo }, { nativeAddon, nativeBuildInfo }] =
      await Promise.all([import("../engine-info.js"), import("../whisper/native-binding.js")]);
    const info = describeEngine(nativeAddon().systemInfo(), nativeBuildInfo());
    process.stdout.write(`${formatEngineInfo(info)}\n`);
  } catch (error) {
    process.exitCode = exitCodeOf(error);
  }
}

function exitCodeOf(error: unknown): number {
  if (error instanceof BatchFailure) return codeOf(error.first); // each failure already told
  if (error instanceof OutputError) {
    process.stderr.write(`verbatim: ${error.message}\n`);
    return EXIT.output;
  }
  if (error instanceof CommanderError) {
    // Help and version exit 0; every other commander error is a usage error.
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`verbatim: ${message}\n`);
  return codeOf(error);
}

/** The exit code an error stands for. */
function codeOf(error: unknown): number {
  if (error instanceof OutputError) return EXIT.output;
  if (isEngineError(error)) return exitCodeFor(error.code);
  if (isSubtitleImportError(error)) return EXIT.badMedia;
  return EXIT.failure;
}
