import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingContext } from "../src/billing/billing-context.js";
import { retryPendingRefunds } from "../src/billing/commands/retry-pending-refunds.js";
import { createMailer } from "../src/mail/mailer.js";
import { addEntry } from "../src/minutes/ledger-entries.js";
import { StripePaymentProvider } from "../src/payments/stripe-provider.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { startStripeStandIn, stripeEvent, type StripeStandIn } from "./support/stripe-stand-in.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { placeInPaidPeriod } from "./support/paid-period.js";
import { DATABASE_KINDS } from "./test-database.js";

const WEBHOOK_SECRET = "whsec_test";
const WEBHOOK = "/api/payments/stripe/webhook";

describe.each(DATABASE_KINDS)("payments through Stripe (%s)", (kind) => {
  let stand: StripeStandIn;
  let api: TestApi;

  beforeAll(async () => {
    stand = await startStripeStandIn();
    api = await startTestApi(kind, {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stand.url,
    });
  });
  afterAll(async () => {
    await api?.close();
    await stand?.close();
  });

  /** Starts a checkout through the API; the session id is the one the stand-in created. */
  async function startCheckout(user: TestUser, path: string): Promise<string> {
    const before = new Set(stand.sessions.keys());
    const response = await api.post(path, undefined, user.auth);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const created = [...stand.sessions.keys()].filter((id) => !before.has(id));
    expect(created).toHaveLength(1);
    const sessionId = created[0] ?? "";
    expect(url).toBe(stand.sessions.get(sessionId)?.url);
    return sessionId;
  }

  const confirmPlan = (user: TestUser, sessionId: string, planType: string) =>
    api.post("/api/subscriptions/checkout-complete", { sessionId, planType }, user.auth);

  async function me(user: TestUser): Promise<{ credits: number; additionalCredits: number }> {
    const response = await fetch(`${api.base}/api/auth/me`, { headers: user.auth });
    expect(response.status).toBe(200);
    return (await response.json()) as { credits: number; additionalCredits: number };
  }

  async function activePlan(user: TestUser) {
    const response = await fetch(`${api.base}/api/subscriptions/active`, { headers: user.auth });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      planType: string;
      status: string;
      currentPeriodEnd: string;
      openUploads: number;
    };
  }

  /** Plan grants made for a checkout session (the ledger's `grant` rows that name it). */
  async function grantsFor(sessionId: string): Promise<number> {
    const rows = await api.db
      .selectFrom("minute_ledger")
      .select("id")
      .where("kind", "=", "grant")
      .where("reference", "=", `checkout:${sessionId}`)
      .execute();
    return rows.length;
  }

  /** Every plan grant the user's ledger holds (checkouts and renewals alike). */
  async function planGrants(user: TestUser): Promise<number> {
    const rows = await api.db
      .selectFrom("minute_ledger")
      .select("id")
      .where("user_id", "=", user.id)
      .where("kind", "=", "grant")
      .where("pool", "=", "plan")
      .execute();
    return rows.length;
  }

  async function checkoutRow(sessionId: string) {
    return api.db
      .selectFrom("checkout_sessions")
      .select(["status", "completed_at"])
      .where("provider_session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
  }

  async function eventRecorded(eventId: unknown): Promise<boolean> {
    const rows = await api.db
      .selectFrom("payment_events")
      .select("id")
      .where("id", "=", String(eventId))
      .execute();
    return rows.length > 0;
  }

  async function sendWebhook(
    event: Record<string, unknown>,
    {
      secret = WEBHOOK_SECRET,
      signature,
      timestamp,
    }: { secret?: string; signature?: string | null; timestamp?: number } = {},
  ): Promise<Response> {
    const payload = JSON.stringify(event);
    const header =
      signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({
            payload,
            secret,
            ...(timestamp === undefined ? {} : { timestamp }),
          })
        : signature;
    return fetch(`${api.base}${WEBHOOK}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(header === null ? {} : { "stripe-signature": header }),
      },
      body: payload,
    });
  }

  /** A user on Basic through a paid and confirmed Stripe checkout; its subscription id. */
  async function basicSubscriber(): Promise<{ user: TestUser; subscriptionId: string }> {
    const user = await signedInUser(api.db);
    const sessionId = await startCheckout(user, "/api/subscriptions/basic");
    const session = stand.pay(sessionId);
    expect((await confirmPlan(user, sessionId, "basic")).status).toBe(200);
    return { user, subscriptionId: session.subscription ?? "" };
  }

  /** Uses some plan minutes, as a finished job would. */
  async function useMinutes(user: TestUser, minutes: number): Promise<void> {
    await addEntry(
      api.db,
      user.id,
      "charge",
      "plan",
      -minutes * 60,
      `test-charge:${user.id}:${Date.now()}:${Math.random()}`,
      null,
      new Date(),
    );
  }

  it("sells Basic through a Stripe Checkout subscription and grants 200 minutes once", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await startCheckout(user, "/api/subscriptions/basic");

    const session = stand.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: "subscription",
      amount_total: 600,
      currency: "usd",
      client_reference_id: user.id,
      metadata: { userId: user.id, kind: "plan", product: "basic" },
      success_url:
        "https://verbatim.test/payment-success?session_id={CHECKOUT_SESSION_ID}&plan=basic",
      cancel_url: "https://verbatim.test/pricing",
    });
    expect(session?.customer_email).toMatch(/@example\.com$/);
    expect(session?.line_items_params).toEqual([
      {
        quantity: "1",
        price_data: {
          currency: "usd",
          unit_amount: "600",
          product_data: { name: "Verbatim Basic: 200 minutes a month" },
          recurring: { interval: "month" },
        },
      },
    ]);
    expect(session?.subscription_data_params).toEqual({
      metadata: { userId: user.id, kind: "plan", product: "basic" },
    });

    // Back from Stripe before paying: nothing yet.
    const unpaid = await confirmPlan(user, sessionId, "basic");
    expect(unpaid.status).toBe(402);
    expect(await unpaid.json()).toMatchObject({ code: "PAYMENT_NOT_COMPLETED" });
    expect((await me(user)).credits).toBe(20);

    stand.pay(sessionId);
    const confirmed = await confirmPlan(user, sessionId, "basic");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ minutes: 200, minutesAdded: 200 });
    expect(await me(user)).toMatchObject({ credits: 200, additionalCredits: 0 });

    const retrieval = stand.requests.findLast(
      (request) =>
        request.method === "GET" && request.path === `/v1/checkout/sessions/${sessionId}`,
    );
    expect(retrieval?.params.expand).toEqual(["subscription"]);

    // The plan runs to the end of Stripe's paid period.
    const subscriptionId = stand.sessions.get(sessionId)?.subscription ?? "";
    const periodEnd = stand.subscriptions.get(subscriptionId)?.items.data[0]?.current_period_end;
    expect(await activePlan(user)).toMatchObject({
      planType: "basic",
      status: "active",
      currentPeriodEnd: new Date((periodEnd ?? 0) * 1000).toISOString(),
    });
    const row = await api.db
      .selectFrom("subscriptions")
      .select("provider_subscription_id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.provider_subscription_id).toBe(subscriptionId);

    // Returning again (reload, second tab) answers the same and grants nothing more.
    await useMinutes(user, 15);
    const again = await confirmPlan(user, sessionId, "basic");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ minutes: 185, minutesAdded: 200 });
    expect(await grantsFor(sessionId)).toBe(1);
  });

  it("takes an upgrade's credit off the first payment with a one-time coupon, and cancels the old plan", async () => {
    const user = await signedInUser(api.db);
    const basic = await startCheckout(user, "/api/subscriptions/basic");
    stand.pay(basic);
    expect((await confirmPlan(user, basic, "basic")).status).toBe(200);
    const basicSubscription = stand.sessions.get(basic)?.subscription ?? "";
    await placeInPaidPeriod(api.db, user.id, { daysGone: 15, daysLeft: 15 });

    const coupons = new Set(stand.coupons.keys());
    const standard = await startCheckout(user, "/api/subscriptions/standard");
    const created = [...stand.coupons.values()].filter((coupon) => !coupons.has(coupon.id));
    expect(created).toHaveLength(1);
    const coupon = created[0]!;
    expect(coupon).toMatchObject({ currency: "usd", duration: "once", max_redemptions: 1 });
    expect(coupon.amount_off).toBeGreaterThanOrEqual(299);
    expect(coupon.amount_off).toBeLessThanOrEqual(300);
    const session = stand.sessions.get(standard);
    // Renewals stay at the full price; only this first payment is lower.
    expect(session?.line_items_params[0]?.price_data).toMatchObject({ unit_amount: "1350" });
    expect(session?.amount_total).toBe(1350 - coupon.amount_off);

    stand.pay(standard);
    const confirmed = await confirmPlan(user, standard, "standard");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ minutesAdded: 500 });
    expect(await activePlan(user)).toMatchObject({ planType: "standard", status: "active" });
    expect(stand.subscriptions.get(basicSubscription)?.status).toBe("canceled");
  });

  it("refunds a second upgrade paid on the same credit: its subscription cancelled, its first payment back", async () => {
    const { user, subscriptionId: basic } = await basicSubscriber();
    await placeInPaidPeriod(api.db, user.id, { daysGone: 15, daysLeft: 15 });
    // Two tabs, Standard and Pro, both priced with Basic's credit and both paid.
    const standard = await startCheckout(user, "/api/subscriptions/standard");
    const pro = await startCheckout(user, "/api/subscriptions/pro");
    stand.pay(standard);
    const proSession = stand.pay(pro);
    expect((await confirmPlan(user, standard, "standard")).status).toBe(200);
    expect(stand.subscriptions.get(basic)?.status).toBe("canceled");

    const refused = await confirmPlan(user, pro, "pro");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "PLAN_CHANGED_REFUNDED" });
    expect(stand.subscriptions.get(proSession.subscription ?? "")?.status).toBe("canceled");
    const refund = stand.refunds.find((entry) => entry.metadata.sessionId === pro);
    expect(refund).toMatchObject({ amount: proSession.amount_total, status: "succeeded" });
    expect(await activePlan(user)).toMatchObject({ planType: "standard", status: "active" });
    expect(await grantsFor(pro)).toBe(0);
    expect(await checkoutRow(pro)).toMatchObject({ status: "refunded" });
    // The webhook for the same payment arriving later changes nothing and refunds nothing more.
    const late = await sendWebhook(
      stripeEvent("checkout.session.completed", stand.sessionJson(pro)),
    );
    expect(late.status).toBe(200);
    expect(stand.refunds.filter((entry) => entry.metadata.sessionId === pro)).toHaveLength(1);
    expect(await activePlan(user)).toMatchObject({ planType: "standard" });
  });

  it("grants once when five confirmations of one session arrive together", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await startCheckout(user, "/api/subscriptions/standard");
    stand.pay(sessionId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => confirmPlan(user, sessionId, "standard")),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await grantsFor(sessionId)).toBe(1);
    expect((await me(user)).credits).toBe(500);
  });

  it("answers 404 for someone else's session or one Stripe never made", async () => {
    const buyer = await signedInUser(api.db);
    const other = await signedInUser(api.db);
    const sessionId = await startCheckout(buyer, "/api/subscriptions/basic");
    stand.pay(sessionId);

    const stolen = await confirmPlan(other, sessionId, "basic");
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ code: "CHECKOUT_NOT_FOUND" });
    expect((await me(other)).credits).toBe(20);
    expect(await grantsFor(sessionId)).toBe(0);

    const unknown = await confirmPlan(other, "cs_test_never_created", "basic");
    expect(unknown.status).toBe(404);
  });

  it("refuses a session whose amount differs from the price, granting nothing", async () => {
    const user = await signedInUser(api.db);
    const sessionId = await startCheckout(user, "/api/subscriptions/pro");
    const session = stand.pay(sessionId);
    session.amount_total = 100; // e.g. a 100%-minus coupon slipped in at Stripe

    const response = await confirmPlan(user, sessionId, "pro");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "AMOUNT_MISMATCH" });
    expect(await grantsFor(sessionId)).toBe(0);
    expect((await me(user)).credits).toBe(20);
    expect((await activePlan(user)).planType).toBe("free");
  });

  it("sells a minute pack as a one-time payment", async () => {
    const { user } = await basicSubscriber();
    const sessionId = await startCheckout(user, "/api/minutes/500");
    const session = stand.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 1350,
      metadata: { userId: user.id, kind: "pack", product: "500" },
    });
    expect(session?.line_items_params[0]?.price_data).not.toHaveProperty("recurring");

    stand.pay(sessionId);
    const response = await api.post(
      "/api/minutes/checkout-complete",
      { sessionId, minutesPack: 500 },
      user.auth,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ minutes: 700, minutesAdded: 500 });
    expect(await me(user)).toMatchObject({ credits: 200, additionalCredits: 500 });
  });

  describe("the webhook", () => {
    it("refuses a missing, forged or differently signed event", async () => {
      const user = await signedInUser(api.db);
      const sessionId = await startCheckout(user, "/api/subscriptions/basic");
      stand.pay(sessionId);
      const event = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));

      for (const options of [
        { signature: null },
        { signature: "t=1,v1=deadbeef" },
        { secret: "whsec_someone_else" },
      ]) {
        const response = await sendWebhook(event, options);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: "INVALID_SIGNATURE" });
      }
      expect(await grantsFor(sessionId)).toBe(0);
      expect((await me(user)).credits).toBe(20);
    });

    it("grants a completed checkout once, whether the event or the buyer arrives first", async () => {
      // The buyer never comes back: the webhook alone grants.
      const user = await signedInUser(api.db);
      const sessionId = await startCheckout(user, "/api/subscriptions/basic");
      stand.pay(sessionId);
      const event = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));
      const first = await sendWebhook(event);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });
      expect((await me(user)).credits).toBe(200);
      expect((await activePlan(user)).planType).toBe("basic");

      // The same event again, then the return page: nothing more.
      await useMinutes(user, 50);
      expect((await sendWebhook(event)).status).toBe(200);
      expect((await confirmPlan(user, sessionId, "basic")).status).toBe(200);
      expect(await grantsFor(sessionId)).toBe(1);
      expect((await me(user)).credits).toBe(150);
      const recorded = await api.db
        .withTables<{ payment_events: { id: string; provider: string; type: string } }>()
        .selectFrom("payment_events")
        .selectAll()
        .where("id", "=", String(event.id))
        .execute();
      expect(recorded).toEqual([
        {
          id: event.id,
          provider: "stripe",
          type: "checkout.session.completed",
          received_at: expect.any(String),
        },
      ]);

      // Webhook and return page at the same moment.
      const racer = await signedInUser(api.db);
      const racedId = await startCheckout(racer, "/api/subscriptions/basic");
      stand.pay(racedId);
      const raced = stripeEvent("checkout.session.completed", stand.sessionJson(racedId));
      const [hook, page] = await Promise.all([
        sendWebhook(raced),
        confirmPlan(racer, racedId, "basic"),
      ]);
      expect([hook.status, page.status]).toEqual([200, 200]);
      expect(await grantsFor(racedId)).toBe(1);
      expect((await me(racer)).credits).toBe(200);
    });

    it("acknowledges sessions it never made, unpaid sessions and unknown events", async () => {
      const stranger = stripeEvent("checkout.session.completed", {
        id: "cs_test_from_another_integration",
        object: "checkout.session",
        payment_status: "paid",
        status: "complete",
      });
      expect((await sendWebhook(stranger)).status).toBe(200);

      const user = await signedInUser(api.db);
      const sessionId = await startCheckout(user, "/api/subscriptions/basic");
      const unpaid = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));
      expect((await sendWebhook(unpaid)).status).toBe(200);
      expect(await grantsFor(sessionId)).toBe(0);

      const other = stripeEvent("customer.created", { id: "cus_123", object: "customer" });
      const response = await sendWebhook(other);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    });

    it("renews the plan on a paid subscription_cycle invoice: new period, allowance reset", async () => {
      const { user, subscriptionId } = await basicSubscriber();
      await useMinutes(user, 30);
      expect((await me(user)).credits).toBe(170);

      const next = stand.renew(subscriptionId);
      const invoice = stand.cycleInvoice(subscriptionId);
      expect((await sendWebhook(stripeEvent("invoice.paid", invoice))).status).toBe(200);
      expect(await activePlan(user)).toMatchObject({
        planType: "basic",
        status: "active",
        currentPeriodEnd: new Date(next.end * 1000).toISOString(),
      });
      expect((await me(user)).credits).toBe(200);

      // invoice.payment_succeeded for the same invoice follows: no second reset.
      await useMinutes(user, 10);
      expect((await sendWebhook(stripeEvent("invoice.payment_succeeded", invoice))).status).toBe(
        200,
      );
      expect((await me(user)).credits).toBe(190);

      // An invoice without lines: the period end comes from the subscription at Stripe.
      const later = stand.renew(subscriptionId);
      const bare = stand.cycleInvoice(subscriptionId, { withLines: false });
      expect((await sendWebhook(stripeEvent("invoice.paid", bare))).status).toBe(200);
      expect((await activePlan(user)).currentPeriodEnd).toBe(
        new Date(later.end * 1000).toISOString(),
      );
      expect((await me(user)).credits).toBe(200);
    });

    it("ignores the first invoice of a subscription (the checkout grants it)", async () => {
      const { user, subscriptionId } = await basicSubscriber();
      const before = await activePlan(user);
      stand.renew(subscriptionId);
      const invoice = {
        ...stand.cycleInvoice(subscriptionId),
        billing_reason: "subscription_create",
      };
      expect((await sendWebhook(stripeEvent("invoice.paid", invoice))).status).toBe(200);
      expect(await activePlan(user)).toEqual(before);
    });

    it("suspends the plan when a renewal payment fails, and a replay cannot suspend it again", async () => {
      const { user, subscriptionId } = await basicSubscriber();
      const next = stand.renew(subscriptionId);
      const invoice = stand.cycleInvoice(subscriptionId, { paid: false });
      const failed = stripeEvent("invoice.payment_failed", invoice);
      expect((await sendWebhook(failed)).status).toBe(200);
      // Still subscribed to Basic, but Free's limits apply until it is paid, and the answer
      // says so (the web sends that many files at once, never Basic's).
      expect(await activePlan(user)).toMatchObject({
        planType: "basic",
        status: "inactive",
        openUploads: 1, // Free's (Basic's is 3)
      });

      // Stripe's retry of the same invoice succeeds: active again, into the new period.
      const paid = stripeEvent("invoice.paid", { ...invoice, status: "paid" });
      expect((await sendWebhook(paid)).status).toBe(200);
      expect(await activePlan(user)).toMatchObject({
        status: "active",
        currentPeriodEnd: new Date(next.end * 1000).toISOString(),
        openUploads: 3, // Basic's
      });

      // The old failure delivered again is recognised by its event id and changes nothing.
      const replay = await sendWebhook(failed);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true });
      expect((await activePlan(user)).status).toBe("active");
    });

    it("refuses an event signed outside the five-minute tolerance, and remembers nothing of it", async () => {
      const user = await signedInUser(api.db);
      const sessionId = await startCheckout(user, "/api/subscriptions/basic");
      stand.pay(sessionId);
      const event = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));
      const now = Math.floor(Date.now() / 1000);

      // A correct signature over the exact bytes, but made 10 minutes ago (a captured replay).
      const stale = await sendWebhook(event, { timestamp: now - 600 });
      expect(stale.status).toBe(400);
      expect(await stale.json()).toMatchObject({ code: "INVALID_SIGNATURE" });
      expect(await grantsFor(sessionId)).toBe(0);
      expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
      expect((await activePlan(user)).planType).toBe("free");
      expect((await checkoutRow(sessionId)).status).toBe("open");
      // Not recorded as seen: Stripe's own (fresh) delivery of the event is still handled.
      expect(await eventRecorded(event.id)).toBe(false);

      const fresh = await sendWebhook(event, { timestamp: now - 60 });
      expect(fresh.status).toBe(200);
      expect(await grantsFor(sessionId)).toBe(1);
      expect((await me(user)).credits).toBe(200);
    });

    it("renews once, to the latest period, when two renewals arrive newest first", async () => {
      const { user, subscriptionId } = await basicSubscriber();
      expect(await planGrants(user)).toBe(2); // Free's at sign-up, Basic's at checkout
      const first = stand.renew(subscriptionId);
      const older = stand.cycleInvoice(subscriptionId);
      const second = stand.renew(subscriptionId);
      const newer = stand.cycleInvoice(subscriptionId);
      expect(second.end).toBeGreaterThan(first.end);

      expect((await sendWebhook(stripeEvent("invoice.paid", newer))).status).toBe(200);
      expect((await activePlan(user)).currentPeriodEnd).toBe(
        new Date(second.end * 1000).toISOString(),
      );
      expect(await planGrants(user)).toBe(3);
      await useMinutes(user, 10);

      // The older renewal, delivered late: the period does not go back, nothing is granted.
      const late = await sendWebhook(stripeEvent("invoice.paid", older));
      expect(late.status).toBe(200);
      expect(await activePlan(user)).toMatchObject({
        planType: "basic",
        status: "active",
        currentPeriodEnd: new Date(second.end * 1000).toISOString(),
      });
      expect(await planGrants(user)).toBe(3);
      expect((await me(user)).credits).toBe(190);
    });

    it("keeps the plan active when a failed payment is delivered after its retry succeeded", async () => {
      const { user, subscriptionId } = await basicSubscriber();
      const next = stand.renew(subscriptionId);
      const invoice = stand.cycleInvoice(subscriptionId, { paid: false });
      // Stripe's first attempt fails, its retry succeeds; the two events arrive reversed.
      const failed = stripeEvent("invoice.payment_failed", invoice);
      const paid = stripeEvent("invoice.paid", { ...invoice, status: "paid" });
      expect((await sendWebhook(paid)).status).toBe(200);
      expect(await activePlan(user)).toMatchObject({
        status: "active",
        currentPeriodEnd: new Date(next.end * 1000).toISOString(),
      });
      expect((await sendWebhook(failed)).status).toBe(200);
      expect(await activePlan(user)).toMatchObject({
        planType: "basic",
        status: "active",
        currentPeriodEnd: new Date(next.end * 1000).toISOString(),
      });
      expect((await me(user)).credits).toBe(200);

      // A failure for the period after that one still suspends the plan.
      stand.renew(subscriptionId);
      const unpaid = stand.cycleInvoice(subscriptionId, { paid: false });
      expect((await sendWebhook(stripeEvent("invoice.payment_failed", unpaid))).status).toBe(200);
      expect((await activePlan(user)).status).toBe("inactive");
    });

    it("ignores late events about a subscription the account no longer has", async () => {
      // Basic, then Standard: the Basic subscription is cancelled at Stripe, whose deletion event
      // (and a renewal of Basic sent before it) arrive after the upgrade.
      const { user, subscriptionId: basicId } = await basicSubscriber();
      const sessionId = await startCheckout(user, "/api/subscriptions/standard");
      const standardId = stand.pay(sessionId).subscription ?? "";
      expect((await confirmPlan(user, sessionId, "standard")).status).toBe(200);
      const standard = await activePlan(user);
      expect(standard).toMatchObject({ planType: "standard", status: "active" });
      const grants = await planGrants(user);

      stand.renew(basicId);
      const basicRenewal = stand.cycleInvoice(basicId);
      const basic = stand.subscriptions.get(basicId);
      expect(basic?.status).toBe("canceled");
      for (const event of [
        stripeEvent("invoice.paid", basicRenewal),
        stripeEvent("invoice.payment_failed", { ...basicRenewal, status: "open" }),
        stripeEvent("customer.subscription.deleted", { ...basic }),
      ]) {
        expect((await sendWebhook(event)).status).toBe(200);
      }
      expect(await activePlan(user)).toEqual(standard);
      expect(await planGrants(user)).toBe(grants);
      expect((await me(user)).credits).toBe(500);

      // Standard's own deletion, then a late renewal of it: Free, and it stays Free.
      stand.renew(standardId);
      const standardRenewal = stand.cycleInvoice(standardId);
      const deleted = stripeEvent("customer.subscription.deleted", {
        ...stand.subscriptions.get(standardId),
        status: "canceled",
      });
      expect((await sendWebhook(deleted)).status).toBe(200);
      const free = await activePlan(user);
      expect(free.planType).toBe("free");
      const freeGrants = await planGrants(user);
      expect((await sendWebhook(stripeEvent("invoice.paid", standardRenewal))).status).toBe(200);
      expect(await activePlan(user)).toEqual(free);
      expect(await planGrants(user)).toBe(freeGrants);
      expect((await me(user)).credits).toBe(20);
    });

    it("lets an unpaid checkout expire: no longer pending, nothing granted, the return page says so", async () => {
      const user = await signedInUser(api.db);
      const sessionId = await startCheckout(user, "/api/subscriptions/basic");
      const session = stand.sessions.get(sessionId);
      if (!session) throw new Error("no session");
      session.status = "expired";
      session.url = null;
      const expired = stripeEvent("checkout.session.expired", stand.sessionJson(sessionId));
      const response = await sendWebhook(expired);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      expect(await checkoutRow(sessionId)).toEqual({ status: "expired", completed_at: null });
      expect(await grantsFor(sessionId)).toBe(0);
      expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
      expect((await activePlan(user)).planType).toBe("free");

      const back = await confirmPlan(user, sessionId, "basic");
      expect(back.status).toBe(410);
      expect(await back.json()).toMatchObject({ code: "CHECKOUT_EXPIRED" });
      // A completed event for it (a forged order of events, or a bug at the sender) grants nothing.
      const completed = stripeEvent("checkout.session.completed", {
        ...stand.sessionJson(sessionId),
        payment_status: "paid",
      });
      expect((await sendWebhook(completed)).status).toBe(200);
      expect(await grantsFor(sessionId)).toBe(0);
      expect((await me(user)).credits).toBe(20);

      // A new checkout after the expired one works as usual.
      const again = await startCheckout(user, "/api/subscriptions/basic");
      stand.pay(again);
      expect((await confirmPlan(user, again, "basic")).status).toBe(200);
      expect((await me(user)).credits).toBe(200);
    });

    it("leaves a granted checkout alone when an expiry for it arrives, and acknowledges unknown ones", async () => {
      const user = await signedInUser(api.db);
      const planSession = await startCheckout(user, "/api/subscriptions/basic");
      stand.pay(planSession);
      expect(
        (
          await sendWebhook(
            stripeEvent("checkout.session.completed", stand.sessionJson(planSession)),
          )
        ).status,
      ).toBe(200);
      const before = await checkoutRow(planSession);
      expect(before.status).toBe("completed");

      const late = stripeEvent("checkout.session.expired", {
        ...stand.sessionJson(planSession),
        status: "expired",
      });
      expect((await sendWebhook(late)).status).toBe(200);
      expect(await checkoutRow(planSession)).toEqual(before);
      expect(await grantsFor(planSession)).toBe(1);
      expect((await me(user)).credits).toBe(200);

      const stranger = stripeEvent("checkout.session.expired", {
        id: "cs_test_never_made_here",
        object: "checkout.session",
        status: "expired",
        payment_status: "unpaid",
      });
      expect((await sendWebhook(stranger)).status).toBe(200);
    });

    it("puts the user back on Free when Stripe deletes the subscription", async () => {
      const { user, subscriptionId } = await basicSubscriber();
      const subscription = stand.subscriptions.get(subscriptionId);
      expect(subscription).toBeDefined();
      const deleted = stripeEvent("customer.subscription.deleted", {
        ...subscription,
        status: "canceled",
      });
      expect((await sendWebhook(deleted)).status).toBe(200);
      expect((await activePlan(user)).planType).toBe("free");
      expect((await me(user)).credits).toBe(20);
    });
  });

  describe("a pack paid for after the account moved to Free (issue 14, item 9)", () => {
    /** A Basic subscriber's pack checkout, then a downgrade to Free, then the payment. */
    async function packPaidAfterDowngrade() {
      const { user } = await basicSubscriber();
      const sessionId = await startCheckout(user, "/api/minutes/500");
      const down = await api.post("/api/subscriptions/downgrade", undefined, user.auth);
      expect(down.status).toBe(200);
      const paymentIntent = stand.pay(sessionId).payment_intent ?? "";
      expect(paymentIntent).toMatch(/^pi_/);
      return { user, sessionId, paymentIntent };
    }

    const refundCalls = (paymentIntent: string) =>
      stand.requests.filter(
        (request) =>
          request.method === "POST" &&
          request.path === "/v1/refunds" &&
          request.params.payment_intent === paymentIntent,
      );
    const refundsOf = (paymentIntent: string) =>
      stand.refunds.filter((refund) => refund.payment_intent === paymentIntent);

    async function refundMails(user: TestUser): Promise<{ subject: string; text_body: string }[]> {
      const { email } = await api.db
        .selectFrom("users")
        .select("email")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      return api.db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", email)
        .where("subject", "like", "Refunded:%")
        .execute();
    }

    async function checkoutStatus(sessionId: string): Promise<string> {
      const row = await api.db
        .selectFrom("checkout_sessions")
        .select("status")
        .where("provider_session_id", "=", sessionId)
        .executeTakeFirstOrThrow();
      return row.status;
    }

    const confirmPack = (user: TestUser, sessionId: string) =>
      api.post("/api/minutes/checkout-complete", { sessionId, minutesPack: 500 }, user.auth);

    it("is refunded at Stripe by the webhook, not credited, and the buyer is told once", async () => {
      const { user, sessionId, paymentIntent } = await packPaidAfterDowngrade();
      const event = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));
      const hook = await sendWebhook(event);
      expect(hook.status).toBe(200);
      expect(await hook.json()).toEqual({ received: true });

      const calls = refundCalls(paymentIntent);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.idempotencyKey).toBe(`verbatim-refund-${sessionId}`);
      expect(calls[0]?.params.metadata).toMatchObject({ sessionId });
      expect(refundsOf(paymentIntent)).toMatchObject([{ amount: 1350, currency: "usd" }]);
      expect(await checkoutStatus(sessionId)).toBe("refunded");
      expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
      const mails = await refundMails(user);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Refunded: 500 extra minutes");
      expect(mails[0]?.text_body).toContain("$13.50");

      // The buyer comes back, the event is delivered again: same answer, no second refund.
      const back = await confirmPack(user, sessionId);
      expect(back.status).toBe(409);
      expect(await back.json()).toMatchObject({ code: "PACK_REFUNDED" });
      const again = stripeEvent(
        "checkout.session.async_payment_succeeded",
        stand.sessionJson(sessionId),
      );
      expect((await sendWebhook(again)).status).toBe(200);
      expect(refundCalls(paymentIntent)).toHaveLength(1);
      expect(refundsOf(paymentIntent)).toHaveLength(1);
      expect(await refundMails(user)).toHaveLength(1);
      expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
    });

    it("is refunded when the buyer's return arrives first, in the buyer's language", async () => {
      const { user, sessionId, paymentIntent } = await packPaidAfterDowngrade();
      await api.db
        .updateTable("users")
        .set({ locale: "zh-HK" })
        .where("id", "=", user.id)
        .execute();
      const back = await confirmPack(user, sessionId);
      expect(back.status).toBe(409);
      expect(refundsOf(paymentIntent)).toHaveLength(1);
      const { email } = await api.db
        .selectFrom("users")
        .select("email")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      const mails = await api.db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", email)
        .where("subject", "like", "已退款%")
        .execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("已退款：500 分鐘額外時數");
      expect(mails[0]?.text_body).toContain("$13.50");

      const hook = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));
      expect((await sendWebhook(hook)).status).toBe(200);
      expect(refundsOf(paymentIntent)).toHaveLength(1);
    });

    it("keeps trying a refund Stripe could not make: webhook retry, return page, hourly sweep", async () => {
      stand.refundsFail = true;
      try {
        const { user, sessionId, paymentIntent } = await packPaidAfterDowngrade();
        const event = stripeEvent("checkout.session.completed", stand.sessionJson(sessionId));
        // Stripe is told to deliver again; nothing credited, nothing refunded, nothing mailed.
        const failed = await sendWebhook(event);
        expect(failed.status).toBe(502);
        const page = await confirmPack(user, sessionId);
        expect(page.status).toBe(502);
        expect(await page.json()).toMatchObject({ code: "PAYMENT_PROVIDER_ERROR" });
        expect(await checkoutStatus(sessionId)).toBe("refunding");
        expect(refundsOf(paymentIntent)).toHaveLength(0);
        expect(await refundMails(user)).toHaveLength(0);
        expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });

        // Stripe is back: its retry of the same event makes the refund, once.
        stand.refundsFail = false;
        expect((await sendWebhook(event)).status).toBe(200);
        expect(refundsOf(paymentIntent)).toHaveLength(1);
        expect(await checkoutStatus(sessionId)).toBe("refunded");
        expect(await refundMails(user)).toHaveLength(1);

        // A second one that nobody confirms again is made by the hourly sweep.
        stand.refundsFail = true;
        const other = await packPaidAfterDowngrade();
        expect((await confirmPack(other.user, other.sessionId)).status).toBe(502);
        stand.refundsFail = false;
        const ctx: BillingContext = {
          db: api.db,
          config: api.app.initialConfig as unknown as BillingContext["config"],
          provider: new StripePaymentProvider({ secretKey: "sk_test_x", apiUrl: stand.url }),
          mailer: createMailer({
            config: { smtpUrl: undefined, mailFrom: "t@example.com" },
            db: api.db,
            log: api.app.log,
          }),
          log: api.app.log,
          now: () => new Date(),
        };
        expect(await retryPendingRefunds(ctx, {})).toBe(1);
        expect(refundsOf(other.paymentIntent)).toHaveLength(1);
        expect(await checkoutStatus(other.sessionId)).toBe("refunded");
        expect(await refundMails(other.user)).toHaveLength(1);
        expect(await retryPendingRefunds(ctx, {})).toBe(0);
      } finally {
        stand.refundsFail = false;
      }
    });

    it("credits a pack confirmed while the account is still on a paid plan", async () => {
      const { user } = await basicSubscriber();
      const sessionId = await startCheckout(user, "/api/minutes/500");
      // Upgraded to Standard meanwhile: still a paid plan, which keeps packs.
      const upgrade = await startCheckout(user, "/api/subscriptions/standard");
      stand.pay(upgrade);
      expect((await confirmPlan(user, upgrade, "standard")).status).toBe(200);
      const paymentIntent = stand.pay(sessionId).payment_intent ?? "";
      const response = await confirmPack(user, sessionId);
      expect(response.status).toBe(200);
      expect(await me(user)).toMatchObject({ credits: 500, additionalCredits: 500 });
      expect(refundCalls(paymentIntent)).toHaveLength(0);
    });
  });

  it("cancels the Stripe subscription at once on a Basic downgrade", async () => {
    const { user, subscriptionId } = await basicSubscriber();
    const response = await api.post("/api/subscriptions/downgrade", undefined, user.auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ planType: "free", effective: "now" });
    expect(
      stand.requests.filter(
        (request) =>
          request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriptionId}`,
      ),
    ).toHaveLength(1);
    expect(stand.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    expect((await activePlan(user)).planType).toBe("free");
  });

  it("switching Basic to Standard cancels the Basic subscription; Standard ends at period end", async () => {
    const { user, subscriptionId: basicId } = await basicSubscriber();
    const sessionId = await startCheckout(user, "/api/subscriptions/standard");
    const standardId = stand.pay(sessionId).subscription ?? "";
    expect((await confirmPlan(user, sessionId, "standard")).status).toBe(200);
    expect(stand.subscriptions.get(basicId)?.status).toBe("canceled");
    expect(stand.subscriptions.get(standardId)?.status).toBe("active");

    const response = await api.post("/api/subscriptions/downgrade", undefined, user.auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ planType: "standard", effective: "period_end" });
    const update = stand.requests.findLast(
      (request) => request.method === "POST" && request.path === `/v1/subscriptions/${standardId}`,
    );
    expect(update?.params).toEqual({ cancel_at_period_end: "true" });
    expect(stand.subscriptions.get(standardId)).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
    });
  });

  it("cancels Basic at the period end at Stripe: minutes kept, resume undoes it, then Free when Stripe ends it", async () => {
    const { user, subscriptionId } = await basicSubscriber();
    const packSession = await startCheckout(user, "/api/minutes/500");
    stand.pay(packSession);
    const pack = await api.post(
      "/api/minutes/checkout-complete",
      { sessionId: packSession, minutesPack: 500 },
      user.auth,
    );
    expect(pack.status).toBe(200);
    const updates = () =>
      stand.requests.filter(
        (request) =>
          request.method === "POST" && request.path === `/v1/subscriptions/${subscriptionId}`,
      );

    const cancel = await api.post("/api/subscriptions/cancel", undefined, user.auth);
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ planType: "basic", cancelAtPeriodEnd: true });
    expect(updates().at(-1)?.params).toEqual({ cancel_at_period_end: "true" });
    expect(stand.subscriptions.get(subscriptionId)).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
    });
    expect(await me(user)).toMatchObject({ credits: 200, additionalCredits: 500 });
    expect(await activePlan(user)).toMatchObject({ planType: "basic", cancelAtPeriodEnd: true });

    const resume = await api.post("/api/subscriptions/resume", undefined, user.auth);
    expect(resume.status).toBe(200);
    expect(await resume.json()).toMatchObject({ planType: "basic", cancelAtPeriodEnd: false });
    expect(updates().at(-1)?.params).toEqual({ cancel_at_period_end: "false" });
    expect(stand.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);

    expect((await api.post("/api/subscriptions/cancel", undefined, user.auth)).status).toBe(200);
    expect(stand.endPeriod(subscriptionId)).toBe("canceled");
    const deleted = stripeEvent("customer.subscription.deleted", {
      ...stand.subscriptions.get(subscriptionId),
    });
    expect((await sendWebhook(deleted)).status).toBe(200);
    expect(await activePlan(user)).toMatchObject({ planType: "free", cancelAtPeriodEnd: false });
    // Moving to Free forfeits pack minutes, as a downgrade does.
    expect(await me(user)).toMatchObject({ credits: 20, additionalCredits: 0 });
    const late = await api.post("/api/subscriptions/resume", undefined, user.auth);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe("PLAN_ENDED");
  });

  it("answers 502 and keeps the cancellation when Stripe refuses to resume an ended subscription", async () => {
    const { user, subscriptionId } = await basicSubscriber();
    expect((await api.post("/api/subscriptions/cancel", undefined, user.auth)).status).toBe(200);
    stand.endPeriod(subscriptionId); // ended at Stripe; its event not delivered yet
    const resume = await api.post("/api/subscriptions/resume", undefined, user.auth);
    expect(resume.status).toBe(502);
    expect(await activePlan(user)).toMatchObject({ planType: "basic", cancelAtPeriodEnd: true });
  });
});
