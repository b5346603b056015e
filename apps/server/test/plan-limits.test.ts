import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/http/app-error.js";
import { priorityOf } from "../src/jobs/queue-order.js";
import {
  effectivePlan,
  mayHoldPacks,
  packPurchaseRefusal,
  planLimits,
  subscribedPlan,
} from "../src/plans/plan-limits.js";
import { retentionEnds } from "../src/transcriptions/listening-copy.js";
import { createSession } from "../src/uploads/upload-sessions.js";
import { queuedJob } from "./support/queued-job.js";
import { signedInUser } from "./support/transcription-app.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

const DAY = 86_400_000;

describe("plan limits (one rule for which plan applies)", () => {
  it("applies a subscription's plan only while it is active", () => {
    expect(effectivePlan({ plan_type: "pro", status: "active" })).toBe("pro");
    expect(effectivePlan({ plan_type: "pro", status: "inactive" })).toBe("free");
    expect(effectivePlan({ plan_type: "basic", status: "incomplete" })).toBe("free");
    expect(effectivePlan(undefined)).toBe("free");
    expect(effectivePlan({ plan_type: "gold", status: "active" })).toBe("free");
  });

  it("names the subscribed plan whatever its status (billing changes from it)", () => {
    expect(subscribedPlan({ plan_type: "pro" })).toBe("pro");
    expect(subscribedPlan(undefined)).toBe("free");
    expect(mayHoldPacks({ plan_type: "standard" })).toBe(true);
    expect(mayHoldPacks({ plan_type: "free" })).toBe(false);
    expect(mayHoldPacks(undefined)).toBe(false);
  });

  it("gives each plan its limits: paid plans go first in the queue", () => {
    expect(planLimits("free")).toEqual({
      plan: "free",
      secondsPerMonth: 20 * 60,
      openUploads: 1,
      audioRetentionDays: 7,
      queuePriority: 1,
    });
    expect(planLimits("pro")).toMatchObject({ openUploads: 10, audioRetentionDays: 90 });
    for (const plan of ["basic", "standard", "pro"] as const)
      expect(planLimits(plan).queuePriority).toBeLessThan(planLimits("free").queuePriority);
  });

  it("sells packs to active Basic subscribers only", () => {
    expect(packPurchaseRefusal({ plan_type: "basic", status: "active" })).toBeNull();
    expect(packPurchaseRefusal({ plan_type: "basic", status: "inactive" })).toBe("NO_SUBSCRIPTION");
    expect(packPurchaseRefusal(undefined)).toBe("NO_SUBSCRIPTION");
    expect(packPurchaseRefusal({ plan_type: "free", status: "active" })).toBe(
      "FREE_PLAN_UPGRADE_REQUIRED",
    );
    expect(packPurchaseRefusal({ plan_type: "pro", status: "active" })).toBe("BASIC_PLAN_REQUIRED");
  });
});

describe.each(DATABASE_KINDS)("every limit follows the same plan, on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const uploadDir = mkdtempSync(join(tmpdir(), "verbatim-plan-limits-"));
  const now = new Date("2026-11-24T00:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function userOn(plan: "free" | "pro", status: "active" | "inactive") {
    const user = await signedInUser(database.db);
    await database.db
      .updateTable("subscriptions")
      .set({ plan_type: plan, status })
      .where("user_id", "=", user.id)
      .execute();
    return user.id;
  }

  /** How many chunked uploads the user may keep open at once (up to 12). */
  async function openUploadsAllowed(userId: string): Promise<number> {
    for (let open = 0; open < 12; open++) {
      try {
        await createSession(database.db, uploadDir, userId, now);
      } catch (error) {
        if (error instanceof AppError && error.code === "TOO_MANY_UPLOADS") return open;
        throw error;
      }
    }
    return 12;
  }

  async function limitsSeen(userId: string) {
    const ends = await retentionEnds(database.db, userId, now);
    const job = await queuedJob(database.db, userId, `job-${userId}`, now);
    return {
      retentionDays: Math.round((Date.parse(ends) - now.getTime()) / DAY),
      openUploads: await openUploadsAllowed(userId),
      priority: await priorityOf(database.db, job),
    };
  }

  it("gives an active Pro plan Pro's limits everywhere", async () => {
    const pro = await limitsSeen(await userOn("pro", "active"));
    const free = await limitsSeen(await userOn("free", "active"));
    expect(pro.retentionDays).toBe(90);
    expect(pro.openUploads).toBe(10);
    expect(pro.priority).toBeLessThan(free.priority);
    expect(free).toMatchObject({ retentionDays: 7, openUploads: 1 });
  });

  it("gives a Pro plan whose payment failed Free's limits everywhere, not Pro's in some", async () => {
    const lapsing = await limitsSeen(await userOn("pro", "inactive"));
    const free = await limitsSeen(await userOn("free", "active"));
    expect(lapsing).toEqual(free);
  });
});
