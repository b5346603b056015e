import { QueryClient, useQuery } from "@tanstack/react-query";
import { useSession } from "../auth/session";
import { call } from "./call";
import { api, isUnauthorized, queryString } from "./client";
import type { PlanType } from "@verbatim/contract";
import type { QuoteQuery, UpgradeQuote, User } from "./types";

export const queryKeys = {
  me: ["me"] as const,
  subscription: ["subscription", "active"] as const,
  transcriptions: ["transcriptions"] as const,
};

/** Query defaults: no refetch on focus, no polling, never stale, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** The signed-in user: fresh 30 s, kept 5 min, 2 retries, refetched on focus and mount. */
export function useMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api<User>("/api/auth/me", { signal }),
    enabled: Boolean(token),
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    retry: (failures, error) => !isUnauthorized(error) && failures < 2,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
}

/** The price of `plan` today for the signed-in user; off for visitors and when not asked. */
export function useUpgradeQuote(plan: PlanType, enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...queryKeys.subscription, "quote", plan],
    queryFn: ({ signal }) =>
      api<UpgradeQuote>(`/api/subscriptions/quote?${queryString({ plan } satisfies QuoteQuery)}`, {
        signal,
      }),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
  });
}

/** The current plan, or null when the call fails (non-OK means no subscription). */
export function useActiveSubscription() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => call("getActiveSubscription", { signal }).catch(() => null),
    enabled: Boolean(token),
    staleTime: 30_000,
    refetchOnMount: true,
  });
}

/** Minutes available: plan plus pack. */
export function availableMinutes(user: Pick<User, "credits" | "additionalCredits">): number {
  return user.credits + user.additionalCredits;
}
