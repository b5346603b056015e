// Command: delete a team and all its transcriptions, once the count of them is confirmed.
import { fail } from "../../http/app-error.js";
import type { TeamRow } from "../membership.js";
import { removeTeam } from "../team-removal.js";
import type { TeamsContext } from "../teams-context.js";
import { teamTranscriptionCount } from "../teams-repo.js";

/**
 * Deletes the team with its transcriptions (for every member), its members and invitations.
 * `confirmTranscriptions` must be the count of its transcriptions: otherwise nothing is deleted,
 * 409 TEAM_DELETE_UNCONFIRMED with `transcriptionCount`.
 */
export async function deleteTeam(
  ctx: TeamsContext,
  { team, confirmTranscriptions }: { team: TeamRow; confirmTranscriptions: number | undefined },
): Promise<void> {
  const count = await teamTranscriptionCount(ctx.db, team.id);
  if (confirmTranscriptions !== count) {
    fail("TEAM_DELETE_UNCONFIRMED", { transcriptionCount: count });
  }
  await removeTeam(ctx, team.id);
}
