import type { Db } from "../db/database.js";

/** Ids per query (PostgreSQL and SQLite both take far more parameters; this keeps queries small). */
const CHUNK = 500;

/** Milliseconds of media the jobs with these ids hold between them. */
export async function mediaOf(db: Db, ids: readonly string[]): Promise<number> {
  let total = 0;
  for (let start = 0; start < ids.length; start += CHUNK) {
    const row = await db
      .selectFrom("transcriptions")
      .select((eb) => eb.fn.sum<number | string | null>("duration_ms").as("ms"))
      .where("id", "in", ids.slice(start, start + CHUNK))
      .executeTakeFirst();
    total += Number(row?.ms ?? 0);
  }
  return total;
}
