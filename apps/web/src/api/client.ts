import { storedToken, storeSession } from "./auth-storage";
import type { ErrorBody, SessionResponse } from "./types";

/** A failed call: the status, the server's code and message, shown as `"{status}: {text}"`. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    /** The server's stable code (e.g. INSUFFICIENT_MINUTES), when it sent one. */
    readonly code: string | undefined,
    /** The server's message, or the body text, or the status text. */
    readonly serverMessage: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** Reads an error body: our `{code, message}` JSON, else the text, else the status text. */
export async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === "string") {
      return new ApiError(response.status, body.code, body.message, body.details);
    }
  } catch {
    // not JSON: fall through to the text
  }
  return new ApiError(response.status, undefined, text || response.statusText);
}

/** A query string of `query`'s values in their order, leaving out those not set. */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

/** Headers every call carries: the Bearer token when one is stored (cookies go too). */
export function authHeaders(): Record<string, string> {
  return bearer(storedToken());
}

const bearer = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

interface CallOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Let the request outlive the page (sent while it unloads; bodies up to 64 kB). */
  keepalive?: boolean;
}

/**
 * Calls the API: cookies included, Bearer token when stored, JSON in and out; a
 * non-OK answer throws ApiError. `body` of FormData is sent as multipart.
 *
 * A refresh rotates the token (the old one stops working), so a call that left with the old
 * token while a refresh was under way can come back 401 although the session is fine: such a
 * call is sent once more with the new token. A 401 for the token still stored is final.
 */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const token = storedToken();
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401) || !token) throw error;
    if (rotation) await rotation;
    const current = storedToken();
    if (!current || current === token) throw error;
    return send<T>(path, options, current);
  }
}

async function send<T>(
  path: string,
  { method = "GET", body, signal, keepalive }: CallOptions,
  token: string | null,
): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: "include",
    signal,
    ...(keepalive ? { keepalive } : {}),
    headers: {
      accept: "application/json",
      ...bearer(token),
      ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await response.json() : await response.text()) as T;
}

/** The refresh under way in this tab, if any. */
let rotation: Promise<boolean> | null = null;

/**
 * Exchanges the stored token for a new one (POST /api/auth/refresh) and stores it; true when
 * a new token is stored. Callers at the same moment (the expiry check, a page, StrictMode's
 * second effect) share one request: the server takes each token once, so a second refresh
 * with it would only be refused. When another tab rotated the shared token first, ours is
 * refused and that tab's token is kept.
 */
export function rotateToken(): Promise<boolean> {
  rotation ??= (async () => {
    const token = storedToken();
    if (!token) return false;
    try {
      const session = await send<SessionResponse>("/api/auth/refresh", { method: "POST" }, token);
      storeSession(session.token, session.tokenExpiration);
      return true;
    } catch {
      const current = storedToken();
      return current !== null && current !== token;
    }
  })().finally(() => {
    rotation = null;
  });
  return rotation;
}

/** True for an error that means "not signed in" (401 or an 'unauthorized' message). */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || /unauthori[sz]ed/i.test(error.serverMessage))
  );
}
