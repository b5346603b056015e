// The contact form's settings that tests may change (the composition root holds them).
import type { AuthRateLimits } from "../auth/rate-limits.js";

/** Settings of the contact form that tests may change. */
export interface ContactOptions {
  rateLimits?: AuthRateLimits;
}
