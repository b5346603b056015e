import type { Kysely } from "kysely";

/**
 * Webhooks (docs/webhooks.md): a user's endpoints with their signing secrets; the URL a request
 * asked to be called back at (`job_callbacks`); a mark per ended job whose events were written
 * (`webhook_job_events`, so each is written once across processes and restarts); and every
 * delivery with its payload, attempts and the claim of the process sending it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events_json", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_user").on("webhooks").column("user_id").execute();
  await db.schema
    .createTable("webhook_signing_secrets")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("job_callbacks")
    .addColumn("transcription_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_job_events")
    .addColumn("transcription_id", "text", (c) => c.primaryKey())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("webhook_id", "text", (c) => c.references("webhooks.id").onDelete("cascade"))
    .addColumn("transcription_id", "text")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("last_attempt_at", "text")
    .addColumn("response_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint")
    .on("webhook_deliveries")
    .columns(["webhook_id", "created_at"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_job_events").execute();
  await db.schema.dropTable("job_callbacks").execute();
  await db.schema.dropTable("webhook_signing_secrets").execute();
  await db.schema.dropTable("webhooks").execute();
}
