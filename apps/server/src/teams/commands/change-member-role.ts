// Command: give a team member another role.
import { fail } from "../../http/app-error.js";
import { mayAssignRole, type TeamRole } from "../../policies/team-roles.js";
import { roleIn, type TeamRow } from "../membership.js";
import type { TeamsContext } from "../teams-context.js";
import { membersOf, setRole } from "../teams-repo.js";

/** A member as the team's member list shows them. */
export type TeamMemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/**
 * Gives `userId` the role `newRole` in the team, as `byRole` (the caller's role) may: 404 for
 * someone not in the team, 403 TEAM_ROLE_NOT_ALLOWED for a change that role may not make.
 * Returns the member as they are now.
 */
export async function changeMemberRole(
  ctx: Pick<TeamsContext, "db">,
  {
    team,
    byRole,
    userId,
    newRole,
  }: { team: TeamRow; byRole: TeamRole; userId: string; newRole: TeamRole },
): Promise<TeamMemberRow> {
  const target = await roleIn(ctx.db, team.id, userId);
  if (!target) fail("NOT_FOUND");
  if (!mayAssignRole(byRole, target, newRole)) fail("TEAM_ROLE_NOT_ALLOWED");
  await setRole(ctx.db, team.id, userId, newRole);
  const member = (await membersOf(ctx.db, team.id)).find((row) => row.user_id === userId);
  if (!member) fail("NOT_FOUND");
  return member;
}
