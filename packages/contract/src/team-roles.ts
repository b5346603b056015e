// Team roles (docs/teams.md): the names and their ranking, shared by the API's schemas, the
// server's policy table (apps/server/src/policies/team-roles.ts) and the web app.

/** The roles, from most to least trusted. */
export const TEAM_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles that can be given (nobody is made owner: the team's creator is). */
export const ASSIGNABLE_TEAM_ROLES = ["admin", "member", "viewer"] as const;

/** Whether `role` ranks below `mine` (the only roles one may give, change or remove). */
export function ranksBelow(role: TeamRole, mine: TeamRole): boolean {
  return TEAM_ROLES.indexOf(role) > TEAM_ROLES.indexOf(mine);
}
