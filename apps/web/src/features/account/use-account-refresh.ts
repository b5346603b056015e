import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { queryKeys } from "../../api/queries";

/**
 * Refreshing the account: the current user and the active subscription. `?refresh=true` (the
 * way back from payment) refetches the user once, then drops the parameter from the address.
 */
export function useAccountRefresh() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const handled = useRef(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }, [queryClient]);

  const wantsRefresh = params.get("refresh") === "true";
  useEffect(() => {
    if (!wantsRefresh || handled.current) return;
    handled.current = true;
    void refresh().finally(() =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("refresh");
          return next;
        },
        { replace: true },
      ),
    );
  }, [wantsRefresh, refresh, setParams]);

  return { refresh, refreshing };
}
