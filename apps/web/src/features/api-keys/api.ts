import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from "../../api/types";

export const apiKeysQueryKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => api<ApiKey[]>("/api/keys", { signal }),
    refetchOnMount: true,
  });
}

/** Creates a key and adds it to the cached list (without its secret). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<CreatedApiKey>("/api/keys", {
        method: "POST",
        body: { name } satisfies CreateApiKeyBody,
      }),
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
    mutationFn: (id: string) =>
      api<void>(`/api/keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey, (keys = []) =>
        keys.filter((key) => key.id !== id),
      );
    },
  });
}
