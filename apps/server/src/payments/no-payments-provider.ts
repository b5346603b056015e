import { AppError } from "../http/app-error.js";
import type { PaymentProvider, Refund, SubscriptionState } from "./payment-provider.js";

/** The answer to every checkout while no payment provider is configured. */
export function paymentsNotConfigured(): AppError {
  return new AppError("PAYMENTS_NOT_CONFIGURED");
}

/**
 * PAYMENT_PROVIDER=none: the default on a server that others can reach without a provider set.
 * Nothing can be bought (every checkout answers PAYMENTS_NOT_CONFIGURED); subscriptions bought
 * earlier through another provider simply end at the end of their paid period.
 */
export class NoPaymentProvider implements PaymentProvider {
  readonly name = "none";

  createCheckout(): Promise<never> {
    return Promise.reject(paymentsNotConfigured());
  }

  retrieveCheckout(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  cancelSubscription(): Promise<void> {
    return Promise.resolve();
  }

  resumeSubscription(): Promise<void> {
    return Promise.resolve();
  }

  subscriptionState(): Promise<SubscriptionState> {
    return Promise.resolve({ active: false, periodEnd: null });
  }

  refund(): Promise<Refund> {
    return Promise.reject(paymentsNotConfigured());
  }
}
