import { afterEach, describe, expect, test } from "vitest";
import { claimTaskRun } from "../src/schedule/once-per-period.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

describe.each(DATABASE_KINDS)("once per period across processes (%s)", (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  test("of many racing claims for one task and period exactly one wins; the next period is free", async () => {
    const database = await createTestDatabase(kind);
    close = database.close;
    const now = new Date("2026-11-21T00:00:00Z");
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimTaskRun(database.db, "daily-report", "2026-11-21", now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTaskRun(database.db, "daily-report", "2026-11-22", now)).toBe(true);
    expect(await claimTaskRun(database.db, "other-task", "2026-11-21", now)).toBe(true);
  });
});
