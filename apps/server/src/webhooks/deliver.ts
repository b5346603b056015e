import type { FastifyBaseLogger } from "fastify";
import type { Selectable } from "kysely";
import type { Db } from "../db/database.js";
import { claimDelivery, recordDeliveryAttempt } from "./webhook-store.js";
import type { AddressRules } from "../net/address-rules.js";
import { readSome, safeFetch } from "../net/safe-fetch.js";
import type { WebhookDeliveriesTable } from "../db/schema.js";

type Delivery = Selectable<WebhookDeliveriesTable>;
import { callbackSecretOf } from "./job-events.js";
import { signatureHeader } from "./signature.js";

// Sending deliveries: any process may send any due delivery, once it has claimed it in the
// table (a compare-and-set on `claimed_until`), so in the many-machines set-up each attempt is
// made by one process; a process that dies mid-send leaves a claim that lapses, and the
// attempt is made again (receivers dedupe on `Verbatim-Delivery`). A 2xx answer delivers it;
// anything else (another status, a refused address, a timeout) is retried with exponential
// back-off — 30 s, 1 min, 2 min, … at most an hour apart — until a day after it was written,
// then it is given up (`failed`). Everything is in the table, so retries survive restarts.

/** Timing of attempts (tests shorten them). */
export interface DeliveryTiming {
  /** The first retry's delay; each next one doubles. */
  retryBaseMs: number;
  /** The longest delay between attempts. */
  retryMaxMs: number;
  /** How long after it was written a delivery is still tried. */
  giveUpAfterMs: number;
  /** One attempt's time limit. */
  attemptTimeoutMs: number;
  /**
   * The time limit at an address whose last attempts all timed out (RECEIVER_TIMEOUT_STREAK):
   * a receiver that keeps hanging holds a sending slot for this long, not attemptTimeoutMs.
   */
  slowReceiverTimeoutMs: number;
}

export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = {
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60 * 1000,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
  attemptTimeoutMs: 10_000,
  slowReceiverTimeoutMs: 2_000,
};

/** Attempts in a row that timed out at an address before it gets the shorter time limit. */
export const RECEIVER_TIMEOUT_STREAK = 2;

/**
 * The time limit of an attempt at the delivery's address: the short one when the account's
 * last RECEIVER_TIMEOUT_STREAK attempts there all timed out (any delivery: a receiver that
 * never answers), the full one otherwise (one answer in time gives the full limit back).
 */
async function attemptTimeout(db: Db, delivery: Delivery, timing: DeliveryTiming) {
  const last = await db
    .selectFrom("webhook_deliveries")
    .select("last_error")
    .where("user_id", "=", delivery.user_id)
    .where("url", "=", delivery.url)
    .where("last_attempt_at", "is not", null)
    .orderBy("last_attempt_at", "desc")
    .limit(RECEIVER_TIMEOUT_STREAK)
    .execute();
  const keepsTimingOut =
    last.length === RECEIVER_TIMEOUT_STREAK &&
    last.every((row) => row.last_error === "URL_TIMEOUT");
  return keepsTimingOut ? timing.slowReceiverTimeoutMs : timing.attemptTimeoutMs;
}

/** How long a claim holds a delivery from other processes. */
const CLAIM_MS = 60_000;

/**
 * How many attempts one process makes at once, and how many of them one account may hold: an
 * account whose receivers never answer ties up its own share, not the line (docs/webhooks.md).
 */
