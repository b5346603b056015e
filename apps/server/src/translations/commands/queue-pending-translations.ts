// Command: queue the "translate when done" requests of completed jobs whose hook never ran.
import type { FastifyBaseLogger } from "fastify";
import { jobsWithPendingTranslations } from "../../jobs/job-reads.js";
import type { TranslationContext } from "../translation-context.js";
import { queueRequestedTranslations } from "./queue-requested-translations.js";

/** Jobs handled per pass by default (the rest wait for the next one). */
const PASS_LIMIT = 200;

/**
 * The sweep at start and every hour (schedule/maintenance.ts): each completed job still marked
 * `translations_pending` (its process stopped between completing it and queuing its requests)
 * gets them queued, once. Returns how many jobs' requests it queued.
 */
export async function queuePendingTranslations(
  ctx: TranslationContext & { log: FastifyBaseLogger },
  { limit = PASS_LIMIT }: { limit?: number } = {},
): Promise<number> {
  let queued = 0;
  for (const transcriptionId of await jobsWithPendingTranslations(ctx.db, limit)) {
    if (await queueRequestedTranslations(ctx, { transcriptionId })) queued++;
  }
  return queued;
}
