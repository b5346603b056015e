import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The repository's own recordings (fixtures/media), so tests need nothing outside the clone. */
export const FIXTURES = resolve(import.meta.dirname, "../../../../fixtures/media");
export const JFK_MP3 = join(FIXTURES, "jfk.mp3");
export const NO_SPEECH_WAV = join(FIXTURES, "no-speech.wav");

/** A scratch folder removed by the returned cleanup. */
export function scratchDir(prefix = "verbatim-test-"): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs ffmpeg quietly with the given arguments (it must succeed). */
export function ffmpeg(...args: string[]): void {
  execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-y", ...args], { stdio: "pipe" });
}

/**
 * The JFK recording played `times` times back to back (about 11 s each), as an MP3 in `dir`:
 * media long enough that a job is still running when a test acts on it.
 */
export function loopedJfk(dir: string, times: number, name = `jfk-x${times}.mp3`): string {
  const path = join(dir, name);
  ffmpeg("-stream_loop", String(times - 1), "-i", JFK_MP3, "-c", "copy", path);
  return path;
}

/** Each container the product accepts, made from the JFK recording: [file name, ffmpeg args]. */
export const CONTAINERS: ReadonlyArray<readonly [string, string[]]> = [
  ["speech.mp3", ["-i", JFK_MP3, "-c:a", "copy"]],
  ["speech.wav", ["-i", JFK_MP3, "-c:a", "pcm_s16le"]],
  ["speech.flac", ["-i", JFK_MP3, "-c:a", "flac"]],
  ["speech.m4a", ["-i", JFK_MP3, "-c:a", "aac", "-b:a", "64k"]],
  ["speech.ogg", ["-i", JFK_MP3, "-c:a", "libvorbis"]],
  ["speech.webm", ["-i", JFK_MP3, "-c:a", "libopus", "-b:a", "32k"]],
  [
    "speech.mp4",
    [
      "-f",
      "lavfi",
      "-i",
      "color=c=black:s=160x120:r=5:d=11",
      "-i",
      JFK_MP3,
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "64k",
    ],
  ],
];

/** Writes one container into `dir` and returns its path. */
export function makeContainer(dir: string, name: string, args: string[]): string {
  const path = join(dir, name);
  ffmpeg(...args, path);
  return path;
}

/**
 * Writes the bad inputs the engine and CLI tests share into `dir`: an empty file, text named
 * .mp3, an MP3 cut to its first 400 bytes, and a video without an audio track.
 */
export function writeBadInputs(dir: string): Record<"empty" | "text" | "stub" | "noAudio", string> {
  const paths = {
    empty: join(dir, "empty.mp3"),
    text: join(dir, "notes.mp3"),
    stub: join(dir, "stub.mp3"),
    noAudio: join(dir, "video-only.mp4"),
  };
  writeFileSync(paths.empty, "");
  writeFileSync(paths.text, "These are meeting notes, not audio.\n".repeat(40));
  writeFileSync(paths.stub, readFileSync(JFK_MP3).subarray(0, 400));
  ffmpeg(
    ...["-f", "lavfi", "-i", "testsrc=duration=2:size=160x120:rate=10"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", paths.noAudio],
  );
  return paths;
}
