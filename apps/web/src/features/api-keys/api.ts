import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/call";
import type { ApiKey } from "../../api/types";

export const apiKeysQueryKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => call("listApiKeys", { signal }),
    refetchOnMount: true,
  });
}

/** Creates a key and adds it to the cached list (without its secret). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call("createApiKey", { body: { name } }),
    onSuccess: ({ id, name, prefix, createdAt }) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys = []) => [
        { id, name, prefix, createdAt, lastUsedAt: null },
        ...keys.filter((key) => key.id !== id),
      ]);
    },
  });
}

/** Revokes a key and drops it from the cached list. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("deleteApiKey", { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys = []) =>
        keys.filter((key) => key.id !== id),
      );
    },
  });
}
