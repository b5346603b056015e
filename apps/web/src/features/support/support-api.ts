import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, eventStream } from "../../api/client";
import type {
  SupportConversation,
  SupportConversationList,
  SupportMessage,
  SupportMessageBody,
} from "../../api/types";

export const supportKeys = {
  mine: ["support", "mine"] as const,
  conversations: ["support", "conversations"] as const,
  conversation: (userId: string) => ["support", "conversation", userId] as const,
};

/** Adds a message to a conversation unless it is there already (the stream and the answer both bring it). */
export function withMessage(
  conversation: SupportConversation | undefined,
  message: SupportMessage,
): SupportConversation | undefined {
  if (!conversation || conversation.messages.some((m) => m.id === message.id)) return conversation;
  return { ...conversation, messages: [...conversation.messages, message] };
}

/** The signed-in user's conversation with support. */
export function useMySupport() {
  return useQuery({
    queryKey: supportKeys.mine,
    queryFn: ({ signal }) => api<SupportConversation>("/api/support/messages", { signal }),
    staleTime: 0,
    refetchOnMount: "always",
  });
}

/** One user's conversation, for an admin. */
export function useConversation(userId: string | null) {
  return useQuery({
    queryKey: supportKeys.conversation(userId ?? ""),
    queryFn: ({ signal }) =>
      api<SupportConversation>(`/api/admin/support/conversations/${userId}/messages`, { signal }),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

/** Every conversation, for an admin. */
export function useConversations() {
  return useQuery({
    queryKey: supportKeys.conversations,
    queryFn: ({ signal }) =>
      api<SupportConversationList>("/api/admin/support/conversations", { signal }),
    staleTime: 0,
    refetchOnMount: "always",
  });
}

/** Sends a message: the user's own (`userId` null) or an admin's reply to that user. */
export function useSendMessage(userId: string | null) {
  const client = useQueryClient();
  const key = userId ? supportKeys.conversation(userId) : supportKeys.mine;
  return useMutation({
    mutationFn: (body: SupportMessageBody) =>
      api<SupportMessage>(
        userId ? `/api/admin/support/conversations/${userId}/messages` : "/api/support/messages",
        { method: "POST", body },
      ),
    onSuccess: (message) => {
      client.setQueryData<SupportConversation>(key, (old) => withMessage(old, message));
      if (userId) void client.invalidateQueries({ queryKey: supportKeys.conversations });
    },
  });
}

/** Marks the other side's messages read (the user's own conversation, or one an admin opened). */
export function markRead(userId: string | null): Promise<unknown> {
  return api(userId ? `/api/admin/support/conversations/${userId}/read` : "/api/support/read", {
    method: "POST",
  });
}

/**
 * Follows support events over Server-Sent Events (the session cookie authenticates it): the
 * user's own conversation, or every conversation for an admin. Each new message goes into
 * the cached conversation; after a drop everything is read again (what came meanwhile).
 */
export function useSupportEvents(scope: "mine" | "admin"): { live: boolean } {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const source = eventStream(
      scope === "admin" ? "/api/admin/support/events" : "/api/support/events",
    );
    let dropped = false;
    source.addEventListener("open", () => {
      setLive(true);
      if (dropped) void client.invalidateQueries({ queryKey: ["support"] });
      dropped = false;
    });
    source.addEventListener("error", () => {
      setLive(false);
      dropped = true;
    });
    source.addEventListener("message", (event) => {
      const { message } = JSON.parse((event as MessageEvent<string>).data) as {
        message: SupportMessage;
      };
      const key = scope === "admin" ? supportKeys.conversation(message.userId) : supportKeys.mine;
      client.setQueryData<SupportConversation>(key, (old) => withMessage(old, message));
      if (scope === "admin") void client.invalidateQueries({ queryKey: supportKeys.conversations });
    });
    source.addEventListener("read", () => {
      void client.invalidateQueries({ queryKey: ["support"] });
    });
    return () => source.close();
  }, [client, scope]);
  return { live };
}
