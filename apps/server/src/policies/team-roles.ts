// Team roles (docs/teams.md) and what each may do in its team: the one table every team route
// and every team transcription asks (through policies.ts). A role's row is all it may do.

import { ranksBelow, TEAM_ROLES, type TeamRole } from "@verbatim/contract";

export { TEAM_ROLES, type TeamRole };

/** What can be done in a team, to the team itself or to one of its transcriptions. */
export const TEAM_ACTIONS = [
  /** See the team, its members and its transcriptions (team History), play and export them. */
  "read",
  /** Add time-coded comments to its transcriptions. */
  "comment",
  /** Upload into the team (its owner's minutes pay), or move one's own transcription into it. */
  "upload",
  /** Edit, rename and cancel its transcriptions. */
  "edit",
  /** Delete its transcriptions, and resolve or delete anyone's comments on them. */
  "delete",
  /** Make, list and revoke share links to its transcriptions. */
  "share",
  /** Invite people by e-mail. */
  "invite",
  /** Change members' roles and remove members (never the owner; see mayAssignRole). */
  "manageMembers",
  /** See the minutes pool and usage per member: the owner pays. */
  "pay",
  /** Delete the team and all its transcriptions. */
  "deleteTeam",
  /** Leave the team (the owner cannot: they delete it). */
  "leave",
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/** Role → the actions it allows. */
export const TEAM_POLICY: Readonly<Record<TeamRole, readonly TeamAction[]>> = {
  owner: [
    "read",
    "comment",
    "upload",
    "edit",
    "delete",
    "share",
    "invite",
    "manageMembers",
    "pay",
    "deleteTeam",
  ],
  admin: [
    "read",
    "comment",
    "upload",
    "edit",
    "delete",
    "share",
    "invite",
    "manageMembers",
    "leave",
  ],
  member: ["read", "comment", "upload", "edit", "leave"],
  viewer: ["read", "comment", "leave"],
};

/** Whether `role` (undefined: not a member) allows `action`. */
export function roleAllows(role: TeamRole | undefined, action: TeamAction): boolean {
  return role !== undefined && TEAM_POLICY[role].includes(action);
}

/** Whether a stored role is one of the roles. */
export function isTeamRole(value: string): value is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(value);
}

/**
 * Whether someone with `actor`'s role may give `role` to a member now holding `current` (or
 * invite someone with it, `current` undefined), or remove them (`role` undefined): they must
 * be allowed to manage members (or invite), and both roles must rank below theirs — an admin
 * manages members and viewers, the owner also admins; nobody makes or unmakes an owner.
 */
export function mayAssignRole(
  actor: TeamRole | undefined,
  current: TeamRole | undefined,
  role: TeamRole | undefined,
): boolean {
  if (actor === undefined) return false;
  const action: TeamAction = current === undefined ? "invite" : "manageMembers";
  if (!roleAllows(actor, action)) return false;
  const below = (other: TeamRole | undefined) => other === undefined || ranksBelow(other, actor);
  return below(current) && below(role);
}
