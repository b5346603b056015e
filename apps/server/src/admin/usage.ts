import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/database.js";
import { parkedUploads } from "../uploads/upload-sessions.js";

// Usage figures for the admin dashboard and the daily report. Times are ISO-8601 UTC text, so
// a period is a text range [from, to) and a UTC day is the first 10 characters of a time.

/** A half-open time range [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

/** Sales of one product (a plan type or a pack size) in a period. */
export interface ProductRevenue {
  product: string;
  count: number;
  amountCents: number;
}

/** One UTC day of the daily series. */
export interface UsageDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  signups: number;
  /** Transcriptions completed that day. */
  transcriptions: number;
  /** Minutes of media completed that day (1 decimal). */
  minutes: number;
  revenueCents: number;
}

/** What the service did in a period, and how the queue looks now. */
export interface UsageReport {
  period: { from: string; to: string };
  signups: number;
  /** Users who started a transcription in the period. */
  activeUsers: number;
  transcriptions: {
    completed: number;
    failed: number;
    cancelled: number;
    /** Failures by error code, most frequent first. */
    failuresByCode: { code: string; count: number }[];
  };
  /** Minutes of media completed in the period (1 decimal). */
  minutesProcessed: number;
  revenue: { totalCents: number; byPlan: ProductRevenue[]; byPack: ProductRevenue[] };
  queue: {
    queued: number;
    processing: number;
    /** Age of the oldest waiting job in seconds; null when none waits. */
    oldestQueuedAgeSeconds: number | null;
  };
  /** Unfinished chunked uploads now, and the bytes they keep on disk. */
  parkedUploads: { sessions: number; users: number; bytes: number };
  /** The last {@link SERIES_DAYS} UTC days, oldest first, today included. */
  daily: UsageDay[];
}

/** Days in the daily series. */
export const SERIES_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The 24 hours before `now`: the daily report's period. */
export function lastDay(now: Date): Period {
  return { from: new Date(now.getTime() - DAY_MS), to: now };
}

