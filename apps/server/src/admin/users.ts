import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { minuteBalances } from "../minutes/minute-ledger.js";
import { secondsToMinutes } from "../minutes/plans.js";
import { subscribedPlan } from "../plans/plan-limits.js";

/** One row of the admin's user list. */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  planType: string;
  /** Plan minutes left this period (whole minutes, as the user sees them). */
  planMinutes: number;
  /** Pack minutes left. */
  packMinutes: number;
  /** When the user's latest transcription was started; null when there is none. */
  lastJobAt: string | null;
}

/** At most this many users a page (newest first). */
export const ADMIN_USER_PAGE = 50;

/** `%` and `_` are LIKE wildcards: matched literally here. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Users whose e-mail or name contains `search` (case-insensitive; all when empty), newest
 * first, with plan, minutes left in each pool and their last job.
 */
export async function listUsers(db: Db, search: string, now = new Date()): Promise<AdminUserRow[]> {
  let query = db
    .selectFrom("users")
    .leftJoin("subscriptions", "subscriptions.user_id", "users.id")
    .select([
      "users.id",
      "users.email",
      "users.name",
      "users.created_at",
      "subscriptions.plan_type",
    ]);
  const trimmed = search.trim();
  if (trimmed !== "") {
    const pattern = likePattern(trimmed);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(users.email) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(users.name, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const users = await query
    .orderBy("users.created_at", "desc")
    .orderBy("users.id")
    .limit(ADMIN_USER_PAGE)
    .execute();
  if (users.length === 0) return [];
  const ids = users.map((user) => user.id);
  // The balances as the users see them: a period that has ended is rolled forward first.
  const [balances, jobs] = await Promise.all([
    minuteBalances(db, ids, now),
    db
      .selectFrom("transcriptions")
      .select(["user_id", (eb) => eb.fn.max("created_at").as("last")])
      .where("user_id", "in", ids)
      .groupBy("user_id")
      .execute(),
  ]);
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.created_at,
    planType: subscribedPlan(user.plan_type === null ? undefined : { plan_type: user.plan_type }),
    planMinutes: secondsToMinutes(balances.get(user.id)?.planSeconds ?? 0),
    packMinutes: secondsToMinutes(balances.get(user.id)?.packSeconds ?? 0),
    lastJobAt: jobs.find((row) => row.user_id === user.id)?.last ?? null,
  }));
}
