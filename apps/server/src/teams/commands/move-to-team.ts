// Command: move one of the user's transcriptions into a team, once and one way.
import { fail } from "../../http/app-error.js";
import { moveIntoTeam } from "../../jobs/lifecycle/owner-edits.js";
import { findTranscription } from "../../jobs/job-reads.js";
import type { TranscriptionRow } from "../../jobs/job-row.js";
import type { TeamRow } from "../membership.js";
import type { TeamsContext } from "../teams-context.js";

/**
 * Puts the transcription in the team (the caller has checked who may): 409
 * TRANSCRIPTION_IN_TEAM when it is in a team already, even one that moved it meanwhile. What it
 * already cost stays where it was charged. Returns the row as it is now.
 */
export async function moveToTeam(
  ctx: Pick<TeamsContext, "db">,
  { transcription, team }: { transcription: TranscriptionRow; team: TeamRow },
): Promise<TranscriptionRow> {
  if (transcription.team_id) fail("TRANSCRIPTION_IN_TEAM");
  if (!(await moveIntoTeam(ctx.db, transcription.id, team.id))) fail("TRANSCRIPTION_IN_TEAM");
  const saved = await findTranscription(ctx.db, transcription.id);
  if (!saved) fail("NOT_FOUND");
  return saved;
}
