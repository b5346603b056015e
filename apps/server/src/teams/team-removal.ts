import type { Db } from "../db/database.js";
import { deleteJob } from "../jobs/lifecycle/state-machine.js";
import { handTeamJobsTo } from "../jobs/lifecycle/owner-edits.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { deleteTeamRow } from "./teams-repo.js";

// Teams' delete verbs: a team with its transcriptions (its own command, and an account that
// goes), and a leaving account's transcriptions in other teams. Each table is changed through
// its owner: the jobs through jobs/lifecycle/, the team through teams-repo.ts.

/** What removing a team's transcriptions needs (deleteJob's). */
export interface TeamRemovalContext {
  db: Db;
  jobs: Pick<JobQueue, "events" | "stopRunning">;
  now: () => Date;
}

/**
 * Deletes a team and every transcription in it (running ones cancelled first, their files
 * deleted), then its members and invitations. Returns how many transcriptions went.
 */
export async function removeTeam(ctx: TeamRemovalContext, teamId: string): Promise<number> {
  const { db } = ctx;
  const jobs: TranscriptionRow[] = await db
    .selectFrom("transcriptions")
    .selectAll()
    .where("team_id", "=", teamId)
    .execute();
  for (const job of jobs) await deleteJob(ctx, job);
  await deleteTeamRow(db, teamId);
  return jobs.length;
}

/** Deletes every team the user owns (their account is going), with the teams' transcriptions. */
export async function removeTeamsOwnedBy(ctx: TeamRemovalContext, userId: string): Promise<void> {
  const owned = await ctx.db
    .selectFrom("teams")
    .select("id")
    .where("owner_id", "=", userId)
    .execute();
  for (const { id } of owned) await removeTeam(ctx, id);
}

/**
 * A member's account is going: their transcriptions in teams they do not own stay with those
 * teams, handed to each team's owner (the teams' rules, not the uploader, decide who sees them).
 */
export async function handTeamJobsToOwners(db: Db, userId: string): Promise<void> {
  const teams = await db
    .selectFrom("transcriptions as t")
    .innerJoin("teams as team", "team.id", "t.team_id")
    .select(["team.id", "team.owner_id"])
    .where("t.user_id", "=", userId)
    .where("team.owner_id", "!=", userId)
    .distinct()
    .execute();
  for (const team of teams) {
    await handTeamJobsTo(db, { fromUserId: userId, teamId: team.id, ownerId: team.owner_id });
  }
}
