import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDailyReport } from "../src/admin/report-mail.js";
import type { UsageReport } from "../src/admin/usage.js";
import { reserveMinutes } from "../src/minutes/minute-ledger.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

interface AdminUser {
  id: string;
  email: string;
  planType: string;
  planMinutes: number;
  packMinutes: number;
  lastJobAt: string | null;
}

describe.each(DATABASE_KINDS)("admin user list and minute grants on %s", (kind) => {
  let api: TestApi;
  let admin: TestUser;
  let member: TestUser;
  const memberEmail = `ada_${randomUUID().slice(0, 8)}@example.com`;

  const get = (path: string, user: TestUser) => fetch(`${api.base}${path}`, { headers: user.auth });
  const users = async (search: string) =>
    (await (
      await get(`/api/admin/users?${new URLSearchParams({ search })}`, admin)
    ).json()) as AdminUser[];
  const grant = (userId: string, body: unknown, by = admin) =>
    api.post(`/api/admin/users/${userId}/minutes`, body, by.auth);

  beforeAll(async () => {
    api = await startTestApi(kind, { ADMIN_EMAILS: "admin@example.com", WORKER_CONCURRENCY: "0" });
    admin = await signedInUser(api.db, { email: "admin@example.com" });
    member = await signedInUser(api.db, { email: memberEmail });
    await signedInUser(api.db, { email: "someone_else@example.com" });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists users with plan, minutes and last job, searched literally", async () => {
    const all = await users("");
    expect(all.map((user) => user.email)).toEqual(
      expect.arrayContaining(["admin@example.com", memberEmail]),
    );
    const found = await users(memberEmail.slice(0, 12).toUpperCase());
    expect(found).toEqual([
      expect.objectContaining({
        id: member.id,
        email: memberEmail,
        planType: "free",
        planMinutes: 20,
        packMinutes: 0,
        lastJobAt: null,
      }),
    ]);
    // "_" is a wildcard in SQL LIKE; here it only matches itself.
    expect((await users("ada_")).map((user) => user.email)).toEqual([memberEmail]);
    expect(await users("a%a")).toEqual([]);
  });

  it("grants minutes with a reason that goes into the ledger, once per request", async () => {
    const requestId = randomUUID();
    const body = { minutes: 45, pool: "pack", reason: "  Refund for a failed upload  ", requestId };
    const first = await grant(member.id, body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ granted: true, planMinutes: 20, packMinutes: 45 });
    const again = await grant(member.id, body);
    expect(await again.json()).toEqual({ granted: false, planMinutes: 20, packMinutes: 45 });

    const entries = await api.db
      .selectFrom("minute_ledger")
      .select(["kind", "pool", "seconds", "reference"])
      .where("user_id", "=", member.id)
      .where("kind", "=", "admin_grant")
      .execute();
    expect(entries).toEqual([
      {
        kind: "admin_grant",
        pool: "pack",
        seconds: 45 * 60,
        reference: "admin@example.com: Refund for a failed upload",
      },
    ]);
    const me = (await (await get("/api/auth/me", member)).json()) as {
      credits: number;
      additionalCredits: number;
    };
    expect(me).toMatchObject({ credits: 20, additionalCredits: 45 });
    expect((await users(memberEmail))[0]).toMatchObject({ planMinutes: 20, packMinutes: 45 });
  });

  it("shows a balance whose Free period has ended as the user sees it: rolled forward", async () => {
    const email = `stale_${randomUUID().slice(0, 8)}@example.com`;
    const lapsed = await signedInUser(api.db, { email });
    await reserveMinutes(api.db, lapsed.id, randomUUID(), 15 * 60); // 5 of 20 minutes left
    expect((await users(email))[0]).toMatchObject({ planMinutes: 5 });
    await api.db
      .updateTable("subscriptions")
      .set({ current_period_start: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where("user_id", "=", lapsed.id)
      .execute();
    // The admin looks first: the list must not show last period's 5 minutes.
    expect((await users(email))[0]).toMatchObject({ planMinutes: 20, packMinutes: 0 });
    const me = (await (await get("/api/auth/me", lapsed)).json()) as { credits: number };
    expect(me.credits).toBe(20);
  });

  it("grants plan minutes onto a Free period that has ended after rolling it, so they are kept", async () => {
    const email = `late_${randomUUID().slice(0, 8)}@example.com`;
    const late = await signedInUser(api.db, { email });
    await api.db
      .updateTable("subscriptions")
      .set({ current_period_start: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where("user_id", "=", late.id)
      .execute();
    const body = { minutes: 30, pool: "plan", reason: "goodwill", requestId: randomUUID() };
    expect(await (await grant(late.id, body)).json()).toEqual({
      granted: true,
      planMinutes: 50,
      packMinutes: 0,
    });
    const me = (await (await get("/api/auth/me", late)).json()) as { credits: number };
    expect(me.credits).toBe(50); // not reset to 20 by the roll the grant came before
  });

  it.each([
    [{ minutes: 0, reason: "x" }, 400],
    [{ minutes: -30, reason: "taking back" }, 400],
    [{ minutes: 1.5, reason: "x" }, 400],
    [{ minutes: 100_001, reason: "typo" }, 400],
    [{ minutes: 10, reason: "   " }, 400],
    [{ minutes: 10 }, 400],
  ])("refuses a bad grant %j with %i and changes nothing", async (partial, status) => {
    const before = await users(memberEmail);
    const response = await grant(member.id, { pool: "plan", requestId: randomUUID(), ...partial });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(/\w/);
    expect(await users(memberEmail)).toEqual(before);
  });

  it("refuses an unknown user (404) and anyone but an admin (401, 403)", async () => {
    const body = { minutes: 5, pool: "plan", reason: "x", requestId: randomUUID() };
    expect((await grant(randomUUID(), body)).status).toBe(404);
    expect((await grant(member.id, body, member)).status).toBe(403);
    expect((await get("/api/admin/users", member)).status).toBe(403);
    expect((await fetch(`${api.base}/api/admin/users`)).status).toBe(401);
  });
});

describe("the daily report names the window it covers", () => {
  const report = (from: string, to: string) =>
    ({
      period: { from, to },
      signups: 0,
      activeUsers: 0,
      transcriptions: { completed: 0, failed: 0, cancelled: 0, failuresByCode: [] },
      minutesProcessed: 0,
      revenue: { totalCents: 0, byPlan: [], byPack: [] },
      queue: { queued: 0, processing: 0, oldestQueuedAgeSeconds: null },
      parkedUploads: { sessions: 0, users: 0, bytes: 0 },
      daily: [],
    }) as unknown as UsageReport; // only the fields the e-mail reads

  it("dates the 2026-11-22 08:00 → 2026-11-23 08:00 HKT report the 23rd, in both languages", () => {
    const window = report("2026-11-22T00:00:00.000Z", "2026-11-23T00:00:00.000Z");
    const en = renderDailyReport(window, "en", "https://verbatim.test");
    expect(en.subject).toBe("Verbatim daily report for 2026-11-23");
    expect(en.text).toContain("Usage from 2026-11-22 08:00 to 2026-11-23 08:00 (Hong Kong time).");
    expect(en.html).toContain("2026-11-22 08:00 to 2026-11-23 08:00");
    const zh = renderDailyReport(window, "zh-HK", "https://verbatim.test");
    expect(zh.subject).toBe("Verbatim 每日報告（2026-11-23）");
    expect(zh.text).toContain("由 2026-11-22 08:00 至 2026-11-23 08:00（香港時間）的使用情況。");
  });
});
