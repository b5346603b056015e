// One interface for hosted checkouts; `stripe` (the Stripe SDK), `local` (a built-in test
// page) and `none` (payments off) implement it. The billing service decides what is sold; a provider only takes money.

/** A plan subscription or a one-time minute pack. */
export type PurchaseKind = "plan" | "pack";

/** What a checkout sells and where the buyer goes afterwards. */
export interface CheckoutRequest {
  kind: PurchaseKind;
  /** The plan type (`basic`, `standard`, `pro`) or pack size (`500`, `1000`). */
  product: string;
  /** Price in US cents (monthly for plans). */
  amountCents: number;
  /** Taken off the first payment only: an upgrade's credit for the unused part of a paid period. */
  creditCents: number;
  /** The line the buyer sees ("Verbatim Basic: 200 minutes a month"). */
  description: string;
  userId: string;
  email: string;
  /** Where to return after paying; contains `{CHECKOUT_SESSION_ID}`, as Stripe expects. */
  successUrl: string;
  /** Where to return when the buyer gives up. */
  cancelUrl: string;
}

/** A hosted checkout the buyer is sent to. */
export interface CreatedCheckout {
  sessionId: string;
  url: string;
}

/** What the provider says about a checkout session. */
export interface CheckoutState {
  sessionId: string;
  /** The money was taken (for subscriptions: the first period is paid). */
  paid: boolean;
  /** Amount charged, in the smallest unit of `currency`. */
  amountCents: number | null;
  currency: string | null;
  /** For plans: the provider's subscription and the end of its first paid period. */
  subscriptionId: string | null;
  periodEnd: Date | null;
}

/** What the provider says about a subscription at the end of a period. */
export interface SubscriptionState {
  /** It renewed (or is still running): keep the plan. */
  active: boolean;
  /** End of the period it is paid up to. */
  periodEnd: Date | null;
}

/** A refund the provider made (or had made before, for the same checkout). */
export interface Refund {
  /** The provider's id for it; null when the provider says the payment was refunded already. */
  refundId: string | null;
}

export interface PaymentProvider {
  readonly name: "local" | "stripe" | "none";
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** The session's state; undefined when the provider does not know it. */
  retrieveCheckout(sessionId: string): Promise<CheckoutState | undefined>;
  /** Stops billing: at once (Basic to Free) or at the end of the paid period. */
  cancelSubscription(subscriptionId: string, when: "now" | "period_end"): Promise<void>;
  /** Undoes a cancellation at the period end: the subscription renews again. */
  resumeSubscription(subscriptionId: string): Promise<void>;
  /** Whether the subscription renewed past `currentPeriodEnd`, and to when. */
  subscriptionState(subscriptionId: string, currentPeriodEnd: Date): Promise<SubscriptionState>;
  /**
   * Gives back the whole payment of a paid one-time checkout (a pack that cannot be delivered).
   * Safe to repeat: asking again for the same session refunds nothing more.
   */
  refund(sessionId: string): Promise<Refund>;
}
