import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/call";
import type { WebhookSummary } from "../../api/types";

// The account's webhooks (docs/webhooks.md): POST/GET/DELETE /api/webhooks, a webhook's
// deliveries and its test event.

export const webhooksQueryKey = ["webhooks"] as const;
const deliveriesKey = (id: string) => ["webhooks", id, "deliveries"] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => call("listWebhooks", { signal }),
    refetchOnMount: true,
  });
}

/** A webhook's latest deliveries, while shown (refreshed every few seconds: retries move). */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => call("listWebhookDeliveries", { params: { id }, signal }),
    refetchInterval: 5_000,
  });
}

/** Registers an endpoint; the answer holds its secret, which the list never shows. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => call("createWebhook", { body: { url } }),
    onSuccess: ({ id, url, events, createdAt }) => {
      queryClient.setQueryData<WebhookSummary[]>(webhooksQueryKey, (hooks = []) => [
        ...hooks.filter((hook) => hook.id !== id),
        { id, url, events, createdAt },
      ]);
    },
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("deleteWebhook", { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<WebhookSummary[]>(webhooksQueryKey, (hooks = []) =>
        hooks.filter((hook) => hook.id !== id),
      );
    },
  });
}

/** Sends a `webhook.test` event; the deliveries log shows it. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call("testWebhook", { params: { id } }),
    onSuccess: (_, id) => void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
