/** Every page a visitor can open without an account (the last one: any unknown path, a 404). */
export const PUBLIC_PAGES = [
  "/",
  "/product",
  "/features",
  "/pricing",
  "/faq",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/developers",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/no-such-page",
];
