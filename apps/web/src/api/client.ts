import { storedToken } from "./auth-storage";

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
async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as {
      code?: string;
      message?: string;
      details?: Record<string, unknown>;
    };
    if (typeof body.message === "string") {
      return new ApiError(response.status, body.code, body.message, body.details);
    }
  } catch {
    // not JSON: fall through to the text
  }
  return new ApiError(response.status, undefined, text || response.statusText);
}

/** Headers every call carries: the Bearer token when one is stored (cookies go too). */
export function authHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * Calls the API (spec §7): cookies included, Bearer token when stored, JSON in and out; a
 * non-OK answer throws ApiError. `body` of FormData is sent as multipart.
 */
export async function api<T>(
  path: string,
  {
    method = "GET",
    body,
    signal,
    keepalive,
  }: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    /** Let the request outlive the page (sent while it unloads; bodies up to 64 kB). */
    keepalive?: boolean;
  } = {},
): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: "include",
    signal,
    ...(keepalive ? { keepalive } : {}),
    headers: {
      accept: "application/json",
      ...authHeaders(),
      ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await response.json() : await response.text()) as T;
}

/** True for an error that means "not signed in" (spec §4: 401 or an 'unauthorized' message). */
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || /unauthori[sz]ed/i.test(error.serverMessage))
  );
}
