// Every route of the app, in one place: the router, links and the server's 404 use it.

export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  confirmEmail: "/confirm-email",
  checkout: (plan: string) => `/checkout/${plan}`,
  minutesCheckout: (pack: string | number) => `/minutes-checkout/${pack}`,
  paymentSuccess: "/payment-success",
  downgrade: "/downgrade",
  account: "/account",
  history: "/history",
  teams: "/teams",
  batch: "/batch",
  admin: "/admin",
  adminSupport: "/admin/support",
  support: "/support",
  product: "/product",
  features: "/features",
  pricing: "/pricing",
  faq: "/faq",
  about: "/about",
  contact: "/contact",
  privacy: "/privacy-policy",
  terms: "/terms-of-service",
  cookies: "/cookie-policy",
  developers: "/developers",
  live: "/live",
  /** A live session's watch link (its captions followed without an account). */
  liveWatch: (token: string) => `/l/${token}`,
  /** A share link's page (a transcription opened without an account). */
  shared: (token: string) => `/s/${token}`,
} as const;

/** Route patterns as the router and the server match them (`:name` is one path segment). */
export const routePatterns = {
  ...paths,
  checkout: paths.checkout(":planType"),
  minutesCheckout: paths.minutesCheckout(":pack"),
  shared: paths.shared(":token"),
  liveWatch: paths.liveWatch(":token"),
};

/** Every route pattern, for the server's 404 (written next to the build). */
export const SPA_ROUTE_PATTERNS: string[] = Object.values(routePatterns);
