import type { Tx } from "../db/database.js";
import type { MinuteBalance } from "./ledger-entries.js";
import { addEntry, hasEntry, sumPools } from "./ledger-entries.js";

/** One row of an account's ledger, as the settlement rules read it. */
export interface BookEntry {
  /** Entries' ids only grow: a later entry has a larger id. */
  id: number;
  kind: string;
  pool: "plan" | "pack";
  seconds: number;
}

/**
 * One account's ledger, as the reservation and settlement rules (`settlement.ts`) see it: read
 * inside the account's lock, written through idempotent entries. `sqlBook` is the database's;
 * the unit tests give the rules an in-memory one, so the order of the rules (reserve before the
 * job is kept, charge once, release on every failure path, expired plan seconds never come back)
 * is tested in milliseconds, and the SQL and its races by the HTTP tests on both databases.
 */
export interface LedgerBook {
  /** Seconds left in each pool. */
  balance(): Promise<MinuteBalance>;
  /** Whether an entry with this idempotency key exists. */
  has(key: string): Promise<boolean>;
  /** Adds an entry once per key (a second add with the key changes nothing). */
  add(
    kind: string,
    pool: "plan" | "pack",
    seconds: number,
    key: string,
    reference: string | null,
  ): Promise<void>;
  /** The entries about one reference (a job's or a render's id), oldest first. */
  entriesOf(reference: string): Promise<BookEntry[]>;
  /** Whether a plan allowance was granted after the entry with this id. */
  planGrantedAfter(entryId: number): Promise<boolean>;
}

/** The account's ledger in the database, inside `withUserLock`'s transaction. */
export function sqlBook(tx: Tx, userId: string, now: Date): LedgerBook {
  return {
    balance: () => sumPools(tx, userId),
    has: (key) => hasEntry(tx, key),
    add: (kind, pool, seconds, key, reference) =>
      addEntry(tx, userId, kind, pool, seconds, key, reference, now),
    entriesOf: async (reference) => {
      const rows = await tx
        .selectFrom("minute_ledger")
        .select(["id", "kind", "pool", "seconds"])
        .where("reference", "=", reference)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        pool: row.pool === "pack" ? "pack" : "plan",
        seconds: Number(row.seconds),
      }));
    },
    planGrantedAfter: async (entryId) => {
      const grant = await tx
        .selectFrom("minute_ledger")
        .select("id")
        .where("user_id", "=", userId)
        .where("pool", "=", "plan")
        .where("kind", "=", "grant")
        .where("id", ">", entryId)
        .executeTakeFirst();
      return grant !== undefined;
    },
  };
}
