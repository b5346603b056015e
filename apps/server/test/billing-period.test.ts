import { describe, expect, it } from "vitest";
import { addMonths, currentPeriodStart } from "../src/minutes/billing-period.js";

describe("billing periods", () => {
  it("adds calendar months, clamping to the month's last day", () => {
    expect(addMonths(new Date("2026-01-31T00:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T00:00:00.000Z",
    );
    expect(addMonths(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe(
      "2028-02-29T00:00:00.000Z",
    );
    expect(addMonths(new Date("2026-12-15T00:00:00Z"), 1).toISOString()).toBe(
      "2027-01-15T00:00:00.000Z",
    );
  });

  it("finds the period that contains a moment", () => {
    const anchor = new Date("2026-01-15T00:00:00Z");
    expect(currentPeriodStart(anchor, new Date("2026-01-20T00:00:00Z")).toISOString()).toBe(
      "2026-01-15T00:00:00.000Z",
    );
    expect(currentPeriodStart(anchor, new Date("2026-02-15T00:00:00Z")).toISOString()).toBe(
      "2026-02-15T00:00:00.000Z",
    );
    expect(currentPeriodStart(anchor, new Date("2026-05-01T00:00:00Z")).toISOString()).toBe(
      "2026-04-15T00:00:00.000Z",
    );
  });
});
