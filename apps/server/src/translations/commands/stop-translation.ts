// Command: cancel a language's translation under way, or delete the language's track.
import { fail } from "../../http/app-error.js";
import { settleTranslation } from "../settle-translation.js";
import type { TranslationContext } from "../translation-context.js";
import { ACTIVE_TRANSLATION_STATUSES, type TranslationRow } from "../translation-row.js";
import {
  activeTranslation,
  deleteTranslationTrack,
  endTranslation,
  findTranslation,
} from "../translation-store.js";

/**
 * A job under way for the language is cancelled (its worker stops at its next batch, or at
 * once in this process) and settled — charged for the cues it delivered, free when none — and
 * returned; otherwise the language's track is deleted (null). 404 TRANSLATION_NOT_FOUND when
 * the language has neither.
 */
export async function stopTranslation(
  ctx: TranslationContext,
  { transcriptionId, language }: { transcriptionId: string; language: string },
): Promise<TranslationRow | null> {
  const active = await activeTranslation(ctx.db, transcriptionId, language);
  if (active) {
    const at = ctx.now();
    const cancelled = await endTranslation(ctx.db, active.id, ACTIVE_TRANSLATION_STATUSES, {
      status: "cancelled",
      finished_at: at.toISOString(),
    });
    if (cancelled) {
      ctx.translations.cancel(active.id);
      await settleTranslation(ctx.db, active.id, at);
    }
    return (await findTranslation(ctx.db, active.id)) ?? null;
  }
  const deleted = await deleteTranslationTrack(ctx.db, transcriptionId, language);
  if (deleted === 0) fail("TRANSLATION_NOT_FOUND");
  return null;
}
