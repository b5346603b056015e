import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingContext } from "../src/billing/billing-context.js";
import { confirmCheckout } from "../src/billing/commands/confirm-checkout.js";
import { rollPaidPeriods } from "../src/billing/commands/roll-paid-periods.js";
import { createMailer } from "../src/mail/mailer.js";
import { addMonths } from "../src/minutes/billing-period.js";
import { reserveMinutes } from "../src/minutes/minute-ledger.js";
import { LocalPaymentProvider } from "../src/payments/local-provider.js";
import { placeInPaidPeriod } from "./support/paid-period.js";
import { DATABASE_KINDS } from "./test-database.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";

interface Me {
  credits: number;
  additionalCredits: number;
}

describe.each(DATABASE_KINDS)("billing through the local test checkout on %s", (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(kind, { PAYMENT_PROVIDER: "local" });
  });
  afterAll(async () => {
    await api?.close();
  });

  const me = async (user: TestUser) =>
    (await (await fetch(`${api.base}/api/auth/me`, { headers: user.auth })).json()) as Me;
  const active = async (user: TestUser) =>
    (await (
      await fetch(`${api.base}/api/subscriptions/active`, { headers: user.auth })
    ).json()) as {
      planType: string;
      status: string;
      currentPeriodEnd: string | null;
      cancelAtPeriodEnd: boolean;
    };

  /** Billing as the hourly roll-over runs it, at `now`. */
  const servicesAt = (now: Date): BillingContext => ({
    db: api.db,
    config: {
      ...api.app.initialConfig,
      publicUrl: "https://verbatim.test",
    } as unknown as BillingContext["config"],
    provider: new LocalPaymentProvider(api.db, "https://verbatim.test"),
    mailer: createMailer({
      config: { smtpUrl: undefined, mailFrom: "t@example.com" },
      db: api.db,
      log: api.app.log,
    }),
    log: api.app.log,
    now: () => now,
  });

  /** The path of a checkout URL, on this server. */
  const local = (url: string) => `${api.base}${new URL(url).pathname}`;

  async function pay(url: string, cardNumber = "4242 4242 4242 4242") {
    return fetch(local(url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Ada", cardNumber, expiry: "12/40", cvc: "123" }),
      redirect: "manual",
    });
  }

  /** Buys a plan or pack end to end; returns the session id. */
  async function buy(user: TestUser, path: string): Promise<string> {
    const start = await api.post(path, undefined, user.auth);
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const paid = await pay(url);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location") ?? "");
    return back.searchParams.get("session_id") ?? "";
  }

  /** A 500-minute pack checkout opened on Basic and paid after a downgrade to Free. */
  async function packPaidAfterDowngrade() {
    const user = await signedInUser(api.db);
    const plan = await buy(user, "/api/subscriptions/basic");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: plan, planType: "basic" },
      user.auth,
    );
    const start = await api.post("/api/minutes/500", undefined, user.auth);
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect((await api.post("/api/subscriptions/downgrade", undefined, user.auth)).status).toBe(200);
    const paid = await pay(url);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location") ?? "");
    return { user, url, sessionId: back.searchParams.get("session_id") ?? "" };
  }

  /** A user on paid Basic, ten days into its thirty-day period (what upgrade credits use). */
  async function basicTenDaysIn(): Promise<TestUser> {
    const user = await signedInUser(api.db);
    const sessionId = await buy(user, "/api/subscriptions/basic");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId, planType: "basic" },
      user.auth,
    );
    // A quarter of an hour more than 20 days left: the unused part stays at $4.00 (not $3.99)
    // for minutes, so the quote and the checkout made a moment later agree to the cent even on a
    // busy machine.
    await placeInPaidPeriod(api.db, user.id, { daysGone: 10, daysLeft: 20.01 });
    return user;
  }

  it("sells Basic: test page, declined card, paid card, return, minutes granted once", async () => {
    const user = await signedInUser(api.db);
    const start = await api.post("/api/subscriptions/basic", undefined, user.auth);
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/verbatim\.test\/api\/payments\/local\/checkout\/cs_local_/);

    const page = await fetch(local(url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test payment page");
    expect(html).toContain("Verbatim Basic: 200 minutes a month");
    expect(html).toContain("$6.00");

    const sessionId = url.split("/").pop() ?? "";
    const early = await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId, planType: "basic" },
      user.auth,
    );
    expect(early.status).toBe(402);

    const declined = await pay(url, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const wrongNumber = await pay(url, "4242 4242 4242 4241");
    expect(wrongNumber.status).toBe(400);

    const paid = await pay(url);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location") ?? "");
    expect(back.pathname).toBe("/payment-success");
    expect(back.searchParams.get("session_id")).toBe(sessionId);
    expect(back.searchParams.get("plan")).toBe("basic");

    // Five tabs confirm at once: every one answers, one grant.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post(
          "/api/subscriptions/checkout-complete",
          { sessionId, planType: "basic" },
          user.auth,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers)
      expect(await answer.json()).toEqual({ minutes: 200, minutesAdded: 200 });
    const grants = await api.db
      .selectFrom("minute_ledger")
      .select("id")
      .where("user_id", "=", user.id)
      .where("kind", "=", "grant")
      .execute();
    expect(grants).toHaveLength(2); // Free at sign-up, Basic once
    expect(await me(user)).toMatchObject({ credits: 200, additionalCredits: 0 });
    expect(await active(user)).toMatchObject({ planType: "basic", status: "active" });
    const receipt = await api.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("subject", "=", "Receipt: Verbatim Basic plan")
      .execute();
    expect(receipt.length).toBeGreaterThanOrEqual(1);
    expect(receipt[0]?.text_body).toContain("$6.00");
  });

  it("refuses unknown plans and packs with the spec's messages", async () => {
    const user = await signedInUser(api.db);
    const plan = await api.post("/api/subscriptions/platinum", undefined, user.auth);
    expect(plan.status).toBe(400);
    expect(((await plan.json()) as { message: string }).message).toBe(
      "Invalid subscription plan type",
    );
    const pack = await api.post("/api/minutes/750", undefined, user.auth);
    expect(pack.status).toBe(400);
    expect(((await pack.json()) as { message: string }).message).toBe("Invalid minutes pack size");
    expect((await api.post("/api/subscriptions/free", undefined, user.auth)).status).toBe(400);
  });

  it("sells packs only to Basic subscribers, and adds them after plan minutes", async () => {
    const free = await signedInUser(api.db);
    const refused = await api.post("/api/minutes/500", undefined, free.auth);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "FREE_PLAN_UPGRADE_REQUIRED",
      message: "You need to upgrade to a Basic plan before purchasing additional minutes.",
    });

    const pro = await signedInUser(api.db);
    const proSession = await buy(pro, "/api/subscriptions/pro");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: proSession, planType: "pro" },
      pro.auth,
    );
    const proPack = await api.post("/api/minutes/500", undefined, pro.auth);
    expect(proPack.status).toBe(403);
    expect(((await proPack.json()) as { code: string }).code).toBe("BASIC_PLAN_REQUIRED");

    const lapsed = await signedInUser(api.db);
    await api.db
      .updateTable("subscriptions")
      .set({ status: "inactive" })
      .where("user_id", "=", lapsed.id)
      .execute();
    const none = await api.post("/api/minutes/500", undefined, lapsed.auth);
    expect(((await none.json()) as { code: string }).code).toBe("NO_SUBSCRIPTION");

    const basic = await signedInUser(api.db);
    const plan = await buy(basic, "/api/subscriptions/basic");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: plan, planType: "basic" },
      basic.auth,
    );
    const pack = await buy(basic, "/api/minutes/500");
    const confirm = () =>
      api.post("/api/minutes/checkout-complete", { sessionId: pack, minutesPack: 500 }, basic.auth);
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect(await a.json()).toEqual({ minutes: 700, minutesAdded: 500 });
    expect(await b.json()).toEqual({ minutes: 700, minutesAdded: 500 });
    expect(await me(basic)).toEqual(
      expect.objectContaining({ credits: 200, additionalCredits: 500 }),
    );
    // A pack session cannot be confirmed as a plan, nor by someone else.
    const asPlan = await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: pack, planType: "basic" },
      basic.auth,
    );
    expect(asPlan.status).toBe(400);
    const stranger = await api.post(
      "/api/minutes/checkout-complete",
      { sessionId: pack, minutesPack: 500 },
      free.auth,
    );
    expect(stranger.status).toBe(404);
    const forged = await api.post(
      "/api/minutes/checkout-complete",
      { sessionId: "cs_local_forged", minutesPack: 500 },
      basic.auth,
    );
    expect(forged.status).toBe(404);
    const missing = await api.post(
      "/api/minutes/checkout-complete",
      { sessionId: "", minutesPack: 500 },
      basic.auth,
    );
    const why = (await missing.json()) as { code: string; details: { reason: string } };
    expect(why.code).toBe("VALIDATION_FAILED");
    expect(why.details.reason).toContain("Payment session information is missing");

    // Downgrading Basic: Free at once, 20 minutes, packs forfeited.
    const down = await api.post("/api/subscriptions/downgrade", undefined, basic.auth);
    expect(down.status).toBe(200);
    expect(await down.json()).toMatchObject({ planType: "free", effective: "now" });
    expect(await me(basic)).toEqual(expect.objectContaining({ credits: 20, additionalCredits: 0 }));
    expect(await active(basic)).toMatchObject({ planType: "free", status: "active" });
    const again = await api.post("/api/subscriptions/downgrade", undefined, basic.auth);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe("ALREADY_FREE");
  });

  it("refunds a pack paid for after the account moved to Free, adding no minutes", async () => {
    // Issue 14, item 9: the checkout starts on Basic; the buyer downgrades, then pays.
    const { user, url, sessionId } = await packPaidAfterDowngrade();

    // The return page, twice at once (a reload): neither credits, both say why.
    const confirm = () =>
      api.post("/api/minutes/checkout-complete", { sessionId, minutesPack: 500 }, user.auth);
    const answers = await Promise.all([confirm(), confirm()]);
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      const body = (await answer.json()) as { code: string; message: string };
      expect(body.code).toBe("PACK_REFUNDED");
      expect(body.message).toContain("$13.50 has been refunded");
    }
    expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
    const packRows = await api.db
      .selectFrom("minute_ledger")
      .select("id")
      .where("user_id", "=", user.id)
      .where("pool", "=", "pack")
      .where("kind", "=", "purchase")
      .execute();
    expect(packRows).toEqual([]);
    const row = await api.db
      .selectFrom("checkout_sessions")
      .select(["status", "completed_at"])
      .where("provider_session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("refunded");
    expect(row.completed_at).not.toBeNull();

    // One e-mail, saying what was refunded and why.
    const { email } = await api.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const mails = await api.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .where("subject", "=", "Refunded: 500 extra minutes")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain("$13.50");
    expect(mails[0]?.text_body).toContain("moved to the Free plan");

    // Later confirmations answer the same and refund nothing more; the page takes no card.
    expect((await confirm()).status).toBe(409);
    const page = await fetch(local(url), { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(
      await api.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("to_address", "=", email)
        .where("subject", "=", "Refunded: 500 extra minutes")
        .execute(),
    ).toHaveLength(1);
  });

  it("answers both of two confirmations of a refunded checkout 409, whichever asks the provider last", async () => {
    // Confirmation B reads the checkout, then waits at the provider while confirmation A decides
    // on the refund and makes it: B's provider answer then says "not paid" (refunded).
    const { user, sessionId } = await packPaidAfterDowngrade();
    const services = servicesAt(new Date());
    let arrived!: () => void;
    const atProvider = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const provider = services.provider;
    const held = new Proxy(provider, {
      get(target, name) {
        if (name === "retrieveCheckout") {
          return async (id: string) => {
            arrived();
            await gate;
            return target.retrieveCheckout(id);
          };
        }
        const value: unknown = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const props = { user: null, sessionId, kind: "pack" as const };
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "granted",
        (error: { code?: string; status?: number }) => `${error.status} ${error.code}`,
      );
    const b = codeOf(confirmCheckout({ ...services, provider: held }, props));
    await atProvider;
    const a = await codeOf(confirmCheckout(services, props));
    release();
    expect([a, await b]).toEqual(["409 PACK_REFUNDED", "409 PACK_REFUNDED"]);
    expect(await me(user)).toMatchObject({ additionalCredits: 0 });
  });

  it("keeps Standard to the period end after a downgrade, renews Basic, and lapses to Free", async () => {
    const standard = await signedInUser(api.db);
    const s1 = await buy(standard, "/api/subscriptions/standard");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: s1, planType: "standard" },
      standard.auth,
    );
    expect(await active(standard)).toMatchObject({ cancelAtPeriodEnd: false });
    const down = await api.post("/api/subscriptions/downgrade", undefined, standard.auth);
    expect(await down.json()).toMatchObject({ planType: "standard", effective: "period_end" });
    // The pending change is visible, so the account can show it instead of another Downgrade.
    expect(await active(standard)).toMatchObject({
      planType: "standard",
      status: "active",
      cancelAtPeriodEnd: true,
    });
    expect(await me(standard)).toMatchObject({ credits: 500 });

    const basic = await signedInUser(api.db);
    const b1 = await buy(basic, "/api/subscriptions/basic");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: b1, planType: "basic" },
      basic.auth,
    );
    const firstEnd = (await active(basic)).currentPeriodEnd ?? "";
    // Spend some plan minutes so the renewal's reset is visible.
    await api.db
      .insertInto("minute_ledger")
      .values({
        user_id: basic.id,
        kind: "charge",
        pool: "plan",
        seconds: -600,
        idempotency_key: `spend:${basic.id}`,
        reference: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await me(basic)).toMatchObject({ credits: 190 });

    const later = new Date(Date.parse(firstEnd) + 60_000);
    const ctx: BillingContext = {
      db: api.db,
      config: {
        ...api.app.initialConfig,
        publicUrl: "https://verbatim.test",
      } as unknown as BillingContext["config"],
      provider: new LocalPaymentProvider(api.db, "https://verbatim.test"),
      mailer: createMailer({
        config: { smtpUrl: undefined, mailFrom: "t@example.com" },
        db: api.db,
        log: api.app.log,
      }),
      log: api.app.log,
      now: () => later,
    };
    expect(await rollPaidPeriods(ctx, {})).toBeGreaterThanOrEqual(2);
    expect(await active(standard)).toMatchObject({ planType: "free" });
    expect(await me(standard)).toMatchObject({ credits: 20 });
    const renewed = await active(basic);
    expect(renewed.planType).toBe("basic");
    expect(renewed.currentPeriodEnd).toBe(addMonths(new Date(firstEnd), 1).toISOString());
    expect(await me(basic)).toMatchObject({ credits: 200 });
    // Rolling again in the same period changes nothing.
    expect(await rollPaidPeriods(ctx, {})).toBe(0);
  });

  it("cancels Basic at the period end: plan and pack minutes kept, resume undoes, then Free", async () => {
    const user = await signedInUser(api.db);
    const plan = await buy(user, "/api/subscriptions/basic");
    await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: plan, planType: "basic" },
      user.auth,
    );
    const pack = await buy(user, "/api/minutes/500");
    await api.post(
      "/api/minutes/checkout-complete",
      { sessionId: pack, minutesPack: 500 },
      user.auth,
    );
    expect(await me(user)).toMatchObject({ credits: 200, additionalCredits: 500 });
    const end = (await active(user)).currentPeriodEnd ?? "";

    const cancel = await api.post("/api/subscriptions/cancel", undefined, user.auth);
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({
      planType: "basic",
      status: "active",
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
      openUploads: 3, // Basic's, still in force until the period ends
    });
    // Nothing lost until the period ends; asking again changes nothing.
    expect(await me(user)).toMatchObject({ credits: 200, additionalCredits: 500 });
    expect(await active(user)).toMatchObject({ planType: "basic", cancelAtPeriodEnd: true });
    expect((await api.post("/api/subscriptions/cancel", undefined, user.auth)).status).toBe(200);

    const resume = await api.post("/api/subscriptions/resume", undefined, user.auth);
    expect(resume.status).toBe(200);
    expect(await active(user)).toMatchObject({ planType: "basic", cancelAtPeriodEnd: false });
    expect((await api.post("/api/subscriptions/resume", undefined, user.auth)).status).toBe(200);

    // Cancelled again, the period's end moves the account to Free; pack minutes go with it.
    expect((await api.post("/api/subscriptions/cancel", undefined, user.auth)).status).toBe(200);
    // Its minutes end with its period, at once, not at the hourly roll-over that follows: from
    // that moment they are Free's 20, and its pack minutes are gone.
    const ended = new Date(Date.now() - 1000).toISOString();
    await api.db
      .updateTable("subscriptions")
      .set({ current_period_end: ended })
      .where("user_id", "=", user.id)
      .execute();
    expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
    await expect(
      reserveMinutes(api.db, user.id, crypto.randomUUID(), 21 * 60),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_MINUTES" });
    await reserveMinutes(api.db, user.id, crypto.randomUUID(), 60);
    expect(await me(user)).toMatchObject({ credits: 19, additionalCredits: 0 });
    // The roll-over then moves the plan to Free, from the period's end, granting nothing again.
    expect(
      await rollPaidPeriods(servicesAt(new Date(Date.parse(end) + 60_000)), {}),
    ).toBeGreaterThan(0);
    expect(await active(user)).toMatchObject({ planType: "free", cancelAtPeriodEnd: false });
    expect(await me(user)).toMatchObject({ credits: 19, additionalCredits: 0 });
    const row = await api.db
      .selectFrom("subscriptions")
      .select("current_period_start")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.current_period_start).toBe(ended);
    const pools = await api.db
      .selectFrom("minute_ledger")
      .select(["pool", (eb) => eb.fn.sum<number | string>("seconds").as("total")])
      .where("user_id", "=", user.id)
      .groupBy("pool")
      .execute();
    expect(Object.fromEntries(pools.map((p) => [p.pool, Number(p.total)]))).toEqual({
      plan: 19 * 60,
      pack: 0,
    });
    const late = await api.post("/api/subscriptions/resume", undefined, user.auth);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe("PLAN_ENDED");
    const free = await api.post("/api/subscriptions/cancel", undefined, user.auth);
    expect(free.status).toBe(400);
    expect(((await free.json()) as { code: string }).code).toBe("ALREADY_FREE");
  });

  it("upgrades Basic to Standard for the price less the unused part of the Basic period", async () => {
    const user = await basicTenDaysIn();

    const quoted = await fetch(`${api.base}/api/subscriptions/quote?plan=standard`, {
      headers: user.auth,
    });
    expect(quoted.status).toBe(200);
    const quote = (await quoted.json()) as {
      creditCents: number;
      dueCents: number;
      priceCents: number;
    };
    // $4.00 of Basic left (a millisecond or two less by now).
    expect(quote.creditCents).toBeGreaterThanOrEqual(399);
    expect(quote.creditCents).toBeLessThanOrEqual(400);
    expect(quote.dueCents).toBe(1350 - quote.creditCents);

    const start = await api.post("/api/subscriptions/standard", undefined, user.auth);
    const { url } = (await start.json()) as { url: string };
    const html = await (await fetch(local(url))).text();
    const due = `$${(quote.dueCents / 100).toFixed(2)}`;
    expect(html).toContain(`${due} <small>today</small>`);
    expect(html).toContain(`$${(quote.creditCents / 100).toFixed(2)} off for the unused part`);
    expect(html).toContain("then $13.50 a month");

    const paid = await pay(url);
    const sessionId = new URL(paid.headers.get("location") ?? "").searchParams.get("session_id");
    const confirmed = await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId, planType: "standard" },
      user.auth,
    );
    expect(confirmed.status).toBe(200);
    expect(await active(user)).toMatchObject({ planType: "standard", status: "active" });
    expect(await me(user)).toMatchObject({ credits: 500 });
    const row = await api.db
      .selectFrom("checkout_sessions")
      .select("amount_cents")
      .where("provider_session_id", "=", sessionId ?? "")
      .executeTakeFirstOrThrow();
    expect(row.amount_cents).toBe(quote.dueCents);

    // From Standard, Basic is a move down: no credit, full price.
    const back = (await (
      await fetch(`${api.base}/api/subscriptions/quote?plan=basic`, { headers: user.auth })
    ).json()) as { creditCents: number; dueCents: number };
    expect(back).toMatchObject({ creditCents: 0, dueCents: 600 });
  });
  it("refunds the second of two upgrade checkouts opened side by side, so a credit is used once", async () => {
    const user = await basicTenDaysIn();

    // Two tabs: Standard and Pro, each priced with the same Basic credit, both paid.
    const sessions: string[] = [];
    for (const plan of ["standard", "pro"]) {
      const start = await api.post(`/api/subscriptions/${plan}`, undefined, user.auth);
      expect(start.status).toBe(200);
      const { url } = (await start.json()) as { url: string };
      sessions.push(url);
    }
    const ids: string[] = [];
    for (const url of sessions) {
      const paid = await pay(url);
      expect(paid.status).toBe(303);
      ids.push(new URL(paid.headers.get("location") ?? "").searchParams.get("session_id") ?? "");
    }
    const amounts = await api.db
      .selectFrom("checkout_sessions")
      .select(["provider_session_id", "amount_cents"])
      .where("provider_session_id", "in", ids)
      .execute();
    const proPaid = amounts.find((row) => row.provider_session_id === ids[1])?.amount_cents ?? 0;
    expect(proPaid).toBeLessThan(2900); // Pro's price less the same Basic credit

    const standard = await api.post(
      "/api/subscriptions/checkout-complete",
      { sessionId: ids[0], planType: "standard" },
      user.auth,
    );
    expect(standard.status).toBe(200);
    // Pro was priced against Basic, which is gone: refunded, not started on the stale credit.
    const confirm = () =>
      api.post(
        "/api/subscriptions/checkout-complete",
        { sessionId: ids[1], planType: "pro" },
        user.auth,
      );
    for (const answer of await Promise.all([confirm(), confirm()])) {
      expect(answer.status).toBe(409);
      const body = (await answer.json()) as { code: string; message: string };
      expect(body.code).toBe("PLAN_CHANGED_REFUNDED");
      expect(body.message).toContain(`$${(proPaid / 100).toFixed(2)} has been refunded`);
    }
    expect(await active(user)).toMatchObject({ planType: "standard", status: "active" });
    expect(await me(user)).toMatchObject({ credits: 500 });
    const pro = await api.db
      .selectFrom("checkout_sessions")
      .select("status")
      .where("provider_session_id", "=", ids[1] ?? "")
      .executeTakeFirstOrThrow();
    expect(pro.status).toBe("refunded");
    const { email } = await api.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const mails = await api.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", email)
      .where("subject", "=", "Refunded: Verbatim Pro plan")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain("Your plan changed before this payment was confirmed");

    // From Standard, Pro can be bought again, with Standard's credit.
    const again = (await (
      await fetch(`${api.base}/api/subscriptions/quote?plan=pro`, { headers: user.auth })
    ).json()) as { creditCents: number };
    expect(again.creditCents).toBeGreaterThan(0);
  });
});
