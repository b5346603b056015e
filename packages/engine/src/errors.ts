/** Stable error codes the engine raises; callers map them to exit codes and HTTP statuses. */
export const ENGINE_ERROR_CODES = [
  /** The input path does not exist or cannot be read. */
  "INPUT_NOT_FOUND",
  /** The input file has no bytes. */
  "INPUT_EMPTY",
  /** ffprobe cannot read the file as audio or video (text renamed .mp3, corrupt header). */
  "INPUT_NOT_MEDIA",
  /** The file is real media but has no audio stream (e.g. a silent screen recording). */
  "INPUT_NO_AUDIO",
  /** The media reports no playable duration. */
  "INPUT_ZERO_DURATION",
  /** Decoding failed part-way, or produced far less audio than the header promised. */
  "INPUT_CORRUPT",
  /** The file holds more audio than its header declared (and than was reserved for it). */
  "INPUT_LONGER_THAN_DECLARED",
  /** ffmpeg or ffprobe is not installed. */
  "FFMPEG_MISSING",
  /** ffmpeg or ffprobe was killed or crashed: our failure, not the file's. */
  "DECODER_FAILED",
  /** No model of that name is installed and no such file exists. */
  "MODEL_NOT_FOUND",
  /** The model file is not a valid whisper.cpp GGML model (wrong magic, truncated, bad checksum). */
  "MODEL_INVALID",
  /** A model download failed (offline, HTTP error, checksum mismatch). */
  "MODEL_DOWNLOAD_FAILED",
  /** The speech engine process died or reported an internal failure. */
  "ENGINE_FAILED",
  /** The transcription was cancelled by the caller. */
  "CANCELLED",
  /** Options are invalid (unknown language, bad limits). */
  "INVALID_OPTIONS",
  /** Speaker diarization was asked for but its models are not installed. */
  "DIARIZATION_MODEL_MISSING",
  /** A voice clip holds no speech to take a voice from. */
  "NO_SPEECH",
  /** ffmpeg failed while burning captions into a video. */
  "RENDER_FAILED",
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** An expected failure with a stable code and a one-line message fit to show a user. */
export class EngineError extends Error {
  override readonly name = "EngineError";

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, number | string> },
  ) {
    super(message, options);
    if (options?.details) this.details = options.details;
  }

  /** Facts behind the message (e.g. the measured length), for callers that show them. */
  readonly details?: Record<string, number | string>;
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
