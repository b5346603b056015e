import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

/** A key as listed: never the secret, only its first characters. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to a creation: the one time the full key is sent. */
export interface CreatedApiKey extends Omit<ApiKey, "lastUsedAt"> {
  key: string;
}

/** The most keys one account may hold (the server answers 409 past it). */
export const MAX_API_KEYS = 20;

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
      api<CreatedApiKey>("/api/keys", { method: "POST", body: { name } }),
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
