import { sql, type Kysely } from "kysely";

/**
 * The short summary of completed insights in a column of its own, so that History's line reads
 * one short string per row instead of each transcription's whole insights (`content_json`,
 * tens of KB) parsed on the API's event loop. Written with `content_json` by the insights'
 * owner (insight-store.ts); filled here for the rows from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("insights").addColumn("short_summary", "text").execute();
  const rows = await sql<{ id: string; content_json: string | null }>`
    select id, content_json from insights where status = 'completed' and content_json is not null
  `.execute(db);
  for (const row of rows.rows) {
    const text = shortSummaryIn(row.content_json);
    if (text)
      await sql`update insights set short_summary = ${text} where id = ${row.id}`.execute(db);
  }
}

/** The `shortSummary.text` of stored insights, or null (unreadable JSON included). */
function shortSummaryIn(json: string | null): string | null {
  try {
    const text = (JSON.parse(json ?? "null") as { shortSummary?: { text?: unknown } } | null)
      ?.shortSummary?.text;
    return typeof text === "string" && text !== "" ? text : null;
  } catch {
    return null;
  }
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("insights").dropColumn("short_summary").execute();
}
