import i18n from "i18next";
import { storedToken, storeSession } from "./auth-storage";
import type { ErrorBody, SessionResponse } from "./types";

/**
 * The web app's one HTTP client: every request to the server goes through here — JSON calls
 * (`api`), uploads with progress (`upload`, over XMLHttpRequest: fetch reports no upload
 * progress), downloads (`download`, as a Blob) and event streams (`eventStream`). Each sends the
 * session cookie and the stored Bearer token, and fails in one of two typed ways: the server
 * answered with an error (ApiError, carrying its code), or no answer came (ClientError, with a
 * code of its own). `errorText` (./error-text) turns either into the user's language.
 */

/** The server answered with an error: its status, its stable code and details, its message. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    /** The server's stable code (e.g. INSUFFICIENT_MINUTES), when it sent one. */
    readonly code: string | undefined,
    /** The server's message, or the body text, or the status text (for logs, not for users). */
    readonly serverMessage: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/**
 * Why no usable answer came: the network failed (NETWORK), the browser is offline (OFFLINE), the
 * caller stopped the request (ABORTED), no answer in time (TIMEOUT), or an answer that is not
 * what the server sends (BAD_RESPONSE). Each has a text in both languages (`requestErrors.*`).
 */
export const CLIENT_ERROR_CODES = [
  "NETWORK",
  "OFFLINE",
  "ABORTED",
  "TIMEOUT",
  "BAD_RESPONSE",
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** A request that got no usable answer; `code` says why. */
export class ClientError extends Error {
  override readonly name = "ClientError";

  constructor(
    readonly code: ClientErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}

/** True for a request stopped by its caller (nothing to tell the user). */
export function isAborted(error: unknown): boolean {
  return error instanceof ClientError && error.code === "ABORTED";
}

/** What a failed call is, from the status and the body text: our `{code, message}` or the text. */
export function errorFrom(status: number, statusText: string, text: string): ApiError {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === "string") {
      return new ApiError(status, body.code, body.message, body.details);
    }
  } catch {
    // not JSON (a proxy's page): the text
  }
  return new ApiError(status, undefined, text || statusText);
}

/** No answer: offline when the browser says so, else a lost or refused connection. */
function lostConnection(cause: unknown): ClientError {
  return new ClientError(navigator.onLine === false ? "OFFLINE" : "NETWORK", { cause });
}

/** A query string of `query`'s values in their order, leaving out those not set. */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

const bearer = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/**
 * The headers every request carries: the session's token, and the interface's language, so that
 * the server's own messages come in it (its error table has both languages for every code).
 */
const sessionHeaders = (token: string | null): Record<string, string> => ({
  ...bearer(token),
  "accept-language": i18n.language === "zh-HK" ? "zh-HK" : "en",
});

/**
 * A JSON call's time limit unless the call names one: long enough for any answer the API gives
 * (the slow work runs in jobs), short enough that a hung connection ends in a TIMEOUT error.
 */
export const CALL_TIMEOUT_MS = 60_000;

interface RequestOptions {
  signal?: AbortSignal;
  /** Headers of the request's own (a share link's `X-Share-Grant`). */
  headers?: Record<string, string>;
  /** Milliseconds before the request is given up as TIMEOUT (0: no limit). */
  timeoutMs?: number;
}

export interface CallOptions extends RequestOptions {
  method?: string;
  body?: unknown;
  /** Let the request outlive the page (sent while it unloads; bodies up to 64 kB). */
  keepalive?: boolean;
}

/**
 * A signal that fires when the caller's does or when `timeoutMs` pass, and which of the two it
 * was; `done` clears the timer.
 */
function deadline(
  signal: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const stop = () => controller.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          stop();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    },
  };
}

/**
 * fetch with the session's credentials and a deadline; a non-OK answer throws ApiError, no
 * answer throws ClientError.
 */
async function fetchAnswer(
  path: string,
  init: RequestInit,
  { signal, timeoutMs = 0, headers }: RequestOptions,
  token: string | null,
): Promise<Response> {
  const limit = deadline(signal, timeoutMs);
  try {
    const response = await fetch(path, {
      ...init,
      credentials: "include",
      signal: limit.signal,
      headers: {
        ...sessionHeaders(token),
        ...(init.headers as Record<string, string> | undefined),
        ...headers,
      },
    }).catch((error: unknown) => {
      if (limit.timedOut()) throw new ClientError("TIMEOUT", { cause: error });
      if (limit.signal.aborted) throw new ClientError("ABORTED", { cause: error });
      throw lostConnection(error);
    });
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw errorFrom(response.status, response.statusText, text);
    }
    return response;
  } finally {
    limit.done();
  }
}

/**
 * Sends a request with the stored token. A refresh rotates the token (the old one stops working),
 * so a request that left with the old token while a refresh was under way can come back 401
 * although the session is fine: such a request is sent once more with the new token. A 401 for
 * the token still stored is final.
 */
async function withCurrentToken<T>(send: (token: string | null) => Promise<T>): Promise<T> {
  const token = storedToken();
  try {
    return await send(token);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401) || !token) throw error;
    if (rotation) await rotation;
    const current = storedToken();
    if (!current || current === token) throw error;
    return send(current);
  }
}

