import {
  DEFAULT_FRAME_RATE,
  FRAME_RATES,
  type FrameRateName,
} from "@verbatim/contract/export-formats";
import { keepMinimumGap, minimumGapMs, STYLE_PRESETS, type StyleName } from "@verbatim/subtitles";

/** A frame rate as SMPTE timecode counts it. */
export interface FrameRate {
  name: FrameRateName;
  /** Frames per second as a fraction: 24000/1001 for 23.976. */
  numerator: number;
  denominator: number;
  /** Frames a timecode second counts (24 for 23.976, 30 for 29.97). */
  nominal: number;
  /** Drop-frame timecode (29.97): frame numbers 0 and 1 skipped each minute but every tenth. */
  dropFrame: boolean;
}

const RATES: Readonly<Record<FrameRateName, FrameRate>> = {
  "23.976": { name: "23.976", numerator: 24000, denominator: 1001, nominal: 24, dropFrame: false },
  "24": { name: "24", numerator: 24, denominator: 1, nominal: 24, dropFrame: false },
  "25": { name: "25", numerator: 25, denominator: 1, nominal: 25, dropFrame: false },
  "29.97": { name: "29.97", numerator: 30000, denominator: 1001, nominal: 30, dropFrame: true },
  "30": { name: "30", numerator: 30, denominator: 1, nominal: 30, dropFrame: false },
};

/** The rate a name stands for. */
export function frameRate(name: FrameRateName): FrameRate {
  return RATES[name];
}

/**
 * The timecode rate for a video's frame rate (ffprobe's frames per second): the nearest listed
 * rate within 1 %, or half the rate for 47.952 to 60 fps (SMPTE timecode counts 50p as 25 and
 * 59.94p as 29.97); null for a rate none of them fits (a 15 fps screen recording).
 */
export function frameRateOfVideo(fps: number): FrameRateName | null {
  if (!Number.isFinite(fps) || fps <= 0) return null;
  for (const rate of [fps, fps / 2]) {
    for (const name of FRAME_RATES) {
      const listed = RATES[name].numerator / RATES[name].denominator;
      if (Math.abs(rate - listed) / listed < 0.001) return name;
    }
  }
  for (const rate of [fps, fps / 2]) {
    let best: FrameRateName | null = null;
    let bestError = 0.01;
    for (const name of FRAME_RATES) {
      const listed = RATES[name].numerator / RATES[name].denominator;
      const error = Math.abs(rate - listed) / listed;
      if (error < bestError) [best, bestError] = [name, error];
    }
    if (best) return best;
  }
  return null;
}

/** The frame a time in milliseconds falls on (rounded to the nearest frame). */
export function msToFrames(ms: number, rate: FrameRate): number {
  return Math.max(0, Math.round((ms * rate.numerator) / (rate.denominator * 1000)));
}

/** When a frame starts, in milliseconds (not rounded). */
export function framesToMs(frames: number, rate: FrameRate): number {
  return (frames * rate.denominator * 1000) / rate.numerator;
}

/** A frame count's timecode parts: hours, minutes, seconds, frames (drop-frame counted). */
export function timecodeParts(frames: number, rate: FrameRate): [number, number, number, number] {
  let count = Math.max(0, Math.floor(frames));
  if (rate.dropFrame) {
    // 29.97 drop-frame: two frame numbers skipped every minute except each tenth minute, so
    // the timecode keeps to the clock (17982 frames in ten minutes, 1798 in a dropped minute).
    const tens = Math.floor(count / 17982);
    const rest = count % 17982;
    count += 18 * tens + (rest < 2 ? 0 : 2 * Math.floor((rest - 2) / 1798));
  }
  const fps = rate.nominal;
  return [
    Math.floor(count / (fps * 3600)),
    Math.floor(count / (fps * 60)) % 60,
    Math.floor(count / fps) % 60,
    count % fps,
  ];
}

/**
 * SMPTE timecode of a time in milliseconds: `HH:MM:SS:FF`, or `HH:MM:SS;FF` in drop-frame.
 * `start` (frames, e.g. 01:00:00:00's) is added first, as editors' timelines start there.
 */
export function smpteTimecode(ms: number, rate: FrameRate, start = 0): string {
  const [h, m, s, f] = timecodeParts(msToFrames(ms, rate) + start, rate);
  return `${pad(h)}:${pad(m)}:${pad(s)}${rate.dropFrame ? ";" : ":"}${pad(f)}`;
}

