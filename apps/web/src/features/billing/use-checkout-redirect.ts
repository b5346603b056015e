import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../../api/client";
import type { CheckoutResponse } from "../../api/types";

/** Sends the browser to a hosted payment page (a seam for tests). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/**
 * Starts a hosted checkout by POSTing `endpoint` and sends the browser to the returned URL.
 * Runs once per endpoint, even when React runs effects twice (StrictMode). `null` does nothing.
 */
export function useCheckoutRedirect(endpoint: string | null): { error: ApiError | Error | null } {
  const startedFor = useRef<string | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  useEffect(() => {
    if (!endpoint || startedFor.current === endpoint) return;
    startedFor.current = endpoint;
    setError(null);
    api<CheckoutResponse>(endpoint, { method: "POST" })
      .then(({ url }) => redirectTo(url))
      .catch((caught: unknown) =>
        setError(caught instanceof Error ? caught : new Error(String(caught))),
      );
  }, [endpoint]);
  return { error };
}