/** Counts and sums come back as strings from PostgreSQL (bigint, numeric). */
function toNumber(value: unknown): number {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

/** Milliseconds as minutes, one decimal. */
function msToMinutes(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

/** The UTC day (YYYY-MM-DD) of an ISO time column. */
function dayOf(column: string): RawBuilder<string> {
  return sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/**
 * Every ended job's outcome, length and end: the jobs table's, and those of jobs deleted since
 * (their figures are kept when they are deleted), so usage counts what was transcribed and
 * charged whether or not its owner kept it.
 */
function endedJobs(db: Db) {
  const columns = ["status", "error_code", "duration_ms", "finished_at"] as const;
  return db
    .selectFrom("transcriptions")
    .select(columns)
    .where("status", "in", ["completed", "failed", "cancelled"])
    .unionAll(db.selectFrom("deleted_job_usage").select(columns))
    .as("ended");
}

/** Usage in `period`, the queue as of `now`, and the daily series up to `now`. */
export async function computeUsage(db: Db, period: Period, now = new Date()): Promise<UsageReport> {
  const from = period.from.toISOString();
  const to = period.to.toISOString();

  const signups = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirst();

  const active = await db
    .selectFrom("transcriptions")
    .select((eb) => eb.fn.count("user_id").distinct().as("n"))
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirst();

  const finished = await db
    .selectFrom(endedJobs(db))
    .select((eb) => [
      "status",
      "error_code",
      eb.fn.countAll().as("n"),
      eb.fn.sum("duration_ms").as("ms"),
    ])
    .where("status", "in", ["completed", "failed", "cancelled"])
    .where("finished_at", ">=", from)
    .where("finished_at", "<", to)
    .groupBy(["status", "error_code"])
    .execute();
  const countOf = (status: string) =>
    finished.filter((row) => row.status === status).reduce((sum, row) => sum + toNumber(row.n), 0);
  const failures = new Map<string, number>();
  for (const row of finished.filter((r) => r.status === "failed")) {
    const code = row.error_code ?? "UNKNOWN";
    failures.set(code, (failures.get(code) ?? 0) + toNumber(row.n));
  }
  const completedMs = finished
    .filter((row) => row.status === "completed")
    .reduce((sum, row) => sum + toNumber(row.ms), 0);

  const sales = await db
    .selectFrom("checkout_sessions")
    .select((eb) => [
      "kind",
      "product",
      eb.fn.countAll().as("n"),
      eb.fn.sum("amount_cents").as("cents"),
    ])
    .where("status", "=", "completed")
    .where("completed_at", ">=", from)
    .where("completed_at", "<", to)
    .groupBy(["kind", "product"])
    .execute();
  const revenueOf = (kind: string): ProductRevenue[] =>
    sales
      .filter((row) => row.kind === kind)
      .map((row) => ({
        product: row.product,
        count: toNumber(row.n),
        amountCents: toNumber(row.cents),
      }))
      .sort((a, b) => b.amountCents - a.amountCents || a.product.localeCompare(b.product));
  const byPlan = revenueOf("plan");
  const byPack = revenueOf("pack");

  return {
    period: { from, to },
    signups: toNumber(signups?.n),
    activeUsers: toNumber(active?.n),
    transcriptions: {
      completed: countOf("completed"),
      failed: countOf("failed"),
      cancelled: countOf("cancelled"),
      failuresByCode: [...failures]
        .map(([code, count]) => ({ code, count }))
        .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    },
    minutesProcessed: msToMinutes(completedMs),
    revenue: {
      totalCents: [...byPlan, ...byPack].reduce((sum, row) => sum + row.amountCents, 0),
      byPlan,
      byPack,
    },
    queue: await queueHealth(db, now),
    parkedUploads: await parkedUploads(db, now),
    daily: await dailySeries(db, now),
  };
}

/** Jobs waiting and running now, and how long the oldest has waited. */
async function queueHealth(db: Db, now: Date): Promise<UsageReport["queue"]> {
  const rows = await db
    .selectFrom("transcriptions")
    .select((eb) => ["status", eb.fn.countAll().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("status", "in", ["queued", "processing"])
    .groupBy("status")
    .execute();
  const queued = rows.find((row) => row.status === "queued");
  const oldest = queued?.oldest ? Date.parse(String(queued.oldest)) : NaN;
  return {
    queued: toNumber(queued?.n),
    processing: toNumber(rows.find((row) => row.status === "processing")?.n),
    oldestQueuedAgeSeconds: Number.isNaN(oldest)
      ? null
      : Math.max(0, Math.floor((now.getTime() - oldest) / 1000)),
  };
}

/** Sign-ups, completed transcriptions, minutes and revenue per UTC day, zero-filled. */
async function dailySeries(db: Db, now: Date): Promise<UsageDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: SERIES_DAYS }, (_, i) =>
    new Date(today - (SERIES_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const from = `${days[0] ?? ""}T00:00:00.000Z`;
  const to = now.toISOString();

  const signupDay = dayOf("created_at");
  const signups = await db
    .selectFrom("users")
    .select((eb) => [signupDay.as("day"), eb.fn.countAll().as("n")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy(signupDay)
    .execute();

  const finishedDay = dayOf("finished_at");
  const completed = await db
    .selectFrom(endedJobs(db))
    .select((eb) => [
      finishedDay.as("day"),
      eb.fn.countAll().as("n"),
      eb.fn.sum("duration_ms").as("ms"),
    ])
    .where("status", "=", "completed")
    .where("finished_at", ">=", from)
    .where("finished_at", "<", to)
    .groupBy(finishedDay)
    .execute();

  const paidDay = dayOf("completed_at");
  const revenue = await db
    .selectFrom("checkout_sessions")
    .select((eb) => [paidDay.as("day"), eb.fn.sum("amount_cents").as("cents")])
    .where("status", "=", "completed")
    .where("completed_at", ">=", from)
    .where("completed_at", "<", to)
    .groupBy(paidDay)
    .execute();

  return days.map((date) => {
    const done = completed.find((row) => row.day === date);
    return {
      date,
      signups: toNumber(signups.find((row) => row.day === date)?.n),
      transcriptions: toNumber(done?.n),
      minutes: msToMinutes(toNumber(done?.ms)),
      revenueCents: toNumber(revenue.find((row) => row.day === date)?.cents),
    };
  });
}
