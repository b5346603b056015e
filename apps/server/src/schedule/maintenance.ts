import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { settleUnsettledJobs } from "../jobs/lifecycle/settlement.js";
import { rollDuePeriods } from "../minutes/minute-ledger.js";
import { removeExpiredRenders } from "../renders/render-store.js";
import { removeExpiredListeningCopies } from "../transcriptions/listening-copy.js";
import { removeExpiredSessions } from "../uploads/upload-sessions.js";
import type { FileStore } from "../storage/file-store.js";
import { LocalFileStore } from "../storage/local-file-store.js";

/** An upload file no job points to after this long is left over from a broken request. */
const ORPHAN_AGE_MS = 6 * 60 * 60 * 1000;

/**
 * One pass of housekeeping: due minute resets, expired chunk sessions, orphaned uploads, audio
 * copies and captioned videos past their plan's retention, and ended jobs whose settlement was cut off (a crash or
 * a failing database between marking a job and settling its minutes: settling is idempotent,
 * so settling it again is safe), and completed jobs whose "translate when done" requests were
 * never queued (`pendingTranslations`: queues them, once).
 */
export async function runMaintenance(
  {
    db,
    uploadDir,
    files = new LocalFileStore(uploadDir),
    log,
    pendingTranslations,
  }: {
    db: Db;
    uploadDir: string;
    files?: FileStore;
    log: FastifyBaseLogger;
    pendingTranslations?: () => Promise<number>;
  },
  now = new Date(),
): Promise<{
  periodsChecked: number;
  sessionsRemoved: number;
  orphansRemoved: number;
  audioRemoved: number;
  rendersRemoved: number;
  chargesSettled: number;
  translationRequestsQueued: number;
}> {
  const periodsChecked = await rollDuePeriods(db, now);
  const sessionsRemoved = await removeExpiredSessions(db, uploadDir, now);
  const orphansRemoved =
    (await removeOrphanUploads(db, uploadDir, now)) +
    (files.kind === "local" ? 0 : await removeOrphanObjects(db, files, now));
  const audioRemoved = await removeExpiredListeningCopies(db, now);
  const rendersRemoved = await removeExpiredRenders(db, now);
  const chargesSettled = await settleUnsettledJobs(db, now);
  const translationRequestsQueued = (await pendingTranslations?.()) ?? 0;
  if (
    sessionsRemoved +
      orphansRemoved +
      audioRemoved +
      rendersRemoved +
      chargesSettled +
      translationRequestsQueued >
    0
  ) {
    log.info(
      {
        periodsChecked,
        sessionsRemoved,
        orphansRemoved,
        audioRemoved,
        rendersRemoved,
        chargesSettled,
        translationRequestsQueued,
      },
      "maintenance",
    );
  }
  return {
    periodsChecked,
    sessionsRemoved,
    orphansRemoved,
    audioRemoved,
    rendersRemoved,
    chargesSettled,
    translationRequestsQueued,
  };
}

/**
 * Deletes the files in the upload folder that nothing holds (no job's media or audio copy, no
 * render's video) and that have not been written for `minAgeMs`: an upload of a request that
 * died mid-intake, a copy written just before a crash or whose job was deleted. The hourly sweep
 * waits ORPHAN_AGE_MS (another process may be taking that upload in now); a process that is the
 * only one taking requests clears them all at start (`minAgeMs` 0). Returns how many.
 */
export async function removeOrphanUploads(
  db: Db,
  uploadDir: string,
  now: Date,
  minAgeMs = ORPHAN_AGE_MS,
): Promise<number> {
  const names = await readdir(uploadDir).catch(() => [] as string[]);
  // Uploads, audio copies and captioned videos (one written just before a crash or a cancel,
  // or whose transcription was deleted, is nobody's).
  const uploads = names.filter(
    (name) =>
      name.endsWith(".upload") || name.endsWith(".listen.m4a") || name.endsWith(".captioned.mp4"),
  );
  if (uploads.length === 0) return 0;
  const held = await heldLocations(db);
  let removed = 0;
  for (const name of uploads) {
    const path = join(uploadDir, name);
    if (held.has(path)) continue;
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs >= minAgeMs) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Every location a row holds: jobs' media and audio copies, renders' videos, chunks. */
async function heldLocations(db: Db): Promise<Set<string | null>> {
  const rows = await db
    .selectFrom("transcriptions")
    .select(["media_path", "audio_path"])
    .where((eb) => eb.or([eb("media_path", "is not", null), eb("audio_path", "is not", null)]))
    .execute();
  const renders = await db
    .selectFrom("renders")
    .select(["file_path", "source_path"])
    .where((eb) => eb.or([eb("file_path", "is not", null), eb("source_path", "is not", null)]))
    .execute();
  // A chunked upload's chunks in a bucket: a session may wait up to a day for its combine.
  const chunks = await db
    .selectFrom("upload_chunks")
    .select("location")
    .where("location", "is not", null)
    .execute();
  return new Set([
    ...rows.flatMap((row) => [row.media_path, row.audio_path]),
    ...renders.flatMap((row) => [row.file_path, row.source_path]),
    ...chunks.map((row) => row.location),
  ]);
}

/**
 * The bucket's side of removeOrphanUploads: objects no row holds, older than ORPHAN_AGE_MS (an
 * upload kept just before its request died, a copy whose job was deleted meanwhile).
 */
export async function removeOrphanObjects(
  db: Db,
  files: FileStore,
  now: Date,
  minAgeMs = ORPHAN_AGE_MS,
): Promise<number> {
  const before = new Date(now.getTime() - minAgeMs);
  const old: string[] = [];
  for await (const location of files.listOlderThan(before)) old.push(location);
  if (old.length === 0) return 0;
  const held = await heldLocations(db);
  let removed = 0;
  for (const location of old) {
    if (held.has(location)) continue;
    await files.delete(location);
    removed++;
  }
  return removed;
}

/** Runs maintenance at start and every hour; returns a stop function. */
export function scheduleMaintenance(context: {
  db: Db;
  uploadDir: string;
  files: FileStore;
  log: FastifyBaseLogger;
  pendingTranslations?: () => Promise<number>;
}) {
  const run = async (): Promise<void> => {
    await runMaintenance(context).catch((error: unknown) =>
      context.log.error({ err: error }, "maintenance failed"),
    );
  };
  const job = new Cron("17 * * * *", { protect: true }, run);
  void run();
  return () => job.stop();
}
