import type { TeamRoleName } from "../../api/types";

/** The roles that can be given, most trusted first (nobody is made owner). */
export const ASSIGNABLE_ROLES = ["admin", "member", "viewer"] as const;

const RANK: Record<TeamRoleName, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };

/**
 * Whether `mine` may give `role`, or change or remove someone holding it: only roles below
 * one's own (the server's rule, team-roles.ts: mayAssignRole; the server decides, this only
 * hides what it would refuse).
 */
export function ranksAbove(mine: TeamRoleName, role: TeamRoleName): boolean {
  return RANK[role] < RANK[mine];
}
