// Command: queue a translation of a completed transcription into one language, reserving its minutes.
import { randomUUID } from "node:crypto";
import { MAX_ACTIVE_TRANSLATIONS, translationCostSeconds } from "@verbatim/contract";
import type { TranslationBody } from "@verbatim/contract/api";
import { isStyleName } from "@verbatim/subtitles";
import type { GlossaryEntry } from "@verbatim/subtitles/translation";
import type { z } from "zod";
import { fail } from "../../http/app-error.js";
import type { TranscriptionRow } from "../../jobs/job-row.js";
import { rowOptions } from "../../jobs/job-row.js";
import { minuteBalance, reserveMinutes } from "../../minutes/minute-ledger.js";
import type { User } from "../../users/repo.js";
import type { TranslationContext } from "../translation-context.js";
import type { TranslationOptions, TranslationRow } from "../translation-row.js";
import {
  activeTranslation,
  countActiveTranslations,
  findTranslation,
  insertTranslation,
} from "../translation-store.js";

/**
 * Queues the translation (the caller has checked the user may translate the transcription and
 * read the saved glossary): 409 NOT_COMPLETED before the transcription has completed; the
 * language's job already under way is answered as it is (no second job, no second charge);
 * 429 TOO_MANY_TRANSLATIONS; 402 INSUFFICIENT_MINUTES. Reserves one second of minutes per ten
 * of media in the same transaction that stores the job.
 */
export async function queueTranslation(
  ctx: TranslationContext,
  {
    user,
    transcription,
    body,
    savedGlossary,
    uncapped = false,
    id = randomUUID(),
  }: {
    user: User;
    transcription: TranscriptionRow;
    body: z.output<typeof TranslationBody>;
    savedGlossary: readonly GlossaryEntry[];
    /**
     * Asked with the upload ("translate when done"): not held to MAX_ACTIVE_TRANSLATIONS, which
     * a batch's completions would pass at once; the upload already bounds how many.
     */
    uncapped?: boolean;
    /**
     * The job's id (default: a new one). "Translate when done" names one per transcription and
     * language, so that queuing it again reserves and stores nothing more (the reservation is
     * keyed by it).
     */
    id?: string;
  },
): Promise<{ row: TranslationRow; created: boolean }> {
  if (transcription.status !== "completed") fail("NOT_COMPLETED");
  const running = await activeTranslation(ctx.db, transcription.id, body.language);
  if (running) return { row: running, created: false };
  const now = ctx.now();
  const cost = Math.max(1, translationCostSeconds(transcription.duration_ms));
  const jobStyle = rowOptions(transcription).style;
  const options: TranslationOptions = {
    style: body.style ?? (isStyleName(jobStyle) ? jobStyle : "standard"),
    register: body.register ?? null,
    glossary: mergedGlossary(savedGlossary, body.glossary ?? []),
  };
  const balance = await minuteBalance(ctx.db, user.id, now);
  const available = Math.max(0, balance.planSeconds) + Math.max(0, balance.packSeconds);
  if (available < cost) {
    fail("INSUFFICIENT_MINUTES", {
      neededMinutes: Math.ceil(cost / 60),
      availableMinutes: Math.floor(available / 60),
    });
  }
  await reserveMinutes(ctx.db, user.id, id, cost, now, async (tx) => {
    // Inside the user's lock: two requests at once cannot both pass the count.
    if (!uncapped && (await countActiveTranslations(tx, user.id)) >= MAX_ACTIVE_TRANSLATIONS) {
      fail("TOO_MANY_TRANSLATIONS", { activeTranslations: MAX_ACTIVE_TRANSLATIONS });
    }
    await insertTranslation(tx, {
      id,
      user_id: user.id,
      transcription_id: transcription.id,
      language: body.language,
      status: "queued",
      options_json: JSON.stringify(options),
      cost_seconds: cost,
      created_at: now.toISOString(),
    });
  });
  ctx.translations.notify();
  const row = await findTranslation(ctx.db, id);
  // Its id was reserved before, and the job since deleted (a named id queued again).
  if (!row) fail("TRANSLATION_NOT_FOUND");
  return { row, created: true };
}

/** The saved glossary's entries, then the request's (a term in both: the request's wins). */
function mergedGlossary(
  saved: readonly GlossaryEntry[],
  given: readonly GlossaryEntry[],
): GlossaryEntry[] {
  const bySource = new Map<string, GlossaryEntry>();
  for (const entry of [...saved, ...given]) {
    bySource.set(entry.source.toLowerCase(), { source: entry.source, target: entry.target });
  }
  return [...bySource.values()];
}
