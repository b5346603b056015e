import { describe, expect, it } from "vitest";
import { MINUTE_PACKS, PLANS, savingPercent } from "./plans.js";

describe("plans and packs", () => {
  it("sells larger plans and packs at the savings the pages advertise", () => {
    expect(savingPercent(PLANS.basic.minutesPerMonth, PLANS.basic.priceCents)).toBe(0);
    expect(savingPercent(PLANS.standard.minutesPerMonth, PLANS.standard.priceCents)).toBe(10);
    expect(savingPercent(PLANS.pro.minutesPerMonth, PLANS.pro.priceCents)).toBe(20);
    expect(savingPercent(MINUTE_PACKS[500].minutes, MINUTE_PACKS[500].priceCents)).toBe(10);
    expect(savingPercent(MINUTE_PACKS[1000].minutes, MINUTE_PACKS[1000].priceCents)).toBe(20);
    expect(savingPercent(PLANS.free.minutesPerMonth, PLANS.free.priceCents)).toBe(0);
  });
});
