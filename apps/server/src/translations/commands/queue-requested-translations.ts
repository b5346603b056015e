// Command: queue the translations an upload asked for ("translate when done") once it completed.
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/app-error.js";
import { findTranscription } from "../../jobs/job-reads.js";
import { rowOptions } from "../../jobs/job-row.js";
import { findUserById } from "../../users/repo.js";
import type { TranslationContext } from "../translation-context.js";
import type { TranslationOptions } from "../translation-row.js";
import { insertTranslation } from "../translation-store.js";
import { queueTranslation } from "./queue-translation.js";

/**
 * Queues a translation into each language the completed transcription's options name
 * (`translateTo`), as POST …/translations would with the transcription's style and no glossary.
 * One refused (not enough minutes) is kept as a failed translation with that code, charged
 * nothing, so the editor and GET …/translations say why it is missing; an unexpected failure is
 * logged and the other languages still queued.
 */
export async function queueRequestedTranslations(
  ctx: TranslationContext & { log: FastifyBaseLogger },
  { transcriptionId }: { transcriptionId: string },
): Promise<void> {
  const transcription = await findTranscription(ctx.db, transcriptionId);
  if (transcription?.status !== "completed") return;
  const languages = rowOptions(transcription).translateTo ?? [];
  if (languages.length === 0) return;
  const user = await findUserById(ctx.db, transcription.user_id);
  if (!user) return;
  for (const language of languages) {
    try {
      await queueTranslation(ctx, {
        user,
        transcription,
        body: { language },
        savedGlossary: [],
        uncapped: true,
      });
    } catch (error) {
      if (!(error instanceof AppError)) {
        ctx.log.error({ err: error, transcriptionId, language }, "translate when done failed");
        continue;
      }
      const now = ctx.now().toISOString();
      const options: TranslationOptions = {
        style: rowOptions(transcription).style ?? "standard",
        register: null,
        glossary: [],
      };
      await insertTranslation(ctx.db, {
        id: randomUUID(),
        user_id: user.id,
        transcription_id: transcription.id,
        language,
        status: "failed",
        options_json: JSON.stringify(options),
        cost_seconds: 0,
        charged_seconds: 0,
        error_code: error.code,
        created_at: now,
        finished_at: now,
      });
    }
  }
}
