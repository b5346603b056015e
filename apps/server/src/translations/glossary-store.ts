import type { Insertable } from "kysely";
import type { Db } from "../db/database.js";
import type { GlossariesTable } from "../db/schema.js";

// Saved glossaries: a user's own (team_id null) or a team's. The one writer of the table.

export type GlossaryRow = GlossariesTable;

export function findGlossary(db: Db, id: string): Promise<GlossaryRow | undefined> {
  return db.selectFrom("glossaries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user's own glossaries and those of the teams given, by name. */
export function glossariesOf(
  db: Db,
  userId: string,
  teamIds: readonly string[],
): Promise<GlossaryRow[]> {
  return db
    .selectFrom("glossaries")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", userId), eb("team_id", "is", null)]),
        ...(teamIds.length > 0 ? [eb("team_id", "in", teamIds)] : []),
      ]),
    )
    .orderBy("name")
    .limit(500)
    .execute();
}

export async function insertGlossary(db: Db, row: Insertable<GlossariesTable>): Promise<void> {
  await db.insertInto("glossaries").values(row).execute();
}

export async function updateGlossary(
  db: Db,
  id: string,
  values: { name: string; entries_json: string; updated_at: string },
): Promise<void> {
  await db.updateTable("glossaries").set(values).where("id", "=", id).execute();
}

export async function deleteGlossary(db: Db, id: string): Promise<void> {
  await db.deleteFrom("glossaries").where("id", "=", id).execute();
}
