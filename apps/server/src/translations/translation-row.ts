import { errorTextFor, type Language } from "@verbatim/contract";
import {
  TranslationBody,
  TRANSLATION_STATUSES,
  type TranslationTrackReply,
} from "@verbatim/contract/api";
import type { Cue, StyleName } from "@verbatim/subtitles";
import type {
  ChineseRegister,
  GlossaryEntry,
  TranslatedCue,
} from "@verbatim/subtitles/translation";
import type { Selectable } from "kysely";
import { z } from "zod";
import type { TranslationsTable } from "../db/schema.js";

/** A translation job as stored. */
export type TranslationRow = Selectable<TranslationsTable>;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** The statuses of a translation that is not over. */
export const ACTIVE_TRANSLATION_STATUSES: readonly TranslationStatus[] = ["queued", "running"];

/** What a job was asked to do, as stored in `options_json`. */
export const TranslationOptions = z.object({
  style: TranslationBody.shape.style.unwrap(),
  register: TranslationBody.shape.register.unwrap().nullable(),
  glossary: z.array(z.object({ source: z.string(), target: z.string() })),
});
export interface TranslationOptions {
  style: StyleName;
  register: ChineseRegister | null;
  glossary: GlossaryEntry[];
}

/** The stored options, read back through their schema. */
export function translationOptions(row: Pick<TranslationRow, "options_json">): TranslationOptions {
  return TranslationOptions.parse(JSON.parse(row.options_json));
}

const StoredCues = z.array(
  z
    .object({
      /** The original cue's times when it was translated (exports place the track by time). */
      start: z.number(),
      end: z.number(),
      text: z.string(),
      flags: z.array(z.enum(["OVER_BUDGET", "GLOSSARY_MISSING"])),
    })
    .nullable(),
);

/** A translated cue as stored: its text and flags, and the original cue's times. */
export interface StoredTranslatedCue extends TranslatedCue {
  start: number;
  end: number;
}

/** The translated cues by position (null where not yet translated). */
export function storedCues(row: Pick<TranslationRow, "cues_json">): (StoredTranslatedCue | null)[] {
  return row.cues_json === null ? [] : StoredCues.parse(JSON.parse(row.cues_json));
}

/** The translated cues by position, as a map (what a resumed run skips). */
export function doneCues(row: Pick<TranslationRow, "cues_json">): Map<number, TranslatedCue> {
  const done = new Map<number, TranslatedCue>();
  storedCues(row).forEach((cue, position) => {
    if (cue) done.set(position, { text: cue.text, flags: cue.flags });
  });
  return done;
}

/** A track's cues as cues (the original's times), for exports. */
export function trackCues(row: Pick<TranslationRow, "cues_json">): Cue[] {
  return storedCues(row).flatMap((cue, position) =>
    cue && cue.text.trim() !== ""
      ? [{ index: position + 1, start: cue.start, end: cue.end, text: cue.text }]
      : [],
  );
}

/** A translation with its cues as the API shows it, its error in the reader's language. */
export function presentTranslation(
  row: TranslationRow,
  originals: readonly Pick<Cue, "index">[],
  language: Language,
): z.output<typeof TranslationTrackReply> {
  const options = translationOptions(row);
  const cues = storedCues(row).flatMap((cue, position) => {
    const original = originals[position];
    return cue && original ? [{ index: original.index, text: cue.text, flags: cue.flags }] : [];
  });
  return {
    id: row.id,
    transcriptionId: row.transcription_id,
    language: row.language,
    status: row.status as TranslationStatus,
    progress: row.progress,
    model: row.model,
    style: options.style,
    register: options.register,
    glossary: options.glossary,
    costSeconds: row.cost_seconds,
    chargedSeconds: row.charged_seconds,
    flaggedCues: cues.filter((cue) => cue.flags.length > 0).length,
    error:
      row.error_code === null
        ? null
        : {
            code: row.error_code,
            message:
              errorTextFor(row.error_code, language) ??
              errorTextFor("TRANSLATION_FAILED", language) ??
              row.error_code,
          },
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    cues,
  };
}
