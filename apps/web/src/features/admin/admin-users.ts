import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

/** GET /api/admin/users (apps/server/src/admin/schema.ts). */
export interface AdminUser {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  planType: "free" | "basic" | "standard" | "pro";
  planMinutes: number;
  packMinutes: number;
  lastJobAt: string | null;
}

export const adminUsersKey = ["admin", "users"] as const;

/** Users matching `search` (newest 50 when empty). */
export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: [...adminUsersKey, search],
    queryFn: ({ signal }) =>
      api<AdminUser[]>(`/api/admin/users?${new URLSearchParams({ search })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The most one grant may give (the server's MAX_GRANT_MINUTES). */
export const MAX_GRANT_MINUTES = 100_000;
