import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../http/app-error.js";

/** A provider failure, as a 502 with a plain message; the cause goes to the log. */
export function providerError(log: FastifyBaseLogger, error: unknown, message: string): unknown {
  if (error instanceof AppError) return error;
  log.error({ err: error }, `payment provider: ${message}`);
  return new AppError("PAYMENT_PROVIDER_ERROR");
}
