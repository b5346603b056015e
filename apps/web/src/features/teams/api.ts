import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/call";
import { queryKeys } from "../../api/queries";
import type {
  CreateInvitationBody,
  CreateTeamBody,
  MoveToTeamBody,
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
    queryFn: ({ signal }) => call("listTeams", { signal }),
  });
}

export function useTeam(id: string | null) {
  return useQuery({
    queryKey: keys.team(id ?? ""),
    queryFn: ({ signal }) => call("getTeam", { params: { id: id ?? "" }, signal }),
    enabled: id !== null,
  });
}

export function useMembers(id: string) {
  return useQuery({
    queryKey: keys.members(id),
    queryFn: ({ signal }) => call("listTeamMembers", { params: { id }, signal }),
  });
}

export function useInvitations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(id),
    queryFn: ({ signal }) => call("listTeamInvitations", { params: { id }, signal }),
    enabled,
  });
}

export function useUsage(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.usage(id),
    queryFn: ({ signal }) => call("getTeamUsage", { params: { id }, signal }),
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
    mutationFn: (body: CreateTeamBody) => call("createTeam", { body }),
    onSuccess: refresh,
  });
}

export function useInvite(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) => call("inviteTeamMember", { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useWithdrawInvitation(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (invitationId: string) =>
      call("revokeTeamInvitation", { params: { id, invitationId } }),
    onSuccess: refresh,
  });
}

export function useChangeRole(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateMemberBody) =>
      call("updateTeamMember", { params: { id, userId }, body: { role } }),
    onSuccess: refresh,
  });
}

export function useRemoveMember(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (userId: string) => call("removeTeamMember", { params: { id, userId } }),
    onSuccess: refresh,
  });
}

export function useLeaveTeam(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: () => call("leaveTeam", { params: { id } }),
    onSuccess: refresh,
  });
}

/** Deletes the team, confirming the transcription count the warning showed. */
export function useDeleteTeam(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) =>
      call("deleteTeam", { params: { id }, query: { confirmTranscriptions: count } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.teams });
      await client.invalidateQueries({ queryKey: queryKeys.transcriptions });
    },
  });
}

export function useAcceptInvitation() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (token: string) => call("acceptTeamInvitation", { body: { token } }),
    onSuccess: refresh,
  });
}

/** Moves one of the user's transcriptions into a team. */
export function useMoveToTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ transcriptionId, teamId }: { transcriptionId: string } & MoveToTeamBody) =>
      call("moveToTeam", { params: { id: transcriptionId }, body: { teamId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transcriptions }),
  });
}
