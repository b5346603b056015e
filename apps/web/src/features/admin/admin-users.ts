import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, queryString } from "../../api/client";
import type { AdminUser, AdminUsersQuery } from "../../api/types";

export const adminUsersKey = ["admin", "users"] as const;

/** Users matching `search` (newest 50 when empty). */
export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: [...adminUsersKey, search],
    queryFn: ({ signal }) =>
      api<AdminUser[]>(`/api/admin/users?${queryString({ search } satisfies AdminUsersQuery)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
