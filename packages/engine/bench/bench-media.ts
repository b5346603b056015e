// Builds the benchmark recordings from the repository's test clips with ffmpeg (cached).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const FIXTURES = resolve(import.meta.dirname, "../../../fixtures/media");
export const BENCH_DIR = resolve(import.meta.dirname, "../../../.cache/bench");

function speechClips(): string[] {
  return readdirSync(FIXTURES)
    .filter((name) => /^(lj001-\d+\.flac|jfk\.mp3)$/.test(name))
    .sort()
    .map((name) => join(FIXTURES, name));
}

/**
 * An MP3 of `minutes` built by looping the speech clips; after each clip comes `gapSeconds`
 * of silence (a function, so gaps can vary). Clips are normalised to 16 kHz mono first.
 */
export function buildRecording(
  name: string,
  minutes: number,
  gapSeconds: (i: number) => number,
): string {
  mkdirSync(BENCH_DIR, { recursive: true });
  const target = join(BENCH_DIR, `${name}.mp3`);
  if (existsSync(target)) return target;
  const clips = speechClips();
  const lines: string[] = [];
  const silences = new Map<number, string>();
  let total = 0;
  for (let i = 0; total < minutes * 60; i++) {
    const clip = clips[i % clips.length]!;
    const gap = Math.round(gapSeconds(i) * 10) / 10;
    lines.push(`file '${normalised(clip)}'`);
    total += durationOf(clip);
    if (gap > 0) {
      if (!silences.has(gap)) silences.set(gap, silence(gap));
      lines.push(`file '${silences.get(gap)}'`);
      total += gap;
    }
  }
  const list = join(BENCH_DIR, `${name}.txt`);
  writeFileSync(list, lines.join("\n"));
  const partial = `${target}.partial.mp3`;
  execFileSync("ffmpeg", [
    ...["-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list],
    ...["-t", String(minutes * 60), "-c:a", "libmp3lame", "-b:a", "64k", partial],
  ]);
  renameSync(partial, target);
  return target;
}

function normalised(clip: string): string {
  const out = join(
    BENCH_DIR,
    `clip-${clip
      .split("/")
      .pop()!
      .replace(/\.\w+$/, "")}.wav`,
  );
  if (!existsSync(out)) {
    execFileSync("ffmpeg", [
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-i",
      clip,
      "-ar",
      "16000",
      "-ac",
      "1",
      out,
    ]);
  }
  return out;
}

function silence(seconds: number): string {
  const out = join(BENCH_DIR, `silence-${seconds}.wav`);
  if (!existsSync(out)) {
    execFileSync("ffmpeg", [
      ...["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", `anullsrc=r=16000:cl=mono`],
      ...["-t", String(seconds), out],
    ]);
  }
  return out;
}

function durationOf(path: string): number {
  const out = execFileSync("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format=duration",
    "-of",
    "csv=p=0",
    path,
  ]);
  return Number(out.toString().trim());
}
