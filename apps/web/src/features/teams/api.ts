import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { queryKeys } from "../../api/queries";
import type {
  CreateInvitationBody,
  CreateTeamBody,
  MoveToTeamBody,
  Team,
  TeamDetail,
  TeamInvitation,
  TeamMember,
  TeamUsage,
  TranscriptionSummary,
  UpdateMemberBody,
} from "../../api/types";

// The team calls (docs/teams.md). Every answer a role may not have is the server's to refuse;
// the page only hides what the team's `allowed` list (the policy table's row) leaves out.

const keys = {
  teams: ["teams"] as const,
  team: (id: string) => ["teams", id] as const,
  members: (id: string) => ["teams", id, "members"] as const,
  invitations: (id: string) => ["teams", id, "invitations"] as const,
  usage: (id: string) => ["teams", id, "usage"] as const,
};

/** The teams the user is in. */
export function useTeams() {
  return useQuery({
    queryKey: keys.teams,
    queryFn: ({ signal }) => api<Team[]>("/api/teams", { signal }),
  });
}

export function useTeam(id: string | null) {
  return useQuery({
    queryKey: keys.team(id ?? ""),
    queryFn: ({ signal }) => api<TeamDetail>(`/api/teams/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useMembers(id: string) {
  return useQuery({
    queryKey: keys.members(id),
    queryFn: ({ signal }) => api<TeamMember[]>(`/api/teams/${id}/members`, { signal }),
  });
}

export function useInvitations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(id),
    queryFn: ({ signal }) => api<TeamInvitation[]>(`/api/teams/${id}/invitations`, { signal }),
    enabled,
  });
}

export function useUsage(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.usage(id),
    queryFn: ({ signal }) => api<TeamUsage>(`/api/teams/${id}/usage`, { signal }),
    enabled,
  });
}

/** Every team query again (after any change to a team). */
function useRefreshTeams() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.teams });
}

export function useCreateTeam() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (body: CreateTeamBody) => api<Team>("/api/teams", { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useInvite(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) =>
      api<TeamInvitation>(`/api/teams/${id}/invitations`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useWithdrawInvitation(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api<void>(`/api/teams/${id}/invitations/${invitationId}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useChangeRole(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateMemberBody) =>
      api<TeamMember>(`/api/teams/${id}/members/${userId}`, {
        method: "PATCH",
        body: { role } satisfies UpdateMemberBody,
      }),
    onSuccess: refresh,
  });
}

export function useRemoveMember(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (userId: string) =>
      api<void>(`/api/teams/${id}/members/${userId}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useLeaveTeam(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: () => api<void>(`/api/teams/${id}/leave`, { method: "POST" }),
    onSuccess: refresh,
  });
}

/** Deletes the team, confirming the transcription count the warning showed. */
export function useDeleteTeam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) =>
      api<void>(`/api/teams/${id}?confirmTranscriptions=${count}`, { method: "DELETE" }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.teams });
      await client.invalidateQueries({ queryKey: queryKeys.transcriptions });
    },
  });
}

export function useAcceptInvitation() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (token: string) =>
      api<Team>("/api/team-invitations/accept", { method: "POST", body: { token } }),
    onSuccess: refresh,
  });
}

/** Moves one of the user's transcriptions into a team. */
export function useMoveToTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ transcriptionId, teamId }: { transcriptionId: string } & MoveToTeamBody) =>
      api<TranscriptionSummary>(`/api/transcriptions/${transcriptionId}/team`, {
        method: "POST",
        body: { teamId } satisfies MoveToTeamBody,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transcriptions }),
  });
}
