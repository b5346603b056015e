import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activatePlan,
  currentSubscription,
  switchToFree,
} from "../src/billing/subscription-changes.js";
import type { Db } from "../src/db/database.js";
import { AppError } from "../src/http/app-error.js";
import { addMonths } from "../src/minutes/billing-period.js";
import {
  addEntry,
  LedgerInvariantError,
  sumPools,
  withUserLock,
} from "../src/minutes/ledger-entries.js";
import {
  chargeMinutes,
  chargeTranscribed,
  minuteBalance,
  minuteCredits,
  releaseMinutes,
  reserveMinutes,
} from "../src/minutes/minute-ledger.js";
import type { PlanType } from "../src/minutes/plans.js";
import { planSeconds } from "../src/plans/plan-limits.js";
import { newLedgerUser } from "./support/ledger-user.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

// The ledger's promises, checked against any order of events a user and the billing system can
// produce: no pool ever goes below zero, plan seconds never exceed the plan's allowance (a
// reservation made before a reset is not given back onto the new period), and a job is settled
// once (charged or released, never both, never twice).

const T0 = new Date("2026-01-31T10:00:00.000Z");

type Op =
  | { kind: "reserve"; job: number; seconds: number }
  | { kind: "charge"; job: number; seconds: number }
  | { kind: "release"; job: number }
  | { kind: "stop"; job: number; transcribedSeconds: number }
  | { kind: "wait"; days: number }
  | { kind: "pack"; minutes: number }
  | { kind: "upgrade"; plan: Exclude<PlanType, "free"> }
  | { kind: "downgrade" };

const JOBS = 6;
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("reserve" as const),
    job: fc.nat(JOBS - 1),
    seconds: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({
    kind: fc.constant("charge" as const),
    job: fc.nat(JOBS - 1),
    // Decoded lengths far beyond the reservation: a header that lied.
    seconds: fc.integer({ min: 0, max: 200_000 }),
  }),
  fc.record({ kind: fc.constant("release" as const), job: fc.nat(JOBS - 1) }),
  // A job stopped before completing (a cancel, a hang-up, a failure, a container that lied):
  // charged for what it transcribed, which may be nothing, or (a lying header) past the
  // reservation.
  fc.record({
    kind: fc.constant("stop" as const),
    job: fc.nat(JOBS - 1),
    transcribedSeconds: fc.oneof(
      fc.constant(0),
      fc.double({ min: 0.001, max: 200_000, noNaN: true }),
    ),
  }),
  fc.record({ kind: fc.constant("wait" as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("pack" as const), minutes: fc.constantFrom(60, 300, 1000) }),
  fc.record({
    kind: fc.constant("upgrade" as const),
    plan: fc.constantFrom("basic" as const, "standard" as const, "pro" as const),
  }),
  fc.record({ kind: fc.constant("downgrade" as const) }),
);