/**
 * Calls the API: JSON in and out (`body` of FormData is sent as multipart), given up after
 * `timeoutMs` (default CALL_TIMEOUT_MS).
 */
export function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  return withCurrentToken((token) => call<T>(path, options, token));
}

async function call<T>(
  path: string,
  { method = "GET", body, keepalive, signal, timeoutMs = CALL_TIMEOUT_MS, headers }: CallOptions,
  token: string | null,
): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetchAnswer(
    path,
    {
      method,
      ...(keepalive ? { keepalive } : {}),
      headers: {
        accept: "application/json",
        ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    },
    { signal, timeoutMs, ...(headers ? { headers } : {}) },
    token,
  );
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return (await response.text()) as T;
  return (await response.json().catch((error: unknown) => {
    throw new ClientError("BAD_RESPONSE", { cause: error });
  })) as T;
}

interface UploadOptions extends RequestOptions {
  /** Bytes of the body sent so far, as the browser reports them. */
  onProgress?: (sentBytes: number) => void;
  headers?: Record<string, string>;
}

/**
 * POSTs a body (a multipart form, or JSON text with its content-type header) and reads the JSON
 * answer, reporting upload progress. Uploads have no time limit unless given one (a large file
 * on a slow line takes as long as it takes).
 */
export function upload<T>(
  path: string,
  body: FormData | string,
  options: UploadOptions = {},
): Promise<T> {
  return withCurrentToken((token) => sendWithProgress<T>(path, body, options, token));
}

function sendWithProgress<T>(
  path: string,
  body: FormData | string,
  { onProgress, headers = {}, signal, timeoutMs = 0 }: UploadOptions,
  token: string | null,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ClientError("ABORTED"));
    const xhr = new XMLHttpRequest();
    const stop = () => xhr.abort();
    signal?.addEventListener("abort", stop, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener("abort", stop);
      outcome();
    };
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries({
      accept: "application/json",
      ...sessionHeaders(token),
      ...headers,
    }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () =>
      settle(() => {
        if (xhr.status < 200 || xhr.status >= 300) {
          return reject(errorFrom(xhr.status, xhr.statusText, xhr.responseText));
        }
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch (error) {
          reject(new ClientError("BAD_RESPONSE", { cause: error }));
        }
      });
    xhr.onerror = () => settle(() => reject(lostConnection(undefined)));
    xhr.ontimeout = () => settle(() => reject(new ClientError("TIMEOUT")));
    xhr.onabort = () => settle(() => reject(new ClientError("ABORTED")));
    xhr.send(body);
  });
}

/** A downloaded file: its bytes and the Content-Disposition header naming it, if any. */
export interface Download {
  blob: Blob;
  disposition: string | null;
}

/**
 * GETs a file as a Blob, with the header that names it; with `json`, POSTs that body instead (a
 * file made from a request, such as the ZIP of many exports).
 */
export function download(
  path: string,
  { json, ...options }: RequestOptions & { json?: unknown } = {},
): Promise<Download> {
  const init: RequestInit =
    json === undefined
      ? { method: "GET" }
      : {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(json),
        };
  return withCurrentToken(async (token) => {
    const response = await fetchAnswer(path, init, options, token);
    const blob = await response.blob().catch((error: unknown) => {
      throw lostConnection(error);
    });
    return { blob, disposition: response.headers.get("content-disposition") };
  });
}

/**
 * POSTs `json` and reads the answer as newline-delimited JSON (a streamed answer), yielding each
 * line's value as it arrives; a non-OK answer throws ApiError before the first line, a line that
 * is not JSON throws ClientError BAD_RESPONSE. No time limit: the caller's signal stops it.
 */
export async function* postJsonLines(
  path: string,
  json: unknown,
  { signal }: { signal?: AbortSignal } = {},
): AsyncGenerator<unknown> {
  const response = await withCurrentToken((token) =>
    fetchAnswer(
      path,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/x-ndjson" },
        body: JSON.stringify(json),
      },
      signal ? { signal } : {},
      token,
    ),
  );
  if (!response.body) throw new ClientError("BAD_RESPONSE");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new ClientError("BAD_RESPONSE", { cause: error });
    }
  };
  let pending = "";
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw signal?.aborted
          ? new ClientError("ABORTED", { cause: error })
          : lostConnection(error);
      });
      if (done) break;
      pending += value;
      let end: number;
      while ((end = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, end).trim();
        pending = pending.slice(end + 1);
        if (line) yield parse(line);
      }
    }
    if (pending.trim()) yield parse(pending.trim());
  } finally {
    // Ends the request too when the caller stops reading early.
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Follows a stream of server-sent events; the session cookie authenticates it (EventSource sends
 * no other header). The caller listens and closes it.
 */
export function eventStream(path: string): EventSource {
  return new EventSource(path, { withCredentials: true });
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
      const session = await call<SessionResponse>("/api/auth/refresh", { method: "POST" }, token);
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
