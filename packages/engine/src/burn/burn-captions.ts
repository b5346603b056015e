import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { setPriority, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import {
  captionEvents,
  captionFrame,
  writeCaptionAss,
  type CaptionCrop,
  type CaptionFrame,
  type CaptionStyle,
} from "@verbatim/formats/captions";
import { findCjkFont } from "@verbatim/formats";
import type { Cue, Speaker } from "@verbatim/subtitles";
import { EngineError } from "../errors.js";
import { safeInputOptions } from "../media/allowed-formats.js";
import { ffmpegPath, fileInput, toolError } from "../media/ffmpeg-binaries.js";
import { probeMedia } from "../media/probe.js";
import { probeVideoSize } from "./video-size.js";

/** What to burn into what. */
export interface BurnRequest {
  /** The video (or audio: drawn over a waveform) to caption; a local file. */
  input: string;
  /** Where the MP4 goes (overwritten). */
  output: string;
  cues: readonly Cue[];
  language: string | null;
  speakers?: readonly Speaker[] | undefined;
  /** The script's title (the media's name). */
  title: string;
  style: CaptionStyle;
  crop: CaptionCrop;
  /** ffmpeg's decoder, filter and encoder threads (default BURN_THREADS): a render must leave cores to transcriptions. */
  threads?: number | undefined;
  /**
   * ffmpeg's niceness (1 to 19; default 0: the caller's priority). The server runs renders below
   * the speech engine's, so on a shared machine a transcription's threads go first.
   */
  niceness?: number | undefined;
  /** Render only this much (ms) of the media; default all of it. */
  maxMs?: number | undefined;
}

/** A finished render. */
export interface BurnResult {
  width: number;
  height: number;
  durationMs: number;
  /** Whether the audio was copied as it was (AAC) or re-encoded to AAC. */
  audioCopied: boolean;
}

export interface BurnHooks {
  signal?: AbortSignal | undefined;
  /** 0..1, as ffmpeg reports its position. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** ffmpeg threads of one render by default: two cores, whatever the machine has. */
export const BURN_THREADS = 2;

/**
 * H.264 at constant quality 21 (visually clean for text on video), capped at 8 Mb/s for 1080p
 * (scaled by area below it) so a noisy source cannot make a huge file; `veryfast` keeps a
 * render near real time on two cores.
 */
const VIDEO_CRF = "21";
const MAX_BITRATE_1080P = 8_000_000;
/** Audio that is not AAC already is re-encoded at this rate (AAC is copied untouched). */
const AUDIO_BITRATE = "192k";
/** The waveform an audio-only transcription is drawn over. */
const WAVE_BACKGROUND = "0x0F172A";
const WAVE_COLOUR = "0x38BDF8";

/**
 * Renders a captioned copy: the cues drawn by libass (ffmpeg's `ass` filter) from the ASS
 * script of the style, on the source's picture (cropped and scaled to at most 1080p) or, for
 * audio, on a waveform picture; H.264 + AAC in MP4 with the index at the front. The same
 * input rules as decoding apply (local files, real media containers only). Cancelling stops
 * ffmpeg and removes the partial file (EngineError CANCELLED).
 */
export async function burnCaptions(
  request: BurnRequest,
  hooks: BurnHooks = {},
): Promise<BurnResult> {
  const { signal } = hooks;
  const media = await probeMedia(request.input, signal);
  const source = media.hasVideo ? await probeVideoSize(request.input, signal) : null;
  const frame = captionFrame(source, request.crop);
  const durationMs = Math.min(media.durationMs, request.maxMs ?? Infinity);
  const events = captionEvents(request.cues, request.style, request.language, frame);
  const script = writeCaptionAss(events, {
    title: request.title,
    style: request.style,
    frame,
    speakers: request.speakers,
  });
  const audioCopied = media.audioCodec === "aac";
  const threads = String(Math.max(1, Math.floor(request.threads ?? BURN_THREADS)));
  const work = await mkdtemp(join(tmpdir(), "verbatim-burn-"));
  const output = resolve(request.output);
  try {
    await writeFile(join(work, "captions.ass"), script);
    const maxRate = Math.round(
      MAX_BITRATE_1080P * Math.min(1, (frame.width * frame.height) / (1920 * 1080)),
    );
    const args = [
      ...["-nostdin", "-hide_banner", "-v", "error", "-y"],
      ...["-filter_threads", threads, "-filter_complex_threads", threads],
      ...safeInputOptions(),
      // The decoder's threads too (an input option), not only the encoder's and the filters'.
      ...["-threads", threads, "-i", fileInput(request.input)],
      ...["-filter_complex", filterGraph(frame, source !== null, fontsDir()), "-map", "[v]"],
      ...["-map", "0:a:0", "-sn", "-dn"],
      ...(request.maxMs === undefined ? [] : ["-t", (request.maxMs / 1000).toFixed(3)]),
      ...["-c:v", "libx264", "-preset", "veryfast", "-crf", VIDEO_CRF, "-pix_fmt", "yuv420p"],
      ...["-maxrate", String(maxRate), "-bufsize", String(maxRate * 2), "-threads", threads],
      ...(audioCopied ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", AUDIO_BITRATE]),
      ...(source === null ? ["-shortest"] : []),
      ...["-movflags", "+faststart", "-f", "mp4", "-progress", "pipe:1", "-nostats", output],
    ];
    await runFfmpeg(args, work, durationMs, hooks, request.niceness ?? 0);
  } catch (error) {
    await rm(output, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
  return { width: frame.width, height: frame.height, durationMs, audioCopied };
}

/**
 * The picture: the source's first video stream cut to the crop and scaled to the frame, or a
 * waveform of the audio over a dark background; then the captions (`captions.ass` in the
 * working folder, fonts from the CJK font's folder as well as the system's).
 */
function filterGraph(frame: CaptionFrame, video: boolean, fonts: string | null): string {
  const size = `${frame.width}x${frame.height}`;
  const ass = `ass=captions.ass${fonts ? `:fontsdir=${escapeFilterValue(fonts)}` : ""}`;
  if (video) {
    const { crop } = frame;
    return `[0:v:0]crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},scale=${frame.width}:${frame.height},setsar=1,format=yuv420p,${ass}[v]`;
  }
  const waveHeight = Math.max(2, Math.round(frame.height / 3 / 2) * 2);
  return [
    `color=c=${WAVE_BACKGROUND}:s=${size}:r=25[bg]`,
    `[0:a:0]showwaves=s=${frame.width}x${waveHeight}:mode=cline:rate=25:colors=${WAVE_COLOUR}[wave]`,
    `[bg][wave]overlay=0:(H-h)/2:shortest=1,format=yuv420p,${ass}[v]`,
  ].join(";");
}

/** The folder of the installed Noto Sans CJK fonts, or null (libass then asks fontconfig alone). */
function fontsDir(): string | null {
  try {
    return dirname(findCjkFont().regular);
  } catch {
    return null;
  }
}

/** A value inside a filter's option list: `\`, `'`, `:` and the graph's separators escaped. */
function escapeFilterValue(value: string): string {
  return value.replace(/[\\':,;[\]]/g, (ch) => `\\\\${ch}`);
}

/** Runs ffmpeg in `cwd`, reporting progress from `-progress pipe:1`. */
function runFfmpeg(
  args: string[],
  cwd: string,
  durationMs: number,
  hooks: BurnHooks,
  niceness: number,
): Promise<void> {
  const command = ffmpegPath();
  return new Promise((resolvePromise, reject) => {
    if (hooks.signal?.aborted) {
      reject(new EngineError("CANCELLED", "Cancelled."));
      return;
    }
    const child = spawn(command, args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      signal: hooks.signal,
    });
    if (niceness > 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, Math.floor(niceness)));
      } catch {
        // Not allowed here (a container without the capability): it runs at the normal priority.
      }
    }
    let stderr = "";
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const match = /^out_time_us=(\d+)$/.exec(line.trim());
        if (match && durationMs > 0) {
          hooks.onProgress?.(Math.min(1, Number(match[1]) / 1000 / durationMs));
        }
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8_192);
    });
    child.on("error", (error: NodeJS.ErrnoException) => reject(toolError(command, error)));
    child.on("close", (code, exitSignal) => {
      if (hooks.signal?.aborted) reject(new EngineError("CANCELLED", "Cancelled."));
      else if (code === 0) {
        hooks.onProgress?.(1);
        resolvePromise();
      } else {
        reject(
          new EngineError(
            "RENDER_FAILED",
            "The captioned video could not be rendered: ffmpeg stopped with an error.",
            {
              details: {
                ...(exitSignal ? { signal: exitSignal } : { exitCode: code ?? -1 }),
                ffmpeg: stderr.trim().split("\n").slice(-3).join(" | ").slice(0, 500),
              },
            },
          ),
        );
      }
    });
  });
}
