import Stripe from "stripe";
import type {
  CheckoutRequest,
  CheckoutState,
  CreatedCheckout,
  PaymentProvider,
  Refund,
  SubscriptionState,
} from "./payment-provider.js";

/** How to reach Stripe: the secret key, and optionally another API address (tests). */
export interface StripeSettings {
  secretKey: string;
  /** STRIPE_API_URL: a stand-in for api.stripe.com (`http://127.0.0.1:4242`). */
  apiUrl?: string | undefined;
}

/**
 * Stripe Checkout: plans are monthly subscriptions, packs one-time payments, each priced inline
 * (`price_data`) from our catalogue so no products need to be set up in the dashboard. What was
 * bought travels in the session's metadata; billing grants it when the buyer returns or when the
 * webhook says the session completed, whichever comes first.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly stripe: Stripe;

  constructor({ secretKey, apiUrl }: StripeSettings) {
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Verbatim" },
      ...apiAddress(apiUrl),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const metadata = { userId: request.userId, kind: request.kind, product: request.product };
    const plan = request.kind === "plan";
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: plan ? "subscription" : "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: request.amountCents,
            product_data: { name: request.description },
            ...(plan ? { recurring: { interval: "month" as const } } : {}),
          },
        },
      ],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      customer_email: request.email,
      client_reference_id: request.userId,
      metadata,
      ...(plan ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    };
    if (request.creditCents > 0) {
      // A one-time coupon for this checkout: the first invoice is reduced, renewals are not.
      const coupon = await this.stripe.coupons.create({
        amount_off: request.creditCents,
        currency: "usd",
        duration: "once",
        max_redemptions: 1,
        name: "Credit for the unused part of your current plan",
        metadata,
      });
      params.discounts = [{ coupon: coupon.id }];
    }
    const session = await this.stripe.checkout.sessions.create(params);
    if (!session.url)
      throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState | undefined> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, {
        expand: ["subscription"],
      });
    } catch (error) {
      if (isResourceMissing(error)) return undefined;
      throw error;
    }
    const paid = session.status === "complete" && session.payment_status === "paid";
    const expanded = session.subscription;
    const subscriptionId = typeof expanded === "string" ? expanded : expanded ? expanded.id : null;
    let periodEnd: Date | null = null;
    if (paid && subscriptionId) {
      const subscription =
        typeof expanded === "object" && expanded
          ? expanded
          : await this.stripe.subscriptions.retrieve(subscriptionId);
      periodEnd = currentPeriodEnd(subscription);
    }
    return {
      sessionId: session.id,
      paid,
      amountCents: session.amount_total,
      currency: session.currency,
      subscriptionId,
      periodEnd,
    };
  }

  async cancelSubscription(subscriptionId: string, when: "now" | "period_end"): Promise<void> {
    try {
      if (when === "now") {
        await this.stripe.subscriptions.cancel(subscriptionId);
      } else {
        await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      }
    } catch (error) {
      // Already gone at Stripe (cancelled from the dashboard, or a replayed downgrade): done.
      if (isResourceMissing(error)) return;
      throw error;
    }
  }

  /** Stripe's own undo of a cancellation at the period end (the subscription must not have ended). */
  async resumeSubscription(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
  }

  /**
   * Refunds a checkout's payment in full: a one-time checkout's payment intent, or for a plan
   * (a subscription checkout) the payment of its first invoice, after cancelling the
   * subscription it started so it never renews. The idempotency key makes a retry (the webhook
   * again, the return page, the hourly sweep) the same refund at Stripe.
   */
  async refund(sessionId: string): Promise<Refund> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    let paymentIntent = idOf(session.payment_intent);
    if (session.mode === "subscription") {
      const subscription = idOf(session.subscription);
      if (subscription) await this.cancelSubscription(subscription, "now");
      paymentIntent ??= await this.firstInvoicePayment(idOf(session.invoice));
    }
    if (!paymentIntent) {
      throw new Error(`Stripe checkout session ${sessionId} has no payment to refund`);
    }
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          metadata: {
            sessionId,
            why: session.mode === "subscription" ? "plan-changed" : "pack-not-deliverable",
          },
        },
        { idempotencyKey: `verbatim-refund-${sessionId}` },
      );
      return { refundId: refund.id };
    } catch (error) {
      // Refunded already (from the dashboard, or an earlier try whose answer was lost): done.
      if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
        return { refundId: null };
      }
      throw error;
    }
  }

  /** The payment intent that paid an invoice (since API 2025-03-31, listed as its payments). */
  private async firstInvoicePayment(invoice: string | null): Promise<string | null> {
    if (!invoice) return null;
    const payments = await this.stripe.invoicePayments.list({ invoice, limit: 10 });
    for (const entry of payments.data) {
      const intent = idOf(entry.payment.payment_intent);
      if (entry.payment.type === "payment_intent" && intent) return intent;
    }
    return null;
  }

  async subscriptionState(subscriptionId: string): Promise<SubscriptionState> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      return {
        active: subscription.status === "active" || subscription.status === "trialing",
        periodEnd: currentPeriodEnd(subscription),
      };
    } catch (error) {
      if (isResourceMissing(error)) return { active: false, periodEnd: null };
      throw error;
    }
  }
}

/**
 * The end of the period a subscription is paid up to: on its items since API version
 * 2025-03-31 (basil), on the subscription itself before; the latest when items differ.
 */
export function currentPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === "number");
  const legacy = (subscription as { current_period_end?: unknown }).current_period_end;
  if (typeof legacy === "number") ends.push(legacy);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** Stripe's "No such …" (404 `resource_missing`). */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === "resource_missing";
}

/** Host, port and protocol for the SDK from STRIPE_API_URL; nothing when it is unset. */
function apiAddress(apiUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}
