import { randomUUID } from "node:crypto";
import type { WebhookEventType } from "@verbatim/contract/api";
import type { Db } from "../db/database.js";
import type { TranslationRow } from "../translations/translation-row.js";
import {
  markTranslationEvent,
  translationsWithoutEvent,
} from "../translations/translation-store.js";
import { eventBody } from "./job-events.js";
import { queueEvent } from "./webhook-store.js";

// The events of ended translation jobs (docs/translation.md): `translation.completed` and
// `translation.failed`, written as deliveries the way job events are — each translation marked
// in its row (a conditional update only one process can win) in the same transaction as its
// deliveries, so each event is written once across processes and restarts. A cancelled
// translation sends nothing: the user stopped it.

/** How far back ended translations are looked for. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;

const TYPE_OF: Record<string, WebhookEventType> = {
  completed: "translation.completed",
  failed: "translation.failed",
};

/** What a delivery says about a translation (the body's `data`). */
export function translationEventData(row: TranslationRow, publicUrl: string) {
  const transcription = `${publicUrl}/api/transcriptions/${row.transcription_id}`;
  return {
    id: row.id,
    transcriptionId: row.transcription_id,
    language: row.language,
    status: row.status,
    model: row.model,
    chargedSeconds: row.charged_seconds,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    links: {
      translations: `${transcription}/translations`,
      ...(row.status === "completed"
        ? {
            srt: `${transcription}/export?format=srt&track=translation&language=${encodeURIComponent(row.language)}`,
          }
        : {}),
    },
    ...(row.status === "failed" ? { error: { code: row.error_code } } : {}),
  };
}

/** Writes the deliveries of translations that ended lately; returns how many were written. */
export async function recordTranslationEvents(
  db: Db,
  publicUrl: string,
  now: Date,
): Promise<number> {
  const rows = await translationsWithoutEvent(db, new Date(now.getTime() - LOOK_BACK_MS));
  let written = 0;
  for (const row of rows) {
    written += await db.transaction().execute(async (tx) => {
      if (!(await markTranslationEvent(tx, row.id, now))) return 0; // another process won
      const type = TYPE_OF[row.status];
      if (!type) return 0;
      const endpoints = await tx
        .selectFrom("webhooks")
        .select(["id", "url", "events_json"])
        .where("user_id", "=", row.user_id)
        .where("created_at", "<=", row.finished_at ?? now.toISOString())
        .execute();
      const eventId = `evt_${randomUUID()}`;
      const body = eventBody(eventId, type, now, translationEventData(row, publicUrl));
      const targets = endpoints
        .filter((w) => (JSON.parse(w.events_json) as string[]).includes(type))
        .map((w) => ({ webhookId: w.id, url: w.url }));
      return queueEvent(
        tx,
        {
          userId: row.user_id,
          transcriptionId: row.transcription_id,
          eventId,
          type,
          payload: body,
          targets,
        },
        now,
      );
    });
  }
  return written;
}
