import type { Db } from "../db/database.js";

/** Ids per query (both databases take far more parameters; this keeps queries small). */
const CHUNK = 500;

/** Milliseconds of media of each of these jobs (ids not found are left out). */
export async function durationsOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const durations = new Map<string, number>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom("transcriptions")
      .select(["id", "duration_ms"])
      .where("id", "in", ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) durations.set(row.id, row.duration_ms);
  }
  return durations;
}
