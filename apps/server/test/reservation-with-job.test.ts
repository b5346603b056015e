import { randomUUID } from "node:crypto";
import { jobOptions } from "@verbatim/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJob } from "../src/jobs/lifecycle/state-machine.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { newLedgerUser } from "./support/ledger-user.js";
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from "./test-database.js";

// A job's reservation and its row are one step: a process that dies after reserving but before
// the row is stored (here: the row's insert fails, and so does every attempt to give minutes
// back, as when the process is gone) leaves no minutes reserved that no job owns.

/** Makes inserts into `table` fail when `when` holds for the new row, as a crash would. */
async function failInserts(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
  kind: DatabaseKind,
  table: "transcriptions" | "minute_ledger",
  when: string,
): Promise<void> {
  const name = `crash_${table}`;
  if (kind === "sqlite") {
    await sql
      .raw(
        `create trigger ${name} before insert on ${table} when ${when} ` +
          `begin select raise(abort, 'crashed'); end`,
      )
      .execute(database.db);
    return;
  }
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$ ` +
        `begin if ${when} then raise exception 'crashed'; end if; return new; end $$`,
    )
    .execute(database.db);
  await sql
    .raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`)
    .execute(database.db);
}

describe.each(DATABASE_KINDS)("a job's reservation and its row, on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const now = new Date("2026-11-24T00:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps no reservation when the job could not be stored, even if nothing is given back", async () => {
    const userId = await newLedgerUser(database.db, now);
    const stored = randomUUID();
    const jobs = { enqueued: async () => undefined };
    const job = (id: string) => ({
      id,
      userId,
      fileName: "talk.mp3",
      model: "whisper-1",
      engineModel: "tiny",
      options: jobOptions({ language: "auto", wordTimestamps: false }),
      mediaPath: `/nonexistent/${id}`,
      mediaBytes: 1,
      durationMs: 60_000,
    });
    // A job stored normally reserves its minute.
    await createJob({ db: database.db, jobs, now: () => now }, job(stored));
    expect(await minuteBalance(database.db, userId, now)).toEqual({
      planSeconds: 19 * 60,
      packSeconds: 0,
    });

    await failInserts(database, kind, "transcriptions", "1 = 1");
    await failInserts(database, kind, "minute_ledger", "new.kind = 'release'");
    const lost = randomUUID();
    await expect(createJob({ db: database.db, jobs, now: () => now }, job(lost))).rejects.toThrow(
      /crashed/,
    );
    const orphans = await database.db
      .selectFrom("minute_ledger")
      .select(["kind", "seconds"])
      .where("reference", "=", lost)
      .execute();
    expect(orphans).toEqual([]);
    expect(await minuteBalance(database.db, userId, now)).toEqual({
      planSeconds: 19 * 60,
      packSeconds: 0,
    });
  });
});
