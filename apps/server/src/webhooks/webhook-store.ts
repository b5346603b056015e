import { randomUUID } from "node:crypto";
import type { Insertable, Selectable, Updateable } from "kysely";
import type { Db } from "../db/database.js";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.js";

// The account's webhooks and their deliveries: every write of both tables is here. Deliveries
// are queued by job-events.ts (job events) and the routes (a test event), and sent by deliver.ts
// through the claim and record verbs below.

/** A webhook by id (who may see it is the policies' question). */
export async function findWebhook(
  db: Db,
  id: string,
): Promise<Selectable<WebhooksTable> | undefined> {
  return db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user's webhooks, oldest first. */
export async function listWebhooks(db: Db, userId: string): Promise<Selectable<WebhooksTable>[]> {
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/** A webhook's latest deliveries, newest first (at most `limit`). */
export async function recentDeliveries(
  db: Db,
  webhookId: string,
  limit: number,
): Promise<Selectable<WebhookDeliveriesTable>[]> {
  return db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** How many webhooks the user has registered. */
export async function countWebhooks(db: Db, userId: string): Promise<number> {
  const count = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export async function insertWebhook(db: Db, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto("webhooks").values(row).execute();
}

/** Deletes a webhook with its deliveries. */
export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("webhook_deliveries").where("webhook_id", "=", id).execute();
    await tx.deleteFrom("webhooks").where("id", "=", id).execute();
  });
}

/** Queues one delivery (the test event) for the dispatcher. */
export async function insertDelivery(
  db: Db,
  row: Insertable<WebhookDeliveriesTable>,
): Promise<void> {
  await db.insertInto("webhook_deliveries").values(row).execute();
}

/**
 * Claims a due delivery for one process until `until`: it must be pending and unclaimed, or its
 * claim ran out. False when another process has it.
 */
export async function claimDelivery(db: Db, id: string, now: Date, until: Date): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ claimed_until: until.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) =>
      eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now.toISOString())]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records an attempt at a delivery: delivered, or pending again (or failed) with its next time. */
export async function recordDeliveryAttempt(
  db: Db,
  id: string,
  outcome: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db.updateTable("webhook_deliveries").set(outcome).where("id", "=", id).execute();
}

/** Where an event goes: a registered webhook, or a job's own callback URL (webhookId null). */
export interface EventTarget {
  webhookId: string | null;
  url: string;
}

/**
 * Queues one event (one id, one body) to each of its targets, due now; returns how many. The
 * dispatcher sends them (deliver.ts).
 */
export async function queueEvent(
  db: Db,
  event: {
    userId: string;
    transcriptionId: string;
    eventId: string;
    type: string;
    payload: string;
    targets: readonly EventTarget[];
  },
  now: Date,
): Promise<number> {
  for (const target of event.targets) {
    await insertDelivery(db, {
      id: `dlv_${randomUUID()}`,
      user_id: event.userId,
      webhook_id: target.webhookId,
      transcription_id: event.transcriptionId,
      event_id: event.eventId,
      event_type: event.type,
      url: target.url,
      payload: event.payload,
      status: "pending",
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    });
  }
  return event.targets.length;
}
