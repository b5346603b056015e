import { CHECK_KINDS } from "@verbatim/subtitles";
import { z } from "zod";
import { FRAME_RATES } from "../export-formats.js";

// GET /api/transcriptions/{id}/checks: the quality checks of a transcription's subtitles.

/** Most words in a user's own words list sent with a check. */
export const MAX_OWN_WORDS = 500;

export const ChecksQuery = z.object({
  words: z
    .string()
    .max(20_000)
    .optional()
    .describe(
      `The user's own words (names, terms) that spelling accepts, separated by commas or new lines; at most ${MAX_OWN_WORDS}.`,
    )
    .transform((value) =>
      (value ?? "")
        .split(/[,\n]/u)
        .map((word) => word.trim())
        .filter((word) => word !== "" && word.length <= 64)
        .slice(0, MAX_OWN_WORDS),
    ),
});

/** One finding on one subtitle. */
export const CheckIssueItem = z.object({
  kind: z
    .enum(CHECK_KINDS)
    .describe(
      "What is wrong: `empty`, `overlap`, `gap_too_short` (under the minimum gap), `past_media_end`, `too_short`, `too_long`, `reading_speed` (characters a second), `line_too_long`, `too_many_lines`, `unbalanced_lines`, `line_ends_with_conjunction`, `doubled_word`, `spelling`.",
    ),
  subtitle: z.number().int().describe("The subtitle's `id` (its number, from 1)."),
  line: z.number().int().optional().describe("For a line's finding: the line, from 1."),
  word: z.string().optional().describe("The word concerned (doubled, misspelt, conjunction)."),
  actual: z
    .number()
    .optional()
    .describe(
      "What was measured: characters (lines), characters a second (reading speed), milliseconds (durations, gaps, times past the end).",
    ),
  limit: z.number().optional().describe("The limit it breaks, in the same unit."),
  suggestions: z.array(z.string()).optional().describe("Spelling: the dictionary's suggestions."),
  fix: z
    .object({
      startTime: z
        .string()
        .optional()
        .describe("The new start, SRT timecode `hh:mm:ss,mmm` (milliseconds after the comma)."),
      endTime: z
        .string()
        .optional()
        .describe("The new end, SRT timecode `hh:mm:ss,mmm` (milliseconds after the comma)."),
      text: z.string().optional(),
    })
    .optional()
    .describe(
      "The change that puts it right (times as `hh:mm:ss,mmm`, the subtitle's new text as markup with its styles kept, as `text` is saved), when a program can make it; absent when a person must choose. Every check measures the text as shown, without the styles' tags.",
    ),
});

export const ChecksResponse = z.object({
  style: z.string().describe("The style preset whose limits were checked."),
  frameRate: z
    .enum(FRAME_RATES)
    .nullable()
    .describe("The video's frame rate the minimum gap is counted in (null: audio, 23.976's)."),
  minGapMs: z.number().int().describe("The minimum gap between subtitles, in milliseconds."),
  spelling: z
    .string()
    .nullable()
    .describe(
      "The dictionary spelling was checked with (`en-US`), or null when the language has none.",
    ),
  issues: z.array(CheckIssueItem),
});