describe.each(DATABASE_KINDS)("the minutes ledger stays sound on %s", (kind) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(kind));
  });
  afterAll(() => close());

  const newUser = () => newLedgerUser(db, T0);

  async function apply(user: string, step: Op, now: Date): Promise<Date> {
    const job = (n: number) => `${user}:job-${n}`;
    switch (step.kind) {
      case "reserve":
        await reserveMinutes(db, user, job(step.job), step.seconds, now).catch((error: unknown) => {
          if (!(error instanceof AppError && error.status === 402)) throw error;
        });
        return now;
      case "charge":
        await chargeMinutes(db, user, job(step.job), step.seconds, now);
        return now;
      case "release":
        await releaseMinutes(db, user, job(step.job), now);
        return now;
      case "stop":
        await chargeTranscribed(db, user, job(step.job), step.transcribedSeconds, now);
        return now;
      case "wait": {
        const later = new Date(now.getTime() + step.days * 24 * 3600 * 1000);
        await minuteBalance(db, user, later); // rolls a Free period that has ended
        return later;
      }
      case "pack":
        await addEntry(
          db,
          user,
          "purchase",
          "pack",
          step.minutes * 60,
          `pack:${randomUUID()}`,
          null,
          now,
        );
        return now;
      case "upgrade":
        await withUserLock(db, user, (tx) =>
          activatePlan(
            tx,
            user,
            step.plan,
            { subscriptionId: null, periodEnd: null, key: `upgrade:${randomUUID()}` },
            now,
          ),
        );
        return now;
      case "downgrade":
        await withUserLock(db, user, (tx) =>
          switchToFree(tx, user, `downgrade:${randomUUID()}`, now),
        );
        return now;
    }
  }

  async function expectSound(user: string): Promise<void> {
    const pools = await sumPools(db, user);
    expect(pools.planSeconds).toBeGreaterThanOrEqual(0);
    expect(pools.packSeconds).toBeGreaterThanOrEqual(0);
    const subscription = await currentSubscription(db, user);
    expect(pools.planSeconds).toBeLessThanOrEqual(planSeconds(subscription!.plan_type as PlanType));
    const entries = await db
      .selectFrom("minute_ledger")
      .select(["kind", "reference", "seconds"])
      .where("user_id", "=", user)
      .where("reference", "like", `${user}:job-%`)
      .execute();
    for (let n = 0; n < JOBS; n++) {
      const mine = entries.filter((entry) => entry.reference === `${user}:job-${n}`);
      expect(mine.filter((entry) => entry.kind === "charge").length).toBeLessThanOrEqual(1);
      // A job never costs more than it reserved, and never pays the user.
      const reserved = -mine
        .filter((entry) => entry.kind === "reserve")
        .reduce((sum, entry) => sum + Number(entry.seconds), 0);
      const net = mine.reduce((sum, entry) => sum + Number(entry.seconds), 0);
      expect(net).toBeLessThanOrEqual(0);
      expect(-net).toBeLessThanOrEqual(reserved);
    }
  }

  it("holds over random sequences of reserve, charge, release, reset, packs and plan changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const user = await newUser();
        let now = T0;
        for (const step of ops) {
          now = await apply(user, step, now);
          await expectSound(user);
        }
      }),
      { numRuns: kind === "sqlite" ? 150 : 40 },
    );
  });

  it("charges a stopped job exactly the audio it transcribed, capped at its reservation, once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1200 }),
        fc.oneof(fc.constant(0), fc.double({ min: 0.001, max: 5000, noNaN: true })),
        fc.constantFrom("cancel", "hang-up", "failure", "lying container"),
        fc.boolean(),
        async (reserved, transcribed, _why, settledTwice) => {
          const user = await newUser();
          const jobId = `${user}:job-0`;
          await reserveMinutes(db, user, jobId, reserved, T0);
          const charged = await chargeTranscribed(db, user, jobId, transcribed, T0);
          const expected = Math.min(Math.ceil(transcribed), reserved);
          expect(charged).toBe(expected);
          // A second settlement (a retry, a late cancel after a failure) changes nothing.
          if (settledTwice) {
            expect(await chargeTranscribed(db, user, jobId, transcribed + 60, T0)).toBe(expected);
            await releaseMinutes(db, user, jobId, T0);
          }
          expect(await sumPools(db, user)).toEqual({
            planSeconds: 1200 - expected,
            packSeconds: 0,
          });
          await expectSound(user);
        },
      ),
      { numRuns: kind === "sqlite" ? 60 : 15 },
    );
  });

  it("does not give a reservation made before the monthly reset back onto the new period", async () => {
    const user = await newUser();
    await reserveMinutes(db, user, `${user}:long`, 600, T0);
    const nextMonth = addMonths(T0, 1);
    expect(await minuteBalance(db, user, nextMonth)).toEqual({ planSeconds: 1200, packSeconds: 0 });
    await releaseMinutes(db, user, `${user}:long`, nextMonth);
    expect(await minuteBalance(db, user, nextMonth)).toEqual({ planSeconds: 1200, packSeconds: 0 });
  });

  it("gives pack seconds of a reservation back across a reset (they never expire)", async () => {
    const user = await newUser();
    await addEntry(db, user, "purchase", "pack", 600, `pack:${user}`, null, T0);
    await reserveMinutes(db, user, `${user}:both`, 1500, T0); // 1200 plan + 300 pack
    const nextMonth = addMonths(T0, 1);
    await releaseMinutes(db, user, `${user}:both`, nextMonth);
    expect(await minuteBalance(db, user, nextMonth)).toEqual({
      planSeconds: 1200,
      packSeconds: 600,
    });
  });

  it("charges at most what was reserved, however long the decoded audio was", async () => {
    const user = await newUser();
    await reserveMinutes(db, user, `${user}:liar`, 1, T0);
    await chargeMinutes(db, user, `${user}:liar`, 1500, T0);
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 1199, packSeconds: 0 });
  });

  it("treats a balance left negative by the old rules as none: 0 shown, pack spent, debt not deepened", async () => {
    const user = await newUser();
    // Written directly, as a charge past the reservation did before the cap existed.
    await addEntry(db, user, "charge", "plan", -3000, `old-debt:${user}`, null, T0);
    await addEntry(db, user, "purchase", "pack", 600, `pack:${user}`, null, T0);
    expect(await minuteCredits(db, user, T0)).toEqual({ credits: 0, additionalCredits: 10 });
    await expect(reserveMinutes(db, user, `${user}:too-long`, 601, T0)).rejects.toMatchObject({
      status: 402,
    });
    await reserveMinutes(db, user, `${user}:fits`, 600, T0); // from the pack only
    expect(await sumPools(db, user)).toEqual({ planSeconds: -1800, packSeconds: 0 });
    // The next month forgives the debt: a fresh allowance, never less.
    expect(await minuteBalance(db, user, addMonths(T0, 1))).toEqual({
      planSeconds: 1200,
      packSeconds: 0,
    });
  });

  it("rolls back any change that would take a pool below zero", async () => {
    const user = await newUser();
    await expect(
      withUserLock(db, user, (tx) =>
        addEntry(tx, user, "charge", "plan", -5000, `bad:${user}`, null, T0),
      ),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 1200, packSeconds: 0 });
  });
});
