import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/database.js";
import { hashPassword } from "../src/auth/password.js";
import { insertUser, setPasswordHash } from "../src/users/repo.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface UsageBody {
  period: { from: string; to: string };
  signups: number;
  activeUsers: number;
  transcriptions: {
    completed: number;
    failed: number;
    cancelled: number;
    failuresByCode: { code: string; count: number }[];
  };
  minutesProcessed: number;
  revenue: {
    totalCents: number;
    byPlan: { product: string; count: number; amountCents: number }[];
    byPack: { product: string; count: number; amountCents: number }[];
  };
  queue: { queued: number; processing: number; oldestQueuedAgeSeconds: number | null };
  daily: {
    date: string;
    signups: number;
    transcriptions: number;
    minutes: number;
    revenueCents: number;
  }[];
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function insertJob(
  db: Db,
  job: {
    userId: string;
    status: string;
    durationMs?: number;
    errorCode?: string;
    createdAt: string;
    finishedAt?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("transcriptions")
    .values({
      id,
      user_id: job.userId,
      file_name: "talk.mp3",
      status: job.status,
      model: "whisper-1",
      engine_model: "base",
      options_json: "{}",
      media_path: null,
      media_bytes: 1000,
      duration_ms: job.durationMs ?? 60_000,
      language: null,
      cues_json: null,
      progress: 0,
      eta_ms: null,
      error_code: job.errorCode ?? null,
      error_message: null,
      attempts: 0,
      worker_id: null,
      heartbeat_at: null,
      created_at: job.createdAt,
      updated_at: job.finishedAt ?? job.createdAt,
      started_at: null,
      finished_at: job.finishedAt ?? null,
    })
    .execute();
  return id;
}

async function insertCheckout(
  db: Db,
  sale: {
    userId: string;
    kind: string;
    product: string;
    cents: number;
    status: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("checkout_sessions")
    .values({
      id: randomUUID(),
      user_id: sale.userId,
      provider: "local",
      provider_session_id: randomUUID(),
      kind: sale.kind,
      product: sale.product,
      amount_cents: sale.cents,
      status: sale.status,
      created_at: sale.at,
      completed_at: sale.status === "completed" ? sale.at : null,
    })
    .execute();
}

describe.each(DATABASE_KINDS)("admin reports on %s", (kind) => {
  let api: TestApi;
  let inbox: SmtpInbox;
  let admin: TestUser;
  let boss: TestUser;
  let member: TestUser;
  let other: TestUser;
  const threeDaysAgo = ago(3 * DAY);

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api.base}${path}`, { headers });

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    api = await startTestApi(kind, {
      SMTP_URL: inbox.url,
      // No workers: the queued rows below must stay queued.
      WORKER_CONCURRENCY: "0",
      // Mixed case on purpose: the setting is matched case-insensitively.
      ADMIN_EMAILS: "Admin@Example.com, boss@example.com",
    });
    admin = await signedInUser(api.db, { email: "admin@example.com" });
    boss = await signedInUser(api.db, { email: "boss@example.com", locale: "zh-HK" });
    member = await signedInUser(api.db);
    other = await signedInUser(api.db);
    // Signed up three days ago: outside the last 24 hours, inside the 30-day series.
    const old = await insertUser(
      api.db,
      { id: randomUUID(), email: "old@example.com", name: "Old", locale: "en" },
      new Date(threeDaysAgo),
    );

    await insertJob(api.db, {
      userId: member.id,
      status: "completed",
      durationMs: 90_000,
      createdAt: ago(HOUR + 5 * MINUTE),
      finishedAt: ago(HOUR),
    });
    await insertJob(api.db, {
      userId: other.id,
      status: "completed",
      durationMs: 180_000,
      createdAt: ago(2 * HOUR + 5 * MINUTE),
      finishedAt: ago(2 * HOUR),
    });
    for (const code of ["ENGINE_FAILED", "INPUT_NOT_MEDIA", "ENGINE_FAILED"]) {
      await insertJob(api.db, {
        userId: member.id,
        status: "failed",
        errorCode: code,
        createdAt: ago(3 * HOUR),
        finishedAt: ago(3 * HOUR - MINUTE),
      });
    }
    await insertJob(api.db, {
      userId: other.id,
      status: "cancelled",
      errorCode: "CANCELLED",
      createdAt: ago(4 * HOUR),
      finishedAt: ago(4 * HOUR - MINUTE),
    });
    // Long ago: only in the series.
    await insertJob(api.db, {
      userId: old.id,
      status: "completed",
      durationMs: 600_000,
      createdAt: ago(3 * DAY + MINUTE),
      finishedAt: threeDaysAgo,
    });
    // The queue now: two waiting (the oldest for two minutes), one running.
    await insertJob(api.db, { userId: member.id, status: "queued", createdAt: ago(2 * MINUTE) });
    await insertJob(api.db, { userId: member.id, status: "queued", createdAt: ago(30_000) });
    await insertJob(api.db, { userId: other.id, status: "processing", createdAt: ago(MINUTE) });

    const sales = [
      { kind: "plan", product: "basic", cents: 600, status: "completed", at: ago(HOUR) },
      { kind: "plan", product: "basic", cents: 600, status: "completed", at: ago(5 * HOUR) },
      { kind: "pack", product: "500", cents: 1350, status: "completed", at: ago(2 * HOUR) },
      { kind: "plan", product: "pro", cents: 2400, status: "open", at: ago(HOUR) },
      { kind: "plan", product: "standard", cents: 1350, status: "expired", at: ago(HOUR) },
      { kind: "plan", product: "basic", cents: 600, status: "completed", at: threeDaysAgo },
    ];
    for (const sale of sales) await insertCheckout(api.db, { userId: member.id, ...sale });
  });
  afterAll(async () => {
    await api?.close();
    await inbox?.close();
  });

  it.each([
    ["GET", "/api/admin/usage"],
    ["POST", "/api/admin/run-daily-report"],
  ])("%s %s needs a sign-in (401) and an admin account (403)", async (method, path) => {
    const anonymous = await fetch(`${api.base}${path}`, { method });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe("UNAUTHORIZED");

    const bogus = await fetch(`${api.base}${path}`, {
      method,
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(bogus.status).toBe(401);

    const denied = await fetch(`${api.base}${path}`, { method, headers: member.auth });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      code: "FORBIDDEN",
      message: "You don't have permission to access the admin panel.",
    });
  });

  it("reports the last 24 hours' figures and the queue now", async () => {
    const response = await get("/api/admin/usage", admin.auth);
    expect(response.status).toBe(200);
    const usage = (await response.json()) as UsageBody;

    const span = Date.parse(usage.period.to) - Date.parse(usage.period.from);
    expect(span).toBe(DAY);
    expect(Math.abs(Date.parse(usage.period.to) - Date.now())).toBeLessThan(MINUTE);
    expect(usage.signups).toBe(4); // admin, boss, member, other; not the old account
    expect(usage.activeUsers).toBe(2); // member and other started jobs; old's was days ago
    expect(usage.transcriptions).toEqual({
      completed: 2,
      failed: 3,
      cancelled: 1,
      failuresByCode: [
        { code: "ENGINE_FAILED", count: 2 },
        { code: "INPUT_NOT_MEDIA", count: 1 },
      ],
    });
    expect(usage.minutesProcessed).toBe(4.5); // (90 s + 180 s) / 60
    expect(usage.revenue).toEqual({
      totalCents: 600 + 600 + 1350,
      byPlan: [{ product: "basic", count: 2, amountCents: 1200 }],
      byPack: [{ product: "500", count: 1, amountCents: 1350 }],
    });
    expect(usage.queue.queued).toBe(2);
    expect(usage.queue.processing).toBe(1);
    expect(usage.queue.oldestQueuedAgeSeconds).toBeGreaterThanOrEqual(120);
    expect(usage.queue.oldestQueuedAgeSeconds).toBeLessThan(180);
  });

  it("gives a 30-day daily series in UTC days, zero-filled", async () => {
    const usage = (await (await get("/api/admin/usage", admin.auth)).json()) as UsageBody;
    expect(usage.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.daily.at(-1)?.date).toBe(today);
    const dates = usage.daily.map((day) => day.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(30);

    const old = usage.daily.find((day) => day.date === threeDaysAgo.slice(0, 10));
    expect(old).toEqual({
      date: threeDaysAgo.slice(0, 10),
      signups: 1,
      transcriptions: 1,
      minutes: 10,
      revenueCents: 600,
    });
    const total = (field: "signups" | "transcriptions" | "minutes" | "revenueCents") =>
      usage.daily.reduce((sum, day) => sum + day[field], 0);
    expect(total("signups")).toBe(5);
    expect(total("transcriptions")).toBe(3);
    expect(total("minutes")).toBeCloseTo(14.5, 5);
    expect(total("revenueCents")).toBe(600 + 600 + 1350 + 600);
  });

  it("takes another period from the query, and refuses a reversed one", async () => {
    const from = ago(4 * DAY);
    const to = new Date().toISOString();
    const query = new URLSearchParams({ from, to });
    const usage = (await (await get(`/api/admin/usage?${query}`, admin.auth)).json()) as UsageBody;
    expect(usage.period).toEqual({ from, to });
    expect(usage.signups).toBe(5);
    expect(usage.transcriptions.completed).toBe(3);
    expect(usage.minutesProcessed).toBe(14.5);
    expect(usage.revenue.byPlan).toEqual([{ product: "basic", count: 3, amountCents: 1800 }]);

    const reversed = new URLSearchParams({ from: to, to: from });
    const refused = await get(`/api/admin/usage?${reversed}`, admin.auth);
    expect(refused.status).toBe(400);
    const why = (await refused.json()) as { code: string; details: { reason: string } };
    expect(why.code).toBe("VALIDATION_FAILED");
    expect(why.details.reason).toMatch(/before/);
  });

  it("e-mails the report to every admin, each in their language", async () => {
    const response = await api.post("/api/admin/run-daily-report", undefined, boss.auth);
    expect(response.status).toBe(200);
    const result = (await response.json()) as { sent: number; recipients: string[] };
    expect(result.sent).toBe(2);
    expect([...result.recipients].sort()).toEqual(["admin@example.com", "boss@example.com"]);

    const en = await inbox.next("admin@example.com");
    expect(en.subject).toMatch(/^Verbatim daily report for \d{4}-\d{2}-\d{2}$/);
    expect(en.text).toContain("Sign-ups: 4");
    expect(en.text).toContain("Active users: 2");
    expect(en.text).toContain("Transcriptions completed: 2");
    expect(en.text).toContain("Transcriptions failed: 3");
    expect(en.text).toMatch(/ENGINE_FAILED: 2\n/);
    expect(en.text).toContain("Transcriptions cancelled: 1");
    expect(en.text).toContain("Minutes processed: 4.5");
    expect(en.text).toContain("Revenue: $25.50");
    expect(en.text).toContain("basic: $12.00 (2)");
    expect(en.text).toContain("500 minutes: $13.50 (1)");
    expect(en.text).toContain("Jobs queued now: 2");
    expect(en.text).toContain("https://verbatim.test/admin");
    expect(en.html).toContain("<td");
    expect(en.html).toContain("$25.50");

    const zh = await inbox.next("boss@example.com");
    expect(zh.subject).toMatch(/每日報告/);
    expect(zh.text).toContain("新註冊: 4");
    expect(zh.text).toContain("已處理分鐘: 4.5");
    expect(zh.text).toContain("https://verbatim.test/admin");

    const kept = await api.db
      .selectFrom("mail_outbox")
      .select(["to_address", "status"])
      .where("subject", "=", en.subject)
      .execute();
    expect(kept).toEqual([{ to_address: "admin@example.com", status: "sent" }]);
  });

  it("still counts transcriptions their owners deleted, and those of deleted accounts", async () => {
    const period = new URLSearchParams({
      from: ago(DAY),
      to: new Date(Date.now() + MINUTE).toISOString(),
    });
    const usage = async () =>
      (await (await get(`/api/admin/usage?${period}`, admin.auth)).json()) as UsageBody;
    const owner = await signedInUser(api.db);
    await setPasswordHash(api.db, owner.id, await hashPassword("a long passphrase"), new Date());
    const kept = await insertJob(api.db, {
      userId: owner.id,
      status: "completed",
      durationMs: 120_000,
      createdAt: ago(40 * MINUTE),
      finishedAt: ago(30 * MINUTE),
    });
    await insertJob(api.db, {
      userId: owner.id,
      status: "failed",
      errorCode: "INPUT_CORRUPT",
      createdAt: ago(20 * MINUTE),
      finishedAt: ago(19 * MINUTE),
    });
    const before = await usage();

    const deleted = await fetch(`${api.base}/api/transcriptions/${kept}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(deleted.status).toBe(204);
    const afterOne = await usage();
    expect(afterOne.transcriptions).toEqual(before.transcriptions);
    expect(afterOne.minutesProcessed).toBe(before.minutesProcessed);
    expect(afterOne.daily).toEqual(before.daily);

    // The whole account goes: its jobs' figures stay, nothing that names it.
    const gone = await fetch(`${api.base}/api/account`, {
      method: "DELETE",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({ password: "a long passphrase" }),
    });
    expect(gone.ok).toBe(true);
    const afterAccount = await usage();
    expect(afterAccount.transcriptions).toEqual(before.transcriptions);
    expect(afterAccount.minutesProcessed).toBe(before.minutesProcessed);
    const keptRows = await api.db
      .selectFrom("deleted_job_usage")
      .selectAll()
      .where("id", "=", kept)
      .execute();
    expect(keptRows).toHaveLength(1);
    expect(Object.keys(keptRows[0]!)).not.toContain("user_id");
    expect(Object.keys(keptRows[0]!)).not.toContain("file_name");
  });
});

describe.each(DATABASE_KINDS)("the daily report without admins on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(() => api?.close());

  it("refuses everyone when ADMIN_EMAILS is empty", async () => {
    const user = await signedInUser(api.db, { email: "admin@example.com" });
    const response = await api.post("/api/admin/run-daily-report", undefined, user.auth);
    expect(response.status).toBe(403);
  });
});
