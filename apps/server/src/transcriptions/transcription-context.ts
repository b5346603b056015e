import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { DownloadProgress } from "../url-import/download-progress.js";
import { isFinalEvent } from "../jobs/job-events.js";
import type { ModelCatalog } from "../models/model-catalog.js";
import type { User } from "../users/repo.js";
import { cancelJob } from "../jobs/lifecycle/state-machine.js";
import { findTranscription, transcriptionOwners } from "../jobs/job-reads.js";
import { actorInTeam } from "../teams/membership.js";
import { authorize } from "../policies/authorize.js";
import { can, transcription, type ActionOn } from "../policies/policies.js";
import { isFinal, type TranscriptionRow } from "../jobs/job-row.js";

/** What the transcription service needs. */
export interface TranscriptionContext {
  db: Db;
  config: Config;
  jobs: JobQueue;
  models: ModelCatalog;
  log: FastifyBaseLogger;
  now: () => Date;
  /** URL imports' download progress: this process's board, or Redis for many API processes. */
  importProgress: DownloadProgress;
}

/**
 * A job the user may do `action` to (policies/: its owner, or for a team's job the user's role
 * in the team), or 404 for one they may not read (anyone else's is "not found"), 403 for one
 * they may read but not change.
 */
export async function ownTranscription(
  { db, config }: Pick<TranscriptionContext, "db" | "config">,
  user: User,
  id: string,
  action: ActionOn<"transcription"> = "read",
): Promise<TranscriptionRow> {
  const row = z.uuid().safeParse(id).success ? await findTranscription(db, id) : undefined;
  const actor = await actorInTeam(db, config, user, row?.team_id);
  authorize(actor, action, row && transcription(row));
  return row as TranscriptionRow;
}

/**
 * Whether the user may still do `action` to the job (false once it is gone): what an open
 * stream asks again while it runs. Reads only who the job belongs to, not its text.
 */
export async function mayStill(
  { db, config }: Pick<TranscriptionContext, "db" | "config">,
  user: User,
  id: string,
  action: ActionOn<"transcription"> = "read",
): Promise<boolean> {
  const [row] = await transcriptionOwners(db, [id]);
  if (!row) return false;
  const actor = await actorInTeam(db, config, user, row.team_id);
  return can(actor, action, transcription(row));
}

/**
 * Those of `rows` the user may do `action` to (the policies, with the user's role in each
 * team the rows belong to: one look per team).
 */
export async function readableBy<Row extends Pick<TranscriptionRow, "user_id" | "team_id">>(
  { db, config }: Pick<TranscriptionContext, "db" | "config">,
  user: User,
  rows: readonly Row[],
  action: ActionOn<"transcription"> = "read",
): Promise<Row[]> {
  const actors = new Map<string | null, Awaited<ReturnType<typeof actorInTeam>>>();
  const kept: Row[] = [];
  for (const row of rows) {
    let actor = actors.get(row.team_id);
    if (!actor) {
      actor = await actorInTeam(db, config, user, row.team_id);
      actors.set(row.team_id, actor);
    }
    if (can(actor, action, transcription(row))) kept.push(row);
  }
  return kept;
}

/** Resolves when the job ends (or `signal` aborts), with its final row. */
export async function waitForOutcome(
  ctx: Pick<TranscriptionContext, "db" | "jobs">,
  id: string,
  signal: AbortSignal,
): Promise<TranscriptionRow | undefined> {
  const ended = new Promise<void>((resolve) => {
    const unsubscribe = ctx.jobs.events.subscribe(id, (event) => {
      if (isFinalEvent(event)) done();
    });
    const timer = setInterval(() => {
      findTranscription(ctx.db, id).then(
        (row) => {
          if (!row || isFinal(row.status)) done();
        },
        () => undefined, // the database is closing (shutdown); the next tick or the end decides
      );
    }, 2_000);
    const done = () => {
      unsubscribe();
      clearInterval(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done);
    // An aborted signal fires no "abort" event: a client gone before anyone listened.
    if (signal.aborted) done();
  });
  const row = await findTranscription(ctx.db, id);
  if (row && !isFinal(row.status)) await ended;
  return chargedOnceCompleted(ctx.db, id, signal);
}

/** How long an answer waits for a completed job's charge (settlement retries within it). */
const CHARGE_WAIT_MS = 5_000;
const CHARGE_POLL_MS = 50;

/**
 * The job's row once its outcome is whole: a completed job is charged just after it is marked
 * completed (jobs/lifecycle/settlement.ts), and an answer read in between would say it cost
 * nothing. Waits for the charge a few seconds at most (a settlement that keeps failing is left
 * to the sweep of unsettled jobs: the row is answered as it is).
 */
async function chargedOnceCompleted(
  db: TranscriptionContext["db"],
  id: string,
  signal: AbortSignal,
): Promise<TranscriptionRow | undefined> {
  const deadline = Date.now() + CHARGE_WAIT_MS;
  let row = await findTranscription(db, id);
  while (
    row?.status === "completed" &&
    row.charged_seconds === null &&
    Date.now() < deadline &&
    !signal.aborted
  ) {
    await new Promise((resolve) => setTimeout(resolve, CHARGE_POLL_MS));
    row = await findTranscription(db, id);
  }
  return row;
}

/** Cancels a waiting or running job: minutes released, media deleted, followers told. */
export async function cancelTranscription(
  ctx: TranscriptionContext,
  row: TranscriptionRow,
): Promise<TranscriptionRow> {
  if (!(await cancelJob(ctx, row))) {
    fail("ALREADY_FINISHED");
  }
  const updated = await findTranscription(ctx.db, row.id);
  if (!updated) fail("NOT_FOUND");
  return updated;
}
