import type { Db } from "../../src/db/database.js";

const DAY_MS = 86_400_000;

/**
 * Moves a user's current paid period so that `daysGone` days of it have passed and `daysLeft`
 * remain, as upgrade credits are computed from (the checkout itself starts a period today).
 */
export async function placeInPaidPeriod(
  db: Db,
  userId: string,
  { daysGone, daysLeft }: { daysGone: number; daysLeft: number },
): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({
      current_period_start: new Date(Date.now() - daysGone * DAY_MS).toISOString(),
      current_period_end: new Date(Date.now() + daysLeft * DAY_MS).toISOString(),
    })
    .where("user_id", "=", userId)
    .execute();
}
