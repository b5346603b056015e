import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.js";
import {
  chargeMinutes,
  minuteBalance,
  minuteCredits,
  releaseMinutes,
  reserveMinutes,
  rollDuePeriods,
} from "../src/minutes/minute-ledger.js";
import { addMonths } from "../src/minutes/billing-period.js";
import { newLedgerUser } from "./support/ledger-user.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

const T0 = new Date("2026-01-31T10:00:00.000Z");

describe.each(DATABASE_KINDS)("the minutes ledger on %s", (kind) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(kind));
  });
  afterAll(() => close());

  const newUser = () => newLedgerUser(db, T0);

  async function addPack(userId: string, minutes: number): Promise<void> {
    await db
      .insertInto("minute_ledger")
      .values({
        user_id: userId,
        kind: "purchase",
        pool: "pack",
        seconds: minutes * 60,
        idempotency_key: `test-pack:${randomUUID()}`,
        reference: null,
        created_at: T0.toISOString(),
      })
      .execute();
  }

  it("starts a new user on Free with 20 minutes", async () => {
    const user = await newUser();
    expect(await minuteCredits(db, user, T0)).toEqual({ credits: 20, additionalCredits: 0 });
  });

  it("reserves, then charges the actual duration and gives the rest back", async () => {
    const user = await newUser();
    await reserveMinutes(db, user, "job-1", 300, T0); // 5 min reserved
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 900, packSeconds: 0 });
    await chargeMinutes(db, user, "job-1", 241, T0); // 4 min 1 s used
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 1200 - 241, packSeconds: 0 });
    await chargeMinutes(db, user, "job-1", 241, T0); // a retried charge counts once
    await releaseMinutes(db, user, "job-1", T0); // and a late release does nothing
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 959, packSeconds: 0 });
  });

  it("releases a failed job's reservation in full, once", async () => {
    const user = await newUser();
    await reserveMinutes(db, user, "job-2", 600, T0);
    await reserveMinutes(db, user, "job-2", 600, T0); // a retried reservation counts once
    expect((await minuteBalance(db, user, T0)).planSeconds).toBe(600);
    await releaseMinutes(db, user, "job-2", T0);
    await releaseMinutes(db, user, "job-2", T0);
    expect((await minuteBalance(db, user, T0)).planSeconds).toBe(1200);
  });

  it("spends plan minutes before pack minutes, and refunds pack minutes first", async () => {
    const user = await newUser();
    await addPack(user, 500);
    await reserveMinutes(db, user, "job-3", 1500, T0); // 1200 plan + 300 pack
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 0, packSeconds: 29_700 });
    await chargeMinutes(db, user, "job-3", 1300, T0); // 1200 plan + 100 pack used
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 0, packSeconds: 29_900 });
  });

  it("refuses a job longer than the minutes left with 402 INSUFFICIENT_MINUTES", async () => {
    const user = await newUser();
    await expect(reserveMinutes(db, user, "job-4", 21 * 60, T0)).rejects.toMatchObject({
      status: 402,
      code: "INSUFFICIENT_MINUTES",
      message: expect.stringContaining("This file needs 21 minutes but you have 20 left."),
    });
    expect((await minuteBalance(db, user, T0)).planSeconds).toBe(1200);
  });

  it("never lets two uploads at the same moment spend the same minutes", async () => {
    const user = await newUser();
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => reserveMinutes(db, user, `race-${i}`, 400, T0)),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(3); // 3 × 400 s = 20 min
    expect(attempts.filter((a) => a.status === "rejected")).toHaveLength(5);
    expect((await minuteBalance(db, user, T0)).planSeconds).toBe(0);
  });

  it("resets plan minutes at each new month; pack minutes stay", async () => {
    const user = await newUser();
    await addPack(user, 500);
    await reserveMinutes(db, user, "job-5", 1000, T0);
    await chargeMinutes(db, user, "job-5", 1000, T0);
    expect(await minuteBalance(db, user, T0)).toEqual({ planSeconds: 200, packSeconds: 30_000 });
    const nextMonth = addMonths(T0, 1); // Jan 31 → Feb 28
    expect(nextMonth.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(await minuteBalance(db, user, new Date(nextMonth.getTime() - 1))).toEqual({
      planSeconds: 200,
      packSeconds: 30_000,
    });
    expect(await minuteBalance(db, user, nextMonth)).toEqual({
      planSeconds: 1200,
      packSeconds: 30_000,
    });
    // Asking again in the same period does not grant again; skipping months grants once.
    expect((await minuteBalance(db, user, nextMonth)).planSeconds).toBe(1200);
    expect((await minuteBalance(db, user, addMonths(T0, 4))).planSeconds).toBe(1200);
  });

  it("answers a retried charge with the first answer when the period ended mid-job", async () => {
    const user = await newUser();
    await reserveMinutes(db, user, "job-6", 300, T0); // 5 min of January's plan
    const nextMonth = addMonths(T0, 1);
    // February begins while the job runs (anything that reads the account rolls it over).
    expect((await minuteBalance(db, user, nextMonth)).planSeconds).toBe(1200);
    // 100 s used; the 200 unused seconds belonged to January and expired with it.
    expect(await chargeMinutes(db, user, "job-6", 100, nextMonth)).toBe(100);
    // A settlement retried (its row update failed after the charge committed) says the same.
    expect(await chargeMinutes(db, user, "job-6", 100, nextMonth)).toBe(100);
    expect(await releaseMinutes(db, user, "job-6", nextMonth)).toBe(100);
    expect(await minuteBalance(db, user, nextMonth)).toEqual({ planSeconds: 1200, packSeconds: 0 });
  });

  it("resets due Free periods on schedule, even for users who do not come back", async () => {
    // A database of its own, so the number of periods rolled is this test's one user, exactly.
    const own = await createTestDatabase(kind);
    try {
      await rollsOneUsersPeriod(own.db);
    } finally {
      await own.close();
    }
  });

  async function rollsOneUsersPeriod(fresh: Db): Promise<void> {
    const user = await newLedgerUser(fresh, T0);
    await reserveMinutes(fresh, user, `job-${user}`, 300, T0);
    await chargeMinutes(fresh, user, `job-${user}`, 300, T0);
    const nextMonth = addMonths(T0, 1);
    // A minute before the period ends nothing is due.
    expect(await rollDuePeriods(fresh, new Date(nextMonth.getTime() - 60_000))).toBe(0);
    const before = await fresh
      .selectFrom("minute_ledger")
      .select("kind")
      .where("user_id", "=", user)
      .where("kind", "=", "reset")
      .execute();
    expect(before).toEqual([]);
    expect(await rollDuePeriods(fresh, nextMonth)).toBe(1);
    // Rolled once: the same moment again finds nothing due and grants nothing more.
    expect(await rollDuePeriods(fresh, nextMonth)).toBe(0);
    const after = await fresh
      .selectFrom("minute_ledger")
      .select(["kind", "seconds"])
      .where("user_id", "=", user)
      .where("kind", "in", ["reset", "grant"])
      .orderBy("id")
      .execute();
    expect(after.map((row) => [row.kind, Number(row.seconds)])).toEqual([
      ["grant", 1200],
      ["reset", -900],
      ["grant", 1200],
    ]);
  }
});
