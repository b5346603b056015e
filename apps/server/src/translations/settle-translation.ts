import { translationCostSeconds } from "@verbatim/contract";
import type { Db } from "../db/database.js";
import { chargeMinutes, releaseMinutes } from "../minutes/minute-ledger.js";
import type { TranslationRow } from "./translation-row.js";
import {
  findTranslation,
  recordTranslationCharge,
  unsettledTranslations,
} from "./translation-store.js";

/**
 * Settles an ended translation's minutes by the one rule (docs/translation.md): completed, its
 * reservation is charged; stopped early (failed, cancelled), it is charged for how far into the
 * media its delivered cues reach, one second per ten, never more than reserved; nothing
 * delivered, it is free. The ledger's verbs are idempotent, so settling twice settles once.
 * Returns the seconds charged.
 */
export async function settleTranslation(db: Db, id: string, now: Date): Promise<number> {
  const row = await findTranslation(db, id);
  if (!row || row.status === "queued" || row.status === "running") return 0;
  return settle(db, row, now);
}

async function settle(db: Db, row: TranslationRow, now: Date): Promise<number> {
  let charged: number;
  if (row.status === "completed") {
    charged = await chargeMinutes(db, row.user_id, row.id, row.cost_seconds, now);
  } else {
    const delivered = Math.min(row.cost_seconds, translationCostSeconds(row.translated_ms));
    if (delivered > 0) {
      charged = await chargeMinutes(db, row.user_id, row.id, delivered, now);
    } else {
      await releaseMinutes(db, row.user_id, row.id, now);
      charged = 0;
    }
  }
  await recordTranslationCharge(db, row.id, charged);
  return charged;
}

/** Settles ended translations whose settlement was cut off (a crash); returns how many. */
export async function settleUnsettledTranslations(db: Db, now: Date): Promise<number> {
  const rows = await unsettledTranslations(db);
  for (const row of rows) await settle(db, row, now);
  return rows.length;
}
