import { describe, expect, it } from "vitest";
import { upgradeQuote, type PaidPeriod } from "./upgrade-credit.js";

const DAY = 86_400_000;
const now = new Date("2026-11-24T12:00:00Z");
/** A paid period that started `used` days ago and ends `left` days from now. */
const period = (plan: string, used: number, left: number, paid = true): PaidPeriod => ({
  plan_type: plan,
  status: "active",
  current_period_start: new Date(now.getTime() - used * DAY).toISOString(),
  current_period_end: new Date(now.getTime() + left * DAY).toISOString(),
  provider_subscription_id: paid ? "sub_1" : null,
});

describe("the price of an upgrade", () => {
  it("credits the unused part of a paid Basic period against Standard and Pro", () => {
    // Basic $6.00, 10 of 30 days used: $4.00 unused.
    expect(upgradeQuote(period("basic", 10, 20), "standard", now)).toEqual({
      plan: "standard",
      priceCents: 1350,
      creditCents: 400,
      dueCents: 950,
      creditFrom: "basic",
    });
    expect(upgradeQuote(period("basic", 10, 20), "pro", now).dueCents).toBe(2000);
    // Standard $13.50 to Pro $24.00 on the last day of 30: $0.45 unused.
    expect(upgradeQuote(period("standard", 29, 1), "pro", now).creditCents).toBe(45);
  });

  it("credits nothing from Free, an unpaid grant, a move down or sideways, or an ended period", () => {
    const full = { creditCents: 0, creditFrom: null };
    expect(upgradeQuote(undefined, "basic", now)).toMatchObject({ ...full, dueCents: 600 });
    expect(upgradeQuote(period("free", 10, 20), "basic", now)).toMatchObject(full);
    expect(upgradeQuote(period("basic", 10, 20, false), "standard", now)).toMatchObject(full);
    expect(upgradeQuote(period("pro", 10, 20), "standard", now)).toMatchObject(full);
    expect(upgradeQuote(period("standard", 10, 20), "standard", now)).toMatchObject(full);
    expect(upgradeQuote(period("basic", 31, -1), "standard", now)).toMatchObject(full);
    expect(
      upgradeQuote({ ...period("basic", 10, 20), status: "inactive" }, "pro", now),
    ).toMatchObject(full);
  });

  it("never credits more than the old period was worth, even when it started in the future", () => {
    const early = period("basic", -5, 35);
    expect(upgradeQuote(early, "standard", now).creditCents).toBe(600);
  });
});
