/** Waits between remote attempts: exponential backoff with jitter, or the server's Retry-After. */

/** First backoff; doubles each retry. */
export const BASE_BACKOFF_MS = 500;
/** No backoff is longer than this. */
export const MAX_BACKOFF_MS = 8_000;
/** The longest Retry-After honoured: a server asking for more fails the request now. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null when absent/bad. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** Backoff before retry number `retry` (1-based), with ±25 % jitter. */
export function backoffMs(
  retry: number,
  random: () => number = Math.random,
  first = BASE_BACKOFF_MS,
): number {
  const base = Math.min(MAX_BACKOFF_MS, first * 2 ** (retry - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
