import { z } from "zod";
import { MAX_GRANT_MINUTES } from "../limits.js";

// The admin pages: usage figures, the daily report, users and minute grants.

/** Sales of one product in the period. */
const ProductRevenue = z.object({
  /** The plan type or the pack size sold. */
  product: z.string(),
  /** Paid checkouts. */
  count: z.number().int(),
  amountCents: z.number().int().describe("US cents."),
});

/** GET /api/admin/usage query: the period, by default the 24 hours before now. */
export const UsageQuery = z
  .object({
    /** Start of the period (ISO-8601); default: 24 hours before `to`. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** End of the period (ISO-8601, exclusive); default: now. */
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: "from must be before to",
    path: ["from"],
  });

/** GET /api/admin/usage: figures for the period, the queue now, and a 30-day series. */
export const UsageResponse = z.object({
  /** The period, ISO-8601 UTC, [from, to). */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Accounts created. */
  signups: z.number().int(),
  /** Users who started a transcription. */
  activeUsers: z.number().int(),
  /** Jobs that ended in the period, by outcome. */
  transcriptions: z.object({
    completed: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    /** Failed jobs by error code, most frequent first. */
    failuresByCode: z.array(z.object({ code: z.string(), count: z.number().int() })),
  }),
  /** Minutes of media completed, one decimal. */
  minutesProcessed: z.number().describe("Minutes of media completed, one decimal."),
  /** Paid checkouts, in US cents. */
  revenue: z.object({
    totalCents: z.number().int().describe("US cents."),
    byPlan: z.array(ProductRevenue),
    byPack: z.array(ProductRevenue),
  }),
  /** The job queue now. */
  queue: z.object({
    queued: z.number().int(),
    processing: z.number().int(),
    /** Seconds the oldest waiting job has waited; null when none waits. */
    oldestQueuedAgeSeconds: z
      .number()
      .int()
      .nullable()
      .describe("Seconds the oldest waiting job has waited; null when none waits."),
  }),
  /** Unfinished chunked uploads now (sessions, their users, bytes kept on disk). */
  parkedUploads: z.object({
    sessions: z.number().int(),
    users: z.number().int(),
    bytes: z.number().int().describe("Bytes kept on disk."),
  }),
  /** The last 30 UTC days, oldest first. */
  daily: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      date: z.string(),
      signups: z.number().int(),
      transcriptions: z.number().int(),
      minutes: z.number().describe("Minutes of media completed."),
      revenueCents: z.number().int().describe("US cents."),
    }),
  ),
});

/** POST /api/admin/run-daily-report: who the report reached. */
export const DailyReportResponse = z.object({
  /** Messages delivered (or logged, without SMTP). */
  sent: z.number().int(),
  /** The admin addresses they went to. */
  recipients: z.array(z.string()),
});

/** GET /api/admin/users query. */
export const AdminUsersQuery = z.object({
  /** Part of an e-mail address or name; empty or absent: everyone (newest 50). */
  search: z.string().max(200).optional(),
});

/** One user in the admin's list. */
export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  planType: z.string(),
  planMinutes: z.number().int(),
  packMinutes: z.number().int(),
  lastJobAt: z.string().nullable().describe("ISO-8601 UTC time of the newest job, or null."),
});

/** POST /api/admin/users/:id/minutes: the user. */
export const AdminUserParams = z.object({ id: z.string() });

/** POST /api/admin/users/:id/minutes body: a grant of minutes with its reason. */
export const GrantMinutesBody = z.object({
  minutes: z.number().int().min(1).max(MAX_GRANT_MINUTES),
  pool: z.enum(["plan", "pack"]).default("pack"),
  reason: z.string().trim().min(1).max(500),
  /** The client's id for this grant: sending it again grants once. */
  requestId: z.uuid(),
});

/** The user's balance after a grant. */
export const GrantMinutesResponse = z.object({
  granted: z.boolean(),
  planMinutes: z.number().int(),
  packMinutes: z.number().int(),
});
