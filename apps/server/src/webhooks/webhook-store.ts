import type { Insertable, Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.js";

// The account's webhooks and the deliveries a route asks for (a test event): written here, not
// in the routes. Deliveries of job events are queued by job-events.ts and sent by deliver.ts.

/** A webhook by id (who may see it is the policies' question). */
export async function findWebhook(
  db: Db,
  id: string,
): Promise<Selectable<WebhooksTable> | undefined> {
  return db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
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
