import { MAX_GRANT_MINUTES } from "@verbatim/contract";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import {
  addEntry,
  hasEntry,
  sumPools,
  withUserLock,
  type MinuteBalance,
} from "./ledger-entries.js";
import { rollPeriod } from "./minute-ledger.js";

/** An admin's grant of minutes to a user, with the reason recorded in the ledger. */
export interface MinuteGrant {
  userId: string;
  /** Who granted them (their e-mail), kept with the reason. */
  grantedBy: string;
  minutes: number;
  /** "plan": until the current period ends; "pack": kept until the account moves to Free. */
  pool: "plan" | "pack";
  reason: string;
  /** The client's id for this grant: a retried or double-clicked request grants once. */
  requestId: string;
}

/**
 * Adds a grant entry (kind "admin_grant") to the user's ledger under the user's lock, once per
 * `requestId`; its reference is "<admin e-mail>: <reason>". Only positive whole minutes: a
 * grant never takes a pool down, so the ledger's never-below-zero rule holds by construction
 * (and withUserLock checks it anyway). Returns the balance after it and whether it was new.
 */
export async function grantMinutes(
  db: Db,
  grant: MinuteGrant,
  now = new Date(),
): Promise<{ balance: MinuteBalance; granted: boolean }> {
  if (!Number.isInteger(grant.minutes) || grant.minutes < 1) {
    fail("INVALID_MINUTES");
  }
  if (grant.minutes > MAX_GRANT_MINUTES) {
    fail("INVALID_MINUTES");
  }
  const reason = grant.reason.trim();
  if (reason === "") fail("REASON_REQUIRED");
  const key = `admin-grant:${grant.requestId}`;
  return withUserLock(db, grant.userId, async (tx) => {
    // A period that has ended is rolled first: plan minutes granted onto it would be reset by
    // the next balance read.
    await rollPeriod(tx, grant.userId, now);
    const granted = !(await hasEntry(tx, key));
    await addEntry(
      tx,
      grant.userId,
      "admin_grant",
      grant.pool,
      grant.minutes * 60,
      key,
      `${grant.grantedBy}: ${reason}`,
      now,
    );
    return { balance: await sumPools(tx, grant.userId), granted };
  });
}
