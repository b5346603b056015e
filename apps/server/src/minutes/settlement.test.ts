// The reservation and settlement rules on an in-memory ledger book: the order of the rules in
// milliseconds. The SQL book, its lock and its races are tested over HTTP on SQLite and
// PostgreSQL (apps/server/test: ledger, reservation-with-job, fleet).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BookEntry, LedgerBook } from "./ledger-book.js";
import { chargeIn, releaseIn, reserveIn } from "./settlement.js";

interface Row extends BookEntry {
  key: string;
  reference: string | null;
}

/** A ledger in memory with the SQL book's semantics: unique keys, zero entries skipped. */
function memoryBook(plan: number, pack: number) {
  const rows: Row[] = [];
  let nextId = 1;
  const push = (kind: string, pool: "plan" | "pack", seconds: number, key: string) =>
    rows.push({ id: nextId++, kind, pool, seconds, key, reference: null });
  push("grant", "plan", plan, "grant:start");
  if (pack > 0) push("purchase", "pack", pack, "purchase:start");
  const sum = (pool: "plan" | "pack") =>
    rows.filter((row) => row.pool === pool).reduce((total, row) => total + row.seconds, 0);
  const book: LedgerBook = {
    balance: async () => ({ planSeconds: sum("plan"), packSeconds: sum("pack") }),
    has: async (key) => rows.some((row) => row.key === key),
    add: async (kind, pool, seconds, key, reference) => {
      if (seconds === 0 && kind !== "charge") return;
      if (rows.some((row) => row.key === key)) return;
      rows.push({ id: nextId++, kind, pool, seconds, key, reference });
    },
    entriesOf: async (reference) => rows.filter((row) => row.reference === reference),
    planGrantedAfter: async (id) =>
      rows.some((row) => row.pool === "plan" && row.kind === "grant" && row.id > id),
  };
  /** A new period: unused plan seconds expire, the allowance is granted again. */
  const renew = (allowance: number) => {
    push("reset", "plan", -sum("plan"), `reset:${nextId}`);
    push("grant", "plan", allowance, `grant:${nextId}`);
  };
  return { book, rows, renew, plan: () => sum("plan"), pack: () => sum("pack") };
}

describe("reserving", () => {
  it("takes plan seconds first, then pack seconds, rounded up to whole seconds", async () => {
    const ledger = memoryBook(60, 100);
    await reserveIn(ledger.book, "job", 90.2);
    expect([ledger.plan(), ledger.pack()]).toEqual([0, 69]);
  });

  it("refuses more than both pools hold with 402 INSUFFICIENT_MINUTES, writing nothing", async () => {
    const ledger = memoryBook(60, 30);
    const before = ledger.rows.length;
    await expect(reserveIn(ledger.book, "job", 91)).rejects.toMatchObject({
      code: "INSUFFICIENT_MINUTES",
      status: 402,
    });
    expect(ledger.rows.length).toBe(before);
  });

  it("reserves once for a job however often it is asked", async () => {
    const ledger = memoryBook(600, 0);
    await reserveIn(ledger.book, "job", 100);
    await reserveIn(ledger.book, "job", 100);
    expect(ledger.plan()).toBe(500);
  });
});

