import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { EngineError } from "../errors.js";
import { safeInputOptions } from "./allowed-formats.js";
import { crashedTool, fileInput, ffmpegPath, ffprobePath, runTool } from "./ffmpeg-binaries.js";

/** What ffprobe tells us about a media file. */
export interface MediaInfo {
  /** Size of the file in bytes. */
  sizeBytes: number;
  /**
   * Duration in ms: the longer of what the container declares and what its audio packets span
   * (read without decoding). A header cannot make a file look shorter than its packets, so
   * this is what minutes are reserved for; the decoder still stops at the reservation.
   */
  durationMs: number;
  /** What the container's header declares, in ms (0 when it declares nothing). */
  declaredDurationMs: number;
  /** ffprobe's container name, e.g. "mp3" or "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  /** Codec of the audio stream that will be transcribed, e.g. "aac". */
  audioCodec: string;
  /** Sample rate and channels of that stream. */
  sampleRate: number;
  channels: number;
  /** Whether the file also carries a real video stream (not a cover picture). */
  hasVideo: boolean;
  /** The video's frames per second (its average rate), or null without video or a known rate. */
  videoFrameRate: number | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
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
  // The packets' span is read alongside (two short processes at once, not one after the other);
  // it only counts once ffprobe has said the file is audio.
  const packetSpan = packetSpanMs(path, signal);
  packetSpan.catch(() => undefined); // awaited below, or not needed when ffprobe refuses
  const run = await runTool(
    ffprobePath(),
    [
      ...["-v", "error", ...safeInputOptions()],
      ...["-print_format", "json", "-show_format", "-show_streams", fileInput(path)],
    ],
    signal,
  );
  if (run.signal && !signal?.aborted) throw crashedTool(ffprobePath(), run.signal);
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
  const video = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const hasVideo = video !== undefined;
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
  const declaredDurationMs = secondsToMs(audio.duration) || secondsToMs(output.format?.duration);
  const durationMs = Math.max(declaredDurationMs, await packetSpan);
  if (!(durationMs > 0)) {
    throw new EngineError("INPUT_ZERO_DURATION", "The media has no playable duration.");
  }
  return {
    sizeBytes,
    durationMs,
    declaredDurationMs,
    container,
    audioCodec: audio.codec_name ?? "unknown",
    sampleRate: Number(audio.sample_rate ?? 0),
    channels: audio.channels ?? 0,
    hasVideo,
    videoFrameRate: video ? (rational(video.avg_frame_rate) ?? rational(video.r_frame_rate)) : null,
  };
}

/**
 * How far the first audio stream's packets reach, in ms: ffmpeg copies them to nowhere without
 * decoding (disk speed: about 0.2 s for 25 MB), so a header that under-reports the length
 * (a FLAC STREAMINFO or MP3 Xing frame patched to "1 second") does not lower the reservation.
 * 0 when the packets carry no usable times.
 */
async function packetSpanMs(path: string, signal?: AbortSignal): Promise<number> {
  const run = await runTool(
    ffmpegPath(),
    [
      ...["-nostdin", "-hide_banner", "-v", "error", ...safeInputOptions(), "-i", fileInput(path)],
      ...["-map", "0:a:0", "-c", "copy", "-f", "null", "-", "-progress", "pipe:1", "-nostats"],
    ],
    signal,
  );
  if (run.signal && !signal?.aborted) throw crashedTool(ffmpegPath(), run.signal);
  const times = [...run.stdout.matchAll(/^out_time_us=(\d+)$/gm)];
  const last = times[times.length - 1]?.[1];
  return last ? Math.round(Number(last) / 1000) : 0;
}

async function fileSize(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw isPermissionDenied(error)
      ? unreadable(path)
      : new EngineError("INPUT_NOT_FOUND", `No such file: ${path}`);
  }
  if (!info.isFile()) throw new EngineError("INPUT_NOT_FOUND", `Not a file: ${path}`);
  // Before ffprobe, which would call a file it may not open "not audio or video".
  try {
    await access(path, constants.R_OK);
  } catch (error) {
    if (isPermissionDenied(error)) throw unreadable(path);
    throw error;
  }
  if (info.size === 0) throw new EngineError("INPUT_EMPTY", "The file is empty (0 bytes).");
  return info.size;
}

function isPermissionDenied(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "EACCES" || code === "EPERM";
}

/** A file there that this user may not read: said as such, with the not-found code (exit 3). */
function unreadable(path: string): EngineError {
  return new EngineError("INPUT_NOT_FOUND", `Cannot read ${path}: permission denied.`);
}

function parseProbe(stdout: string): ProbeOutput | null {
  try {
    return JSON.parse(stdout) as ProbeOutput;
  } catch {
    return null;
  }
}

/** ffprobe's "30000/1001" as a number; null for "0/0" or nothing. */
function rational(text: string | undefined): number | null {
  const [top, bottom = "1"] = (text ?? "").split("/");
  const value = Number(top) / Number(bottom);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function secondsToMs(seconds: string | undefined): number {
  const value = Number(seconds);
  return Number.isFinite(value) ? Math.round(value * 1000) : 0;
}
