// What the browser keeps: the token, its expiry, the user's name, the language.

const KEYS = {
  token: "authToken",
  expiration: "authTokenExpiration",
  userName: "userName",
} as const;

/** 90 days: the lifetime assumed when the server gives no expiry. */
export const DEFAULT_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export function storedToken(): string | null {
  return localStorage.getItem(KEYS.token);
}

export function storedExpiration(): string | null {
  return localStorage.getItem(KEYS.expiration);
}

export function storeSession(token: string, expiration?: string | null): void {
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(
    KEYS.expiration,
    expiration ?? new Date(Date.now() + DEFAULT_TOKEN_LIFETIME_MS).toISOString(),
  );
}

export function storeUserName(name: string | null | undefined): void {
  if (name) localStorage.setItem(KEYS.userName, name);
  else localStorage.removeItem(KEYS.userName);
}

export function clearSession(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}

/**
 * Milliseconds until the stored token expires; null when there is no token or the stored
 * expiry cannot be read (which counts as still valid).
 */
export function msUntilExpiry(now = Date.now()): number | null {
  if (!storedToken()) return null;
  const raw = storedExpiration();
  const at = raw ? Date.parse(raw) : Number.NaN;
  return Number.isNaN(at) ? null : at - now;
}
