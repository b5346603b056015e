// Command: leave a team (the transcriptions put in it stay the team's).
import { fail } from "../../http/app-error.js";
import type { User } from "../../users/repo.js";
import { teamFor } from "../membership.js";
import type { TeamsContext } from "../teams-context.js";
import { deleteMember } from "../teams-repo.js";

/**
 * Takes the user out of the team: 404 for a team they are not in, 403 TEAM_OWNER_CANNOT_LEAVE
 * for its owner (who deletes the team instead), 403 when their role may not leave.
 */
export async function leaveTeam(
  ctx: Pick<TeamsContext, "db" | "config">,
  { user, teamId }: { user: Pick<User, "id" | "email">; teamId: string },
): Promise<void> {
  const { team, role } = await teamFor(ctx, user, teamId, "read");
  if (role === "owner") fail("TEAM_OWNER_CANNOT_LEAVE");
  await teamFor(ctx, user, teamId, "leave");
  await deleteMember(ctx.db, team.id, user.id);
}