/** Frames from 00:00:00:00 to a timecode's hour (01:00:00:00 is where editors' timelines start). */
export function framesAtHour(hours: number, rate: FrameRate): number {
  // A drop-frame hour is 107892 frames (30 × 3600 − 108 dropped).
  return hours * (rate.dropFrame ? 107_892 : rate.nominal * 3600);
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** Frames from 00:00:00:00 to a timecode (drop-frame counted); the inverse of timecodeParts. */
export function timecodeFrames(
  [hours, minutes, seconds, frames]: readonly [number, number, number, number],
  rate: FrameRate,
): number {
  const counted = ((hours * 60 + minutes) * 60 + seconds) * rate.nominal + frames;
  if (!rate.dropFrame) return counted;
  const totalMinutes = hours * 60 + minutes;
  return counted - 2 * (totalMinutes - Math.floor(totalMinutes / 10));
}

const SMPTE = /^(\d{2}):([0-5]\d):([0-5]\d)[:;.](\d{2})$/;

/**
 * The frame count of a typed SMPTE timecode `HH:MM:SS:FF` (`;` or `.` before the frames also
 * read, as drop-frame is often written); null when it is not one at this rate: frames past the
 * rate's last (FF ≥ 25 at 25 fps) or, in drop-frame, a frame number that does not exist
 * (00:01:00;00 and ;01 are skipped).
 */
export function parseSmpteTimecode(text: string, rate: FrameRate): number | null {
  const match = SMPTE.exec(text.trim());
  if (!match) return null;
  const [h, m, s, f] = match.slice(1, 5).map(Number) as [number, number, number, number];
  if (f >= rate.nominal) return null;
  if (rate.dropFrame && s === 0 && m % 10 !== 0 && f < 2) return null;
  return timecodeFrames([h, m, s, f], rate);
}

/**
 * When a frame starts, in whole milliseconds: the first millisecond on or after the frame's
 * exact start (rounded up, so a player shows that frame there, never the one before it).
 * msToFrames of the result is the frame again, at every rate.
 */
export function frameEdgeMs(frames: number, rate: FrameRate): number {
  return Math.max(0, Math.ceil(framesToMs(Math.max(0, Math.round(frames)), rate) - 1e-6));
}

/** A time moved to the start of the frame it is nearest to (whole milliseconds). */
export function snapToFrame(ms: number, rate: FrameRate): number {
  return frameEdgeMs(msToFrames(ms, rate), rate);
}

/** A time moved by whole frames (negative: earlier), landing on a frame's start, never below 0. */
export function nudgeByFrames(ms: number, frames: number, rate: FrameRate): number {
  return frameEdgeMs(Math.max(0, msToFrames(ms, rate) + frames), rate);
}

/** How long a number of frames lasts, in whole milliseconds rounded up (2 frames at 25: 80). */
export function framesDurationMs(frames: number, rate: FrameRate): number {
  return Math.ceil(framesToMs(frames, rate) - 1e-6);
}

/**
 * The minimum gap between cues in whole milliseconds: `frames` of the video's rate, or of the
 * slowest rate (23.976) when the media has none (minimumGapMs, the rule's owner).
 */
export function gapAtRate(frames: number, rate: FrameRateName | null | undefined): number {
  return minimumGapMs(frames, rate ? framesToMs(1, RATES[rate]) : undefined);
}

/** A stored frame-rate name (the job's `video_frame_rate`), or null for none or an unknown one. */
export function storedFrameRate(value: string | null | undefined): FrameRateName | null {
  return typeof value === "string" && Object.hasOwn(RATES, value) ? (value as FrameRateName) : null;
}

/**
 * Cues with every start and end on a frame's start (whole milliseconds, frameEdgeMs), each at
 * least a frame long and `gapFrames` frames apart (keepMinimumGap, counted in frames): what a
 * frame-based export writes, so rounding each time on its own never closes a gap or empties a cue.
 */
export function cuesOnFrames<T extends { start: number; end: number }>(
  cues: readonly T[],
  rate: FrameRate,
  gapFrames: number,
): T[] {
  const inFrames = cues.map((cue) => {
    const start = msToFrames(cue.start, rate);
    return { ...cue, start, end: Math.max(start + 1, msToFrames(cue.end, rate)) };
  });
  return keepMinimumGap(inFrames, gapFrames).map((cue) => ({
    ...cue,
    start: frameEdgeMs(cue.start, rate),
    end: frameEdgeMs(cue.end, rate),
  }));
}

/**
 * The rate TTML / IMSC 1.1 is timed in, or null for clock times in milliseconds: the export's
 * frame rate when one is known (the video's, or one asked for), or the default rate when the
 * cues were made with a broadcast preset (docs/broadcast.md, "IMSC timed in frames").
 */
export function timedTextFrameRate(input: {
  frameRate?: FrameRateName | undefined;
  style?: StyleName | undefined;
}): FrameRate | null {
  if (input.frameRate !== undefined) return frameRate(input.frameRate);
  if (input.style !== undefined && STYLE_PRESETS[input.style].broadcast) {
    return frameRate(DEFAULT_FRAME_RATE);
  }
  return null;
}
