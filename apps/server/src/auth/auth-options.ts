// The sign-in routes' settings that tests may change (the composition root holds them).
import type { AuthRateLimits } from "./rate-limits.js";

/** Settings of the auth routes that tests (and later, configuration) may change. */
export interface AuthOptions {
  rateLimits?: AuthRateLimits;
  /** The clock for token lifetimes. */
  now?: () => Date;
}
