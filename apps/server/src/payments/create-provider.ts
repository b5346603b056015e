import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { LocalPaymentProvider } from "./local-provider.js";
import { NoPaymentProvider } from "./no-payments-provider.js";
import type { PaymentProvider } from "./payment-provider.js";
import { StripePaymentProvider } from "./stripe-provider.js";

/** The configured payment provider (PAYMENT_PROVIDER). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  switch (config.payments.provider) {
    case "none":
      return new NoPaymentProvider();
    case "local":
      return new LocalPaymentProvider(db, config.publicUrl);
    case "stripe":
      // loadConfig refuses PAYMENT_PROVIDER=stripe without a secret key; checked again here.
      if (!config.payments.stripeSecretKey) {
        throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY.");
      }
      return new StripePaymentProvider({
        secretKey: config.payments.stripeSecretKey,
        apiUrl: config.payments.stripeApiUrl,
      });
  }
}
