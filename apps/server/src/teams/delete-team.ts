import type { Db } from "../db/database.js";
import { deleteJob } from "../jobs/job-lifecycle.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { TranscriptionRow } from "../jobs/job-row.js";

/**
 * Deletes a team and every transcription in it (running ones cancelled first, their files
 * deleted), then its members and invitations. Returns how many transcriptions went.
 */
export async function deleteTeam(
  ctx: { db: Db; jobs: Pick<JobQueue, "events" | "stopRunning">; now: () => Date },
  teamId: string,
): Promise<number> {
  const { db } = ctx;
  const jobs: TranscriptionRow[] = await db
    .selectFrom("transcriptions")
    .selectAll()
    .where("team_id", "=", teamId)
    .execute();
  for (const job of jobs) await deleteJob(ctx, job);
  await db.deleteFrom("teams").where("id", "=", teamId).execute();
  return jobs.length;
}

/** Deletes every team the user owns (their account is going), with the teams' transcriptions. */
export async function deleteTeamsOwnedBy(
  ctx: { db: Db; jobs: Pick<JobQueue, "events" | "stopRunning">; now: () => Date },
  userId: string,
): Promise<void> {
  const owned = await ctx.db
    .selectFrom("teams")
    .select("id")
    .where("owner_id", "=", userId)
    .execute();
  for (const { id } of owned) await deleteTeam(ctx, id);
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
    await db
      .updateTable("transcriptions")
      .set({ user_id: team.owner_id })
      .where("user_id", "=", userId)
      .where("team_id", "=", team.id)
      .execute();
  }
}
