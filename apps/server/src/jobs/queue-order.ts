import type { Db } from "../db/database.js";
import type { PlanType } from "../minutes/plans.js";
import { effectivePlan, planLimits } from "../plans/plan-limits.js";

// The order in which waiting jobs are taken (the embedded queue; one source for claiming and
// for the position a user is shown):
// 1. Paid plans first: priority processing is part of Basic, Standard and Pro.
// 2. Fair share: a user with fewer jobs running goes first, so one user's batch (or long job)
//    does not hold everyone else's up; each user's own jobs stay in the order they were sent.
// 3. Then the oldest first.
// With Redis (BullMQ), the same rule is given to each job as a delivery priority when it is
// added (see deliveryPriority): fixed at that moment, where the embedded queue re-sorts each time.

/** How many waiting jobs are ordered at once (the rest wait their turn behind these). */
const WINDOW = 2_000;

/** Priority class of a plan: lower goes first (plan-limits owns the rule). */
function planPriority(plan: PlanType): number {
  return planLimits(plan).queuePriority;
}

export interface QueuedJob {
  id: string;
  user_id: string;
  created_at: string;
  duration_ms: number;
}

/** The waiting jobs in the order they will be taken. */
export async function queuedInOrder(db: Db): Promise<QueuedJob[]> {
  const queued = await db
    .selectFrom("transcriptions as t")
    // The plan of whoever pays: a team's job goes by its owner's plan (docs/teams.md).
    .leftJoin("subscriptions as s", (join) =>
      join.on((eb) => eb("s.user_id", "=", eb.fn.coalesce("t.payer_id", "t.user_id"))),
    )
    .select(["t.id", "t.user_id", "t.created_at", "t.duration_ms", "s.plan_type", "s.status"])
    .where("t.status", "=", "queued")
    .orderBy("t.created_at")
    .orderBy("t.id")
    .limit(WINDOW)
    .execute();
  if (queued.length < 2) return queued;
  const running = new Map<string, number>();
  for (const row of await db
    .selectFrom("transcriptions")
    .select(["user_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "processing")
    .groupBy("user_id")
    .execute()) {
    running.set(row.user_id, Number(row.n));
  }
  // Fair share within a priority class: a user's k-th waiting job counts as if k more of theirs
  // were running, so users take turns rather than one user's batch going first.
  const seen = new Map<string, number>();
  const keyed = queued.map((row) => {
    const before = seen.get(row.user_id) ?? 0;
    seen.set(row.user_id, before + 1);
    return {
      row,
      priority: planPriority(effectivePlan(subscriptionOf(row))),
      turn: (running.get(row.user_id) ?? 0) + before,
    };
  });
  keyed.sort(
    (a, b) =>
      a.priority - b.priority ||
      a.turn - b.turn ||
      a.row.created_at.localeCompare(b.row.created_at) ||
      a.row.id.localeCompare(b.row.id),
  );
  return keyed.map(({ row }) => ({
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at,
    duration_ms: row.duration_ms,
  }));
}

/** The largest priority BullMQ takes (2^21 - 1); lower is delivered first. */
const MAX_BULL_PRIORITY = 2 ** 21 - 1;
/** Turns of fair share a priority class spans before the next class begins. */
const CLASS_SPAN = 2 ** 20;

/**
 * The BullMQ priority of a job: its plan's class first, then its turn (how many of the user's
 * jobs are waiting or running ahead of it), as queuedInOrder orders them; equal priorities are
 * delivered oldest first.
 */
export function deliveryPriority(plan: PlanType, turn: number): number {
  const priority =
    1 + planPriority(plan) * CLASS_SPAN + Math.min(Math.max(0, turn), CLASS_SPAN - 1);
  return Math.min(priority, MAX_BULL_PRIORITY);
}

/** A queued job's delivery priority, from its owner's plan and jobs ahead of it. */
export async function priorityOf(db: Db, jobId: string): Promise<number> {
  const job = await db
    .selectFrom("transcriptions as t")
    // The plan of whoever pays: a team's job goes by its owner's plan (docs/teams.md).
    .leftJoin("subscriptions as s", (join) =>
      join.on((eb) => eb("s.user_id", "=", eb.fn.coalesce("t.payer_id", "t.user_id"))),
    )
    .select(["t.user_id", "t.created_at", "s.plan_type", "s.status"])
    .where("t.id", "=", jobId)
    .executeTakeFirst();
  if (!job) return deliveryPriority("free", 0);
  const ahead = await db
    .selectFrom("transcriptions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", job.user_id)
    .where("status", "in", ["queued", "processing"])
    .where("id", "!=", jobId)
    .where("created_at", "<=", job.created_at)
    .executeTakeFirst();
  return deliveryPriority(effectivePlan(subscriptionOf(job)), Number(ahead?.n ?? 0));
}

/** The subscription of a row joined to it (none: no subscription row). */
function subscriptionOf(row: { plan_type: string | null; status: string | null }) {
  return row.plan_type === null || row.status === null
    ? undefined
    : { plan_type: row.plan_type, status: row.status };
}
