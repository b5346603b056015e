import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { Mailer } from "../mail/mailer.js";
import type { PaymentProvider } from "../payments/payment-provider.js";

/** What every billing command is given: the database, the payment provider, mail, log, clock. */
export interface BillingContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
}
