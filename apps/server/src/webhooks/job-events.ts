import { randomUUID } from "node:crypto";
import type { WebhookEventType } from "@verbatim/contract/api";
import type { Transaction } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { newSigningSecret } from "./signature.js";
import { queueEvent } from "./webhook-store.js";

// Writing the events of ended jobs as deliveries: the one point where webhooks meet the job
// system, by reading the jobs table rather than being called from it. Every process that
// sends webhooks looks (every few seconds) for jobs that ended lately, whose owner has an
// endpoint made before the job ended or whose request asked for a callback, and that carry no
// mark yet; it marks each job (an insert that only one process can win) and, in the same
// transaction, writes one delivery per endpoint. So each event is written exactly once, across
// processes and restarts, however the job ended (a worker, a cancel, a sweep).

/** How far back ended jobs are looked for: a process down longer than this loses events. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
/** Jobs handled per pass. */
const BATCH = 200;

const TYPE_OF: Record<string, WebhookEventType> = {
  completed: "transcription.completed",
  failed: "transcription.failed",
  cancelled: "transcription.cancelled",
};

/** What a delivery says about a job (the body's `data`). */
export function jobEventData(
  row: Pick<
    TranscriptionRow,
    | "id"
    | "file_name"
    | "status"
    | "duration_ms"
    | "charged_seconds"
    | "error_code"
    | "error_message"
    | "created_at"
    | "finished_at"
  >,
  publicUrl: string,
) {
  const self = `${publicUrl}/api/transcriptions/${row.id}`;
  return {
    id: row.id,
    name: row.file_name,
    status: row.status,
    durationSeconds: row.duration_ms / 1000,
    chargedSeconds: row.charged_seconds,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    ...(row.status === "completed"
      ? {
          links: {
            self,
            srt: `${self}/export?format=srt`,
            vtt: `${self}/export?format=vtt`,
            txt: `${self}/export?format=txt`,
            json: `${self}/export?format=json`,
          },
        }
      : {
          links: { self },
          error: { code: row.error_code, message: row.error_message },
        }),
  };
}

/** A delivery body: the event's id, type, time and data, as sent and signed. */
export function eventBody(eventId: string, type: string, created: Date, data: unknown): string {
  return JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(created.getTime() / 1000),
    data,
  });
}

/**
 * Writes deliveries for jobs that ended lately and have not been handled (see the module
 * comment), or for the one job `jobId` (a job ended by its deletion, written before its row
 * goes). Returns how many deliveries were written.
 */
export async function recordJobEvents(
  db: Db,
  publicUrl: string,
  now: Date,
  jobId?: string,
): Promise<number> {
  const since = new Date(now.getTime() - LOOK_BACK_MS).toISOString();
  const rows = await db
    .selectFrom("transcriptions as t")
    .selectAll("t")
    .$if(jobId !== undefined, (query) => query.where("t.id", "=", jobId!))
    .where("t.status", "in", ["completed", "failed", "cancelled"])
    .where("t.finished_at", ">=", since)
    // Settled first: the event tells what was charged.
    .where("t.charged_seconds", "is not", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_job_events as m")
            .select("m.transcription_id")
            .whereRef("m.transcription_id", "=", "t.id"),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("webhooks as w")
            .select("w.id")
            .whereRef("w.user_id", "=", "t.user_id")
            .whereRef("w.created_at", "<=", "t.finished_at"),
        ),
        eb.exists(
          eb
            .selectFrom("job_callbacks as c")
            .select("c.transcription_id")
            .whereRef("c.transcription_id", "=", "t.id"),
        ),
      ]),
    )
    .orderBy("t.finished_at")
    .limit(BATCH)
    .execute();
  let written = 0;
  for (const row of rows) {
    written += await db.transaction().execute(async (tx) => {
      const marked = await tx
        .insertInto("webhook_job_events")
        .values({ transcription_id: row.id, recorded_at: now.toISOString() })
        .onConflict((oc) => oc.column("transcription_id").doNothing())
        .executeTakeFirst();
      if (Number(marked.numInsertedOrUpdatedRows ?? 0n) === 0) return 0; // another process won
      const type = TYPE_OF[row.status];
      if (!type) return 0;
      // A team's job goes to its uploader's endpoints only while they are in the team: a
      // removed member's webhooks and callbacks get none of the team's events.
      if (row.team_id !== null && !(await isMember(tx, row.team_id, row.user_id))) return 0;
      const eventId = `evt_${randomUUID()}`;
      const body = eventBody(eventId, type, now, jobEventData(row, publicUrl));
      const endpoints = await tx
        .selectFrom("webhooks")
        .select(["id", "url", "events_json"])
        .where("user_id", "=", row.user_id)
        .where("created_at", "<=", row.finished_at ?? now.toISOString())
        .execute();
      const targets: { webhookId: string | null; url: string }[] = endpoints
        .filter((w) => (JSON.parse(w.events_json) as string[]).includes(type))
        .map((w) => ({ webhookId: w.id, url: w.url }));
      const callback = await tx
        .selectFrom("job_callbacks")
        .select("url")
        .where("transcription_id", "=", row.id)
        .executeTakeFirst();
      if (callback) targets.push({ webhookId: null, url: callback.url });
      return queueEvent(
        tx,
        { userId: row.user_id, transcriptionId: row.id, eventId, type, payload: body, targets },
        now,
      );
    });
  }
  return written;
}

/**
 * Remembers the URL a request asked to be called back at when its job ends: saved by the
 * intake before the job is stored, so the job cannot end without it.
 */
export async function saveJobCallback(
  db: Db,
  job: { id: string; userId: string },
  url: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto("job_callbacks")
    .values({ transcription_id: job.id, user_id: job.userId, url, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("transcription_id").doNothing())
    .execute();
}

/** Drops the callback of a job that was not made after all. */
export async function forgetJobCallback(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom("job_callbacks").where("transcription_id", "=", jobId).execute();
}

/** The secret that signs a user's callbacks, made on first use. */
export async function callbackSecretOf(db: Db, userId: string, now: Date): Promise<string> {
  await db
    .insertInto("webhook_signing_secrets")
    .values({ user_id: userId, secret: newSigningSecret(), created_at: now.toISOString() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("webhook_signing_secrets")
    .select("secret")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Whether `userId` is (still) a member of the team. */
async function isMember(
  db: Db | Transaction<Database>,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const member = await db
    .selectFrom("team_members")
    .select("user_id")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return member !== undefined;
}
