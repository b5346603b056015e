import { MAX_SPEAKERS } from "@verbatim/contract/speakers";
import { EngineError } from "../errors.js";

/** How many speakers diarization looks for: exactly n, or a number it finds within bounds. */
export type SpeakerCount = { exact: number } | { min: number; max: number };

/** Checks and resolves the counts of DiarizeOptions ("auto" is 1 to MAX_SPEAKERS). */
export function speakerCount(options: {
  speakers?: number;
  minSpeakers?: number;
  maxSpeakers?: number;
}): SpeakerCount {
  const check = (value: number | undefined, what: string) => {
    if (value === undefined) return;
    if (!Number.isInteger(value) || value < 1 || value > MAX_SPEAKERS)
      throw new EngineError(
        "INVALID_OPTIONS",
        `The ${what} must be a whole number from 1 to ${MAX_SPEAKERS}.`,
      );
  };
  check(options.speakers, "number of speakers");
  check(options.minSpeakers, "minimum number of speakers");
  check(options.maxSpeakers, "maximum number of speakers");
  if (options.speakers !== undefined) {
    if (options.minSpeakers !== undefined || options.maxSpeakers !== undefined)
      throw new EngineError(
        "INVALID_OPTIONS",
        "Give either an exact number of speakers or a minimum and maximum, not both.",
      );
    return { exact: options.speakers };
  }
  const min = options.minSpeakers ?? 1;
  const max = options.maxSpeakers ?? MAX_SPEAKERS;
  if (min > max)
    throw new EngineError(
      "INVALID_OPTIONS",
      `The minimum number of speakers (${min}) is more than the maximum (${max}).`,
    );
  return { min, max };
}
