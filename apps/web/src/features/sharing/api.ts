import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type {
  Comment,
  CreateCommentBody,
  CreateShareBody,
  ShareGrant,
  SharedTranscription,
  ShareLink,
} from "../../api/types";

// The sharing calls: the owner's (links, comments on their transcription) and a link's viewer's.

const keys = {
  links: (id: string) => ["share-links", id] as const,
  comments: (id: string) => ["comments", id] as const,
  shared: (token: string, grant: string | null) => ["shared", token, grant] as const,
  sharedComments: (token: string) => ["shared-comments", token] as const,
};

/** The owner's live links to a transcription. */
export function useShareLinks(transcriptionId: string, enabled = true) {
  return useQuery({
    queryKey: keys.links(transcriptionId),
    queryFn: ({ signal }) =>
      api<ShareLink[]>(`/api/transcriptions/${transcriptionId}/shares`, { signal }),
    enabled,
  });
}

export function useCreateShareLink(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) =>
      api<ShareLink>(`/api/transcriptions/${transcriptionId}/shares`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.links(transcriptionId) }),
  });
}

export function useRevokeShareLink(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api<void>(`/api/shares/${linkId}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.links(transcriptionId) }),
  });
}

/**
 * The comments on the owner's transcription, once it has any (refreshed every 30 s while open):
 * a transcription nobody commented on costs the editor no request.
 */
export function useOwnerComments(transcriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.comments(transcriptionId),
    queryFn: ({ signal }) =>
      api<Comment[]>(`/api/transcriptions/${transcriptionId}/comments`, { signal }),
    refetchInterval: 30_000,
    enabled,
  });
}

export function useResolveComment(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) =>
      api<Comment>(`/api/transcriptions/${transcriptionId}/comments/${id}`, {
        method: "PATCH",
        body: { resolved },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.comments(transcriptionId) }),
  });
}

export function useDeleteComment(transcriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/transcriptions/${transcriptionId}/comments/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.comments(transcriptionId) }),
  });
}

/** The `X-Share-Grant` header for a link's calls, once its password was entered. */
export function grantHeaders(grant: string | null): Record<string, string> {
  return grant ? { "x-share-grant": grant } : {};
}

/** A link's page data (401 SHARE_PASSWORD_REQUIRED until the grant is there). */
export function useSharedTranscription(token: string, grant: string | null) {
  return useQuery({
    queryKey: keys.shared(token, grant),
    queryFn: ({ signal }) =>
      api<SharedTranscription>(`/api/shared/${token}`, { signal, headers: grantHeaders(grant) }),
    retry: false,
  });
}

export function unlockShare(token: string, password: string): Promise<ShareGrant> {
  return api<ShareGrant>(`/api/shared/${token}/unlock`, { method: "POST", body: { password } });
}

export function useSharedComments(token: string, grant: string | null, enabled: boolean) {
  return useQuery({
    queryKey: keys.sharedComments(token),
    queryFn: ({ signal }) =>
      api<Comment[]>(`/api/shared/${token}/comments`, { signal, headers: grantHeaders(grant) }),
    enabled,
  });
}

export function useAddSharedComment(token: string, grant: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) =>
      api<Comment>(`/api/shared/${token}/comments`, {
        method: "POST",
        body,
        headers: grantHeaders(grant),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.sharedComments(token) }),
  });
}
