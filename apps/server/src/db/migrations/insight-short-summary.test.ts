import { sql, Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../database.js";
import { migrationProvider } from "./index.js";

// 0035 keeps History's line in a column of its own: the insights stored before it get their
// short summary from their JSON, and unreadable JSON is left null rather than failing the start.

describe("migration 0035 (insights' short summary)", () => {
  const db = openDatabase({ kind: "sqlite", path: ":memory:" });
  afterAll(() => db.destroy());

  it("fills the short summary of the completed insights stored before it", async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const before = await migrator.migrateTo("0034-comment-mails");
    expect(before.error).toBeUndefined();
    await sql`pragma foreign_keys = off`.execute(db);
    const row = (id: string, status: string, content: string | null) => sql`
      insert into insights (id, user_id, transcription_id, status, options_json, cost_seconds,
        content_json, created_at)
      values (${id}, 'u', 't', ${status}, '{}', 0, ${content}, '2026-11-29T00:00:00Z')`;
    await row(
      "a",
      "completed",
      JSON.stringify({ shortSummary: { text: "On the bridge.", cues: [] } }),
    ).execute(db);
    await row("b", "completed", "{not json").execute(db);
    await row("c", "running", null).execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom("insights")
      .select(["id", "short_summary"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "a", short_summary: "On the bridge." },
      { id: "b", short_summary: null },
      { id: "c", short_summary: null },
    ]);
  });
});
