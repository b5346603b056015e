import { isTeamRole, type TeamRole } from "../policies/team-roles.js";
import type { TeamMemberRow } from "./commands/change-member-role.js";
import type { InvitationRow } from "./invitations.js";
import type { TeamRow } from "./membership.js";

// How the teams' routes present a team, a member and an invitation (team-routes.ts,
// member-routes.ts, invitation-routes.ts): the contract's shapes, from the rows.

/** A team as the contract's `Team`: with the caller's role and the member count. */
export function presentTeam(team: TeamRow, role: TeamRole, members: number) {
  return {
    id: team.id,
    name: team.name,
    role,
    ownerId: team.owner_id,
    memberCount: members,
    createdAt: team.created_at,
  };
}

/** A member as the contract's `TeamMember`. */
export function presentMember(member: TeamMemberRow) {
  return {
    userId: member.user_id,
    name: member.name,
    email: member.email,
    role: member.role,
    joinedAt: member.joined_at,
  };
}

/** An open invitation as the contract's `TeamInvitation` (an unknown role reads as viewer). */
export function presentInvitation(row: InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    role: isTeamRole(row.role) ? row.role : "viewer",
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}
