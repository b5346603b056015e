import type { EngineErrorCode } from "../errors.js";

/** Exit codes of the CLI (listed in `verbatim --help`). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  badMedia: 3,
  badModel: 4,
  output: 5,
  /** Interrupted with Ctrl+C (SIGINT), as shells report it: 128 + 2. */
  interrupted: 130,
} as const;

/** What each exit code means, for `--help`. */
export const EXIT_CODES_HELP = `Exit codes:
  0  done
  1  the transcription or the render failed (engine, decoder or ffmpeg error)
  2  usage error (unknown option, bad value)
  3  an input is missing, unreadable, empty or not usable audio/video, or a subtitle
     file that cannot be read
  4  the model is missing, damaged or could not be downloaded
  5  the output cannot be written (missing folder, no permission)
  130  interrupted (Ctrl+C)
In a batch, the other files are still transcribed; the code is the first failure's.`;

/** The exit code for an engine error. */
export function exitCodeFor(code: EngineErrorCode): number {
  if (code.startsWith("INPUT_")) return EXIT.badMedia;
  if (code.startsWith("MODEL_") || code === "DIARIZATION_MODEL_MISSING") return EXIT.badModel;
  if (code === "NO_SPEECH") return EXIT.badMedia;
  if (code === "INVALID_OPTIONS") return EXIT.usage;
  // The CLI cancels only on Ctrl+C.
  if (code === "CANCELLED") return EXIT.interrupted;
  return EXIT.failure;
}
