// The health check's settings that tests and the benchmark may change (the composition root
// holds them).
import type { RateLimitRule } from "../auth/rate-limits.js";

/** Health settings tests and the benchmark override; defaults otherwise. */
export interface HealthOptions {
  rateLimit?: RateLimitRule;
}
