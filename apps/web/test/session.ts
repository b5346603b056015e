import { vi } from "vitest";

/** A signed-in session as the app keeps it: a token that expires in 30 days. */
export function signIn(token = "token-1"): void {
  localStorage.setItem("authToken", token);
  localStorage.setItem("authTokenExpiration", new Date(Date.now() + 30 * 86_400_000).toISOString());
}

/** Replaces `window.location` with a copy whose `assign` is a spy, until `restore`. */
export function stubLocationAssign() {
  const original = window.location;
  const assign = vi.fn();
  Object.defineProperty(window, "location", { configurable: true, value: { ...original, assign } });
  return {
    assign,
    restore: () =>
      Object.defineProperty(window, "location", { configurable: true, value: original }),
  };
}
