import { stat } from "node:fs/promises";
import { EngineError } from "../errors.js";
import { fileInput, ffprobePath, runTool } from "./ffmpeg-binaries.js";

/** What ffprobe tells us about a media file. */
export interface MediaInfo {
  /** Size of the file in bytes. */
  sizeBytes: number;
  /** Duration from the container, in ms. The decoder measures the real one (see decode). */
  durationMs: number;
  /** ffprobe's container name, e.g. "mp3" or "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  /** Codec of the audio stream that will be transcribed, e.g. "aac". */
  audioCodec: string;
  /** Sample rate and channels of that stream. */
  sampleRate: number;
  channels: number;
  /** Whether the file also carries a real video stream (not a cover picture). */
  hasVideo: boolean;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

// Containers ffprobe opens for still images and text; they are never audio or video.
const NON_MEDIA_CONTAINERS =
  /(^|,)(image2|png_pipe|jpeg_pipe|gif|tty|svg_pipe|webp_pipe|bmp_pipe|srt|ass|webvtt)(,|$)/;

/** Reads a file's container, audio stream and duration, rejecting what cannot be transcribed. */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<MediaInfo> {
  const sizeBytes = await fileSize(path);
  const run = await runTool(
    ffprobePath(),
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", fileInput(path)],
    signal,
  );
  const output = parseProbe(run.stdout);
  const container = output?.format?.format_name ?? "";
  if (run.code !== 0 || !output || NON_MEDIA_CONTAINERS.test(container)) {
    throw new EngineError(
      "INPUT_NOT_MEDIA",
      "The file is not audio or video that can be read (it may be corrupt or of another type).",
    );
  }
  const streams = output.streams ?? [];
  const audio = streams.find((s) => s.codec_type === "audio");
  const hasVideo = streams.some(
    (s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1,
  );
  if (!audio) {
    throw new EngineError(
      hasVideo ? "INPUT_NO_AUDIO" : "INPUT_NOT_MEDIA",
      hasVideo
        ? "The video has no audio track, so there is nothing to transcribe."
        : "The file holds no audio stream.",
    );
  }
  // The audio stream's own duration when the container gives one: a video may run longer
  // than its soundtrack, and only audio is transcribed (and paid for).
  const durationMs = secondsToMs(audio.duration) || secondsToMs(output.format?.duration);
  if (!(durationMs > 0)) {
    throw new EngineError("INPUT_ZERO_DURATION", "The media has no playable duration.");
  }
  return {
    sizeBytes,
    durationMs,
    container,
    audioCodec: audio.codec_name ?? "unknown",
    sampleRate: Number(audio.sample_rate ?? 0),
    channels: audio.channels ?? 0,
    hasVideo,
  };
}

async function fileSize(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new EngineError("INPUT_NOT_FOUND", `No such file: ${path}`);
  }
  if (!info.isFile()) throw new EngineError("INPUT_NOT_FOUND", `Not a file: ${path}`);
  if (info.size === 0) throw new EngineError("INPUT_EMPTY", "The file is empty (0 bytes).");
  return info.size;
}

function parseProbe(stdout: string): ProbeOutput | null {
  try {
    return JSON.parse(stdout) as ProbeOutput;
  } catch {
    return null;
  }
}

function secondsToMs(seconds: string | undefined): number {
  const value = Number(seconds);
  return Number.isFinite(value) ? Math.round(value * 1000) : 0;
}
