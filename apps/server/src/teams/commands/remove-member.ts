// Command: take someone else out of a team (their transcriptions in it stay the team's).
import { fail } from "../../http/app-error.js";
import { cancelTeamRendersOf } from "../../renders/render-store.js";
import { mayAssignRole, type TeamRole } from "../../policies/team-roles.js";
import { roleIn, type TeamRow } from "../membership.js";
import type { TeamsContext } from "../teams-context.js";
import { deleteMember } from "../teams-repo.js";

/**
 * Removes `userId` from the team, as `byRole` (the caller's role) may: 404 for someone not in
 * it, 403 TEAM_OWNER_CANNOT_LEAVE for the owner, 403 TEAM_ROLE_NOT_ALLOWED for a member at or
 * above the caller's role. Their queued or running renders of the team's transcriptions are
 * cancelled, with their minutes given back.
 */
export async function removeMember(
  ctx: Pick<TeamsContext, "db" | "now">,
  { team, byRole, userId }: { team: TeamRow; byRole: TeamRole; userId: string },
): Promise<void> {
  const target = await roleIn(ctx.db, team.id, userId);
  if (!target) fail("NOT_FOUND");
  if (target === "owner") fail("TEAM_OWNER_CANNOT_LEAVE");
  if (!mayAssignRole(byRole, target, undefined)) fail("TEAM_ROLE_NOT_ALLOWED");
  await deleteMember(ctx.db, team.id, userId);
  // Their renders of the team's transcriptions stop, their minutes given back: they may no
  // longer download them, and the owner did not ask for them.
  await cancelTeamRendersOf(ctx.db, userId, team.id, ctx.now());
}
