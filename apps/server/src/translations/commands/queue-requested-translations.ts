// Command: queue the translations an upload asked for ("translate when done") once it completed.
import { createHash } from "node:crypto";
import type { GlossaryEntry } from "@verbatim/subtitles/translation";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/app-error.js";
import { markTranslationsQueued } from "../../jobs/lifecycle/owner-edits.js";
import { findTranscription } from "../../jobs/job-reads.js";
import { rowOptions, type TranscriptionRow } from "../../jobs/job-row.js";
import { findUserById, type User } from "../../users/repo.js";
import { savedGlossary } from "../saved-glossary.js";
import type { TranslationContext } from "../translation-context.js";
import type { TranslationOptions } from "../translation-row.js";
import { findTranslation, insertRequestedFailure } from "../translation-store.js";
import { queueTranslation } from "./queue-translation.js";

/**
 * Queues a translation into each language the completed transcription's options name
 * (`translateTo`), as POST …/translations would with the upload's glossary (`translateGlossaryId`),
 * preset (`translateStyle`, else the transcription's) and register. One refused (not enough
 * minutes) is kept as a failed translation with that code, charged nothing, so the editor and
 * GET …/translations say why it is missing.
 *
 * Exactly once, whoever calls it and however often (the completion hook, the sweep at start and
 * every hour, two processes at once): only while the job is marked `translations_pending`, each
 * language's job has an id made from the transcription and the language (its reservation and
 * row are stored once), and the mark is cleared only once every language was handled. An
 * unexpected failure (the database away) leaves the mark for the next sweep. True when it
 * cleared the mark.
 */
export async function queueRequestedTranslations(
  ctx: TranslationContext & { log: FastifyBaseLogger },
  { transcriptionId }: { transcriptionId: string },
): Promise<boolean> {
  const transcription = await findTranscription(ctx.db, transcriptionId);
  if (transcription?.status !== "completed" || transcription.translations_pending !== 1) {
    return false;
  }
  const languages = rowOptions(transcription).translateTo ?? [];
  const user = await findUserById(ctx.db, transcription.user_id);
  let handled = true;
  if (user) {
    const glossary = await requestedGlossary(ctx, user, transcription);
    for (const language of languages) {
      try {
        await queueOne(ctx, user, transcription, language, glossary);
      } catch (error) {
        ctx.log.error({ err: error, transcriptionId, language }, "translate when done failed");
        handled = false;
      }
    }
  }
  return handled && (await markTranslationsQueued(ctx.db, transcriptionId));
}

/** The id of the translation an upload asked for into `language`: the same on every call. */
function requestedTranslationId(transcriptionId: string, language: string): string {
  const hex = createHash("sha256")
    .update(`translate-when-done|${transcriptionId}|${language}`)
    .digest("hex");
  // Shaped as a UUID (version 8: made by the application), as the table's ids are.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function queueOne(
  ctx: TranslationContext,
  user: User,
  transcription: TranscriptionRow,
  language: string,
  glossary: GlossaryEntry[],
): Promise<void> {
  const id = requestedTranslationId(transcription.id, language);
  // Queued (or refused) by an earlier call that was cut off before it cleared the mark.
  if (await findTranslation(ctx.db, id)) return;
  const options = rowOptions(transcription);
  try {
    await queueTranslation(ctx, {
      user,
      transcription,
      body: {
        language,
        ...(options.translateStyle ? { style: options.translateStyle } : {}),
        ...(options.translateRegister ? { register: options.translateRegister } : {}),
      },
      savedGlossary: glossary,
      uncapped: true,
      id,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Queued before and deleted since: nothing more to do.
    if (error.code === "TRANSLATION_NOT_FOUND") return;
    const now = ctx.now().toISOString();
    const stored: TranslationOptions = {
      style: options.translateStyle ?? options.style ?? "standard",
      register: options.translateRegister ?? null,
      glossary,
    };
    await insertRequestedFailure(ctx.db, {
      id,
      user_id: user.id,
      transcription_id: transcription.id,
      language,
      status: "failed",
      options_json: JSON.stringify(stored),
      cost_seconds: 0,
      charged_seconds: 0,
      error_code: error.code,
      created_at: now,
      finished_at: now,
    });
  }
}

/**
 * The saved glossary the upload named, if its uploader may still read it (checked at upload; a
 * glossary deleted or no longer theirs since is left out, the translations still made).
 */
async function requestedGlossary(
  ctx: TranslationContext & { log: FastifyBaseLogger },
  user: User,
  transcription: TranscriptionRow,
): Promise<GlossaryEntry[]> {
  const id = rowOptions(transcription).translateGlossaryId;
  try {
    return await savedGlossary(ctx, user, id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ transcriptionId: transcription.id, glossaryId: id }, "glossary left out");
    return [];
  }
}
