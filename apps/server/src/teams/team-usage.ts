import type { Db } from "../db/database.js";
import { minuteCredits } from "../minutes/minute-ledger.js";
import type { TeamRow } from "./membership.js";

/**
 * The team's minutes pool (its owner's plan and pack minutes, in whole minutes) and what each
 * person's transcriptions in the team have cost since the owner's current period began: the
 * seconds charged to the pool for their settled jobs, and how many jobs they sent (former
 * members included: their jobs stay the team's).
 */
export async function teamUsage(db: Db, team: TeamRow, now: Date) {
  const pool = await minuteCredits(db, team.owner_id, now);
  const subscription = await db
    .selectFrom("subscriptions")
    .select("current_period_start")
    .where("user_id", "=", team.owner_id)
    .executeTakeFirst();
  const since = subscription?.current_period_start ?? team.created_at;
  const rows = await db
    .selectFrom("transcriptions as t")
    .leftJoin("users as u", "u.id", "t.user_id")
    .leftJoin("team_members as m", (join) =>
      join.onRef("m.user_id", "=", "t.user_id").on("m.team_id", "=", team.id),
    )
    .select(["t.user_id", "u.name", "u.email", "m.role"])
    .select((eb) => [
      eb.fn.sum<number | string | null>("t.charged_seconds").as("charged"),
      eb.fn.countAll<number | string>().as("jobs"),
    ])
    .where("t.team_id", "=", team.id)
    .where("t.payer_id", "=", team.owner_id)
    .where("t.created_at", ">=", since)
    .groupBy(["t.user_id", "u.name", "u.email", "m.role"])
    .execute();
  const members = await db
    .selectFrom("team_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id", "u.name", "u.email", "m.role"])
    .where("m.team_id", "=", team.id)
    .execute();
  const byUser = new Map(
    members.map((member) => [
      member.user_id,
      { ...member, chargedSeconds: 0, transcriptions: 0, current: true },
    ]),
  );
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? {
      user_id: row.user_id,
      name: row.name,
      email: row.email ?? "",
      role: row.role ?? "",
      chargedSeconds: 0,
      transcriptions: 0,
      current: false,
    };
    entry.chargedSeconds += Number(row.charged ?? 0);
    entry.transcriptions += Number(row.jobs);
    byUser.set(row.user_id, entry);
  }
  return {
    since,
    credits: pool.credits,
    additionalCredits: pool.additionalCredits,
    members: [...byUser.values()].sort((a, b) => b.chargedSeconds - a.chargedSeconds),
  };
}