describe("settling", () => {
  it("charges the actual duration and gives the rest back, pack seconds first", async () => {
    const ledger = memoryBook(60, 100);
    await reserveIn(ledger.book, "job", 120); // 60 plan + 60 pack
    expect(await chargeIn(ledger.book, "job", 70.4)).toBe(71);
    expect([ledger.plan(), ledger.pack()]).toEqual([0, 89]);
  });

  it("charges once: a second charge or a later release changes nothing and says the cost", async () => {
    const ledger = memoryBook(600, 0);
    await reserveIn(ledger.book, "job", 100);
    expect(await chargeIn(ledger.book, "job", 40)).toBe(40);
    expect(await chargeIn(ledger.book, "job", 90)).toBe(40);
    expect(await releaseIn(ledger.book, "job")).toBe(40);
    expect(ledger.plan()).toBe(560);
  });

  it("never charges more than was reserved", async () => {
    const ledger = memoryBook(600, 0);
    await reserveIn(ledger.book, "job", 100);
    expect(await chargeIn(ledger.book, "job", 5_000)).toBe(100);
    expect(ledger.plan()).toBe(500);
  });

  it("releases in full, once; a charge after a release charges nothing", async () => {
    const ledger = memoryBook(60, 100);
    await reserveIn(ledger.book, "job", 120);
    expect(await releaseIn(ledger.book, "job")).toBe(0);
    expect(await releaseIn(ledger.book, "job")).toBe(0);
    expect([ledger.plan(), ledger.pack()]).toEqual([60, 100]);
    expect(await chargeIn(ledger.book, "job", 50)).toBe(0);
    expect([ledger.plan(), ledger.pack()]).toEqual([60, 100]);
  });

  it("answers the same cost when asked again after the period ended between reserving and charging", async () => {
    // Found by the random sequences below: the unused plan second expired with its period, and
    // a second charge (a retried settlement) counted it as charged.
    const ledger = memoryBook(300, 200);
    await reserveIn(ledger.book, "job", 100);
    ledger.renew(300);
    expect(await chargeIn(ledger.book, "job", 40)).toBe(40);
    expect(await chargeIn(ledger.book, "job", 40)).toBe(40);
    expect(await releaseIn(ledger.book, "job")).toBe(40);
    // The 60 unused seconds expired with the ended period: nothing came back to the new one.
    expect([ledger.plan(), ledger.pack()]).toEqual([300, 200]);
  });

  it("does not give plan seconds of an ended period back to the new one; pack seconds always", async () => {
    const ledger = memoryBook(60, 100);
    await reserveIn(ledger.book, "job", 120); // 60 plan + 60 pack
    ledger.renew(1200);
    expect(await releaseIn(ledger.book, "job")).toBe(0);
    expect([ledger.plan(), ledger.pack()]).toEqual([1200, 100]);
  });
});

describe("over random sequences", () => {
  const step = fc.oneof(
    fc.record({
      verb: fc.constant("reserve" as const),
      job: fc.integer({ min: 0, max: 4 }),
      seconds: fc.double({ min: 0, max: 400, noNaN: true }),
    }),
    fc.record({
      verb: fc.constant("charge" as const),
      job: fc.integer({ min: 0, max: 4 }),
      seconds: fc.double({ min: 0, max: 600, noNaN: true }),
    }),
    fc.record({ verb: fc.constant("release" as const), job: fc.integer({ min: 0, max: 4 }) }),
    fc.record({ verb: fc.constant("renew" as const) }),
  );

  it("no pool goes below zero, and no job costs more than it reserved or is charged twice", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const ledger = memoryBook(300, 200);
        const reserved = new Map<number, number>();
        const charged = new Map<number, number>();
        for (const s of steps) {
          if (s.verb === "renew") ledger.renew(300);
          else if (s.verb === "reserve") {
            try {
              await reserveIn(ledger.book, `job-${s.job}`, s.seconds);
              if (!reserved.has(s.job)) reserved.set(s.job, Math.ceil(s.seconds));
            } catch (error) {
              expect(error).toMatchObject({ code: "INSUFFICIENT_MINUTES" });
            }
          } else {
            const cost =
              s.verb === "charge"
                ? await chargeIn(ledger.book, `job-${s.job}`, s.seconds)
                : await releaseIn(ledger.book, `job-${s.job}`);
            expect(cost).toBeLessThanOrEqual(reserved.get(s.job) ?? 0);
            if (charged.has(s.job)) expect(cost).toBe(charged.get(s.job));
            if (s.verb === "charge") charged.set(s.job, cost);
          }
          expect(ledger.plan()).toBeGreaterThanOrEqual(0);
          expect(ledger.pack()).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
