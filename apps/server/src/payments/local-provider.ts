import { randomBytes } from "node:crypto";
import type { Db } from "../db/database.js";
import { findCheckout } from "../billing/checkout-repo.js";
import { addMonths } from "../minutes/billing-period.js";
import type { CheckoutState, PaymentProvider, Refund } from "./payment-provider.js";

/**
 * The embedded provider: a test checkout page served by this server (see local-checkout-routes)
 * takes the standard test cards and sends the buyer back exactly as Stripe would. No money
 * moves; subscriptions renew each period unless cancelled (cancellation is kept by billing).
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = "local" as const;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async createCheckout(): Promise<{ sessionId: string; url: string }> {
    const sessionId = `cs_local_${randomBytes(24).toString("base64url")}`;
    return { sessionId, url: `${this.publicUrl}/api/payments/local/checkout/${sessionId}` };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState | undefined> {
    const row = await findCheckout(this.db, sessionId);
    if (!row || row.provider !== "local") return undefined;
    const paid = row.status === "paid" || row.status === "completed";
    return {
      sessionId,
      paid,
      amountCents: paid ? row.amount_cents : null,
      currency: "usd",
      subscriptionId: paid && row.kind === "plan" ? `sub_local_${sessionId.slice(9)}` : null,
      periodEnd: null,
    };
  }

  async cancelSubscription(): Promise<void> {
    // Nothing to stop: the test page never charges again by itself.
  }

  async resumeSubscription(): Promise<void> {
    // Nothing to undo: renewals are decided by billing's own flag.
  }

  async subscriptionState(_subscriptionId: string, currentPeriodEnd: Date) {
    return { active: true, periodEnd: addMonths(currentPeriodEnd, 1) };
  }

  /**
   * No money moved, so none goes back: the refund is recorded where this provider keeps its
   * payments, the checkout row (billing marks it `refunding`, then `refunded`; the test page
   * then no longer takes a card for it). Only a paid local session can be refunded.
   */
  async refund(sessionId: string): Promise<Refund> {
    const row = await findCheckout(this.db, sessionId);
    if (!row || row.provider !== "local") {
      throw new Error(`local payments: no session ${sessionId} to refund`);
    }
    if (!["paid", "completed", "refunding", "refunded"].includes(row.status)) {
      throw new Error(`local payments: session ${sessionId} was never paid (${row.status})`);
    }
    return { refundId: `re_local_${sessionId.slice(9)}` };
  }
}
