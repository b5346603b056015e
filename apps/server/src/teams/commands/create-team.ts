// Command: make a team, with the user as its owner and first member.
import { fail } from "../../http/app-error.js";
import type { User } from "../../users/repo.js";
import type { TeamRow } from "../membership.js";
import type { TeamsContext } from "../teams-context.js";
import { insertTeam, MAX_OWNED_TEAMS, ownedTeamCount } from "../teams-repo.js";

/** Makes a team owned by `owner`; 409 TEAM_LIMIT_REACHED past MAX_OWNED_TEAMS teams owned. */
export async function createTeam(
  ctx: Pick<TeamsContext, "db" | "now">,
  { owner, name }: { owner: Pick<User, "id">; name: string },
): Promise<TeamRow> {
  if ((await ownedTeamCount(ctx.db, owner.id)) >= MAX_OWNED_TEAMS) {
    fail("TEAM_LIMIT_REACHED", { limit: MAX_OWNED_TEAMS });
  }
  return insertTeam(ctx.db, owner.id, name, ctx.now());
}
