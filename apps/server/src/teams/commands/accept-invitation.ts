// Command: join a team with the invitation an e-mail brought.
import type { User } from "../../users/repo.js";
import { redeemInvitation } from "../invitations.js";
import type { TeamsContext } from "../teams-context.js";

/**
 * Joins the team of the invitation `token` with the invited role (a member already keeps theirs):
 * 404 TEAM_INVITATION_NOT_FOUND for a token unknown, used, withdrawn or expired, 403
 * TEAM_INVITATION_OTHER_ADDRESS when the user's address is not the one invited. Returns the
 * team's id.
 */
export async function acceptInvitation(
  ctx: Pick<TeamsContext, "db" | "now">,
  { user, token }: { user: Pick<User, "id" | "email">; token: string },
): Promise<string> {
  return redeemInvitation(ctx.db, user, token, ctx.now());
}