export interface DeliveryLimits {
  concurrency: number;
  perAccount: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = { concurrency: 8, perAccount: 2 };

export interface DeliveryContext {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  rules: AddressRules;
  userAgent: string;
  timing: DeliveryTiming;
}

/** A delivery due now, with its account. */
export interface DueDelivery {
  id: string;
  user_id: string;
}

/**
 * The due deliveries to start now, fair across accounts: the accounts that have waited longest
 * come first, and they take turns (one each, then a second each, …), each up to `perAccount`
 * attempts counting those it already has in flight (`busy`), `slots` in all. So another
 * account's delivery starts at the next pass however many one account has queued.
 */
export async function fairDueDeliveries(
  db: Db,
  now: Date,
  busy: ReadonlyMap<string, number>,
  { slots, perAccount }: { slots: number; perAccount: number },
): Promise<DueDelivery[]> {
  if (slots <= 0) return [];
  const at = now.toISOString();
  const due = () =>
    db
      .selectFrom("webhook_deliveries")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]));
  // Accounts at their cap are skipped, so ask for as many more as there are busy accounts.
  const accounts = await due()
    .select((eb) => ["user_id", eb.fn.min("next_attempt_at").as("first_due")])
    .groupBy("user_id")
    .orderBy("first_due")
    .limit(slots + busy.size)
    .execute();
  const queues: DueDelivery[][] = [];
  for (const { user_id } of accounts) {
    const room = Math.min(perAccount - (busy.get(user_id) ?? 0), slots);
    if (room <= 0) continue;
    queues.push(
      await due()
        .select(["id", "user_id"])
        .where("user_id", "=", user_id)
        .orderBy("next_attempt_at")
        .limit(room)
        .execute(),
    );
  }
  const picked: DueDelivery[] = [];
  for (let turn = 0; picked.length < slots; turn++) {
    const round = queues.flatMap((queue) => queue.slice(turn, turn + 1));
    if (round.length === 0) break;
    picked.push(...round.slice(0, slots - picked.length));
  }
  return picked;
}

/** Claims one due delivery and makes the attempt; false when another process had it. */
export async function sendDelivery(ctx: DeliveryContext, id: string): Promise<boolean> {
  const claimed = await claim(ctx.db, id, ctx.now());
  if (!claimed) return false; // another process took it
  await attempt(ctx, claimed);
  return true;
}

/** Claims a due delivery for this process; undefined when another has it. */
async function claim(db: Db, id: string, now: Date): Promise<Delivery | undefined> {
  if (!(await claimDelivery(db, id, now, new Date(now.getTime() + CLAIM_MS)))) return undefined;
  const row = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row;
}

/** The secret a delivery is signed with: its endpoint's, or the owner's callback secret. */
async function secretFor(db: Db, delivery: Delivery, now: Date): Promise<string> {
  if (delivery.webhook_id) {
    const hook = await db
      .selectFrom("webhooks")
      .select("secret")
      .where("id", "=", delivery.webhook_id)
      .executeTakeFirst();
    if (hook) return hook.secret;
  }
  return callbackSecretOf(db, delivery.user_id, now);
}

/** One attempt: POSTs the body, signed now, and records the outcome. */
async function attempt(ctx: DeliveryContext, delivery: Delivery): Promise<void> {
  const { db, now, timing } = ctx;
  const sentAt = now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const secret = await secretFor(db, delivery, sentAt);
    const timeoutMs = await attemptTimeout(db, delivery, timing);
    const response = await safeFetch(delivery.url, {
      rules: ctx.rules,
      method: "POST",
      body: delivery.payload,
      maxRedirects: 0,
      timeoutMs,
      limitBytes: 64 * 1024,
      headers: {
        "content-type": "application/json",
        "user-agent": ctx.userAgent,
        "verbatim-signature": signatureHeader(
          secret,
          delivery.payload,
          Math.floor(sentAt.getTime() / 1000),
        ),
        "verbatim-delivery": delivery.id,
        "verbatim-event": delivery.event_type,
      },
    });
    status = response.status;
    await readSome(response.body, 4096).catch(() => "");
  } catch (caught) {
    error = (caught as { code?: string }).code ?? "FAILED";
  }
  const attempts = delivery.attempts + 1;
  const finished = now();
  const common = {
    attempts,
    last_attempt_at: sentAt.toISOString(),
    response_status: status,
    last_error:
      error ?? (status !== null && (status < 200 || status > 299) ? `HTTP ${status}` : null),
    claimed_until: null,
  };
  if (status !== null && status >= 200 && status <= 299) {
    await recordDeliveryAttempt(db, delivery.id, {
      ...common,
      status: "delivered",
      delivered_at: finished.toISOString(),
    });
    return;
  }
  const delay = Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** (attempts - 1));
  const next = new Date(finished.getTime() + delay);
  const giveUpAt = new Date(delivery.created_at).getTime() + timing.giveUpAfterMs;
  const givenUp = next.getTime() > giveUpAt;
  await recordDeliveryAttempt(db, delivery.id, {
    ...common,
    status: givenUp ? "failed" : "pending",
    next_attempt_at: next.toISOString(),
  });
  ctx.log.info(
    { deliveryId: delivery.id, status, error, attempts, givenUp },
    "webhook delivery not accepted",
  );
}
