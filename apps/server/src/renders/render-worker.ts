import { mkdir, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { burnCaptions, isEngineError } from "@verbatim/engine";
import { captionStyle, type CaptionControls } from "@verbatim/formats/captions";
import { isErrorCode } from "@verbatim/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { findTranscription } from "../jobs/job-reads.js";
import { rowCues, rowSpeakers } from "../jobs/job-row.js";
import { chargeMinutes, releaseMinutes } from "../minutes/minute-ledger.js";
import { isTransientError } from "../jobs/transient-errors.js";
import type { FileStore, LocalCopy } from "../storage/file-store.js";
import { removeStored, storeOfLocation } from "../storage/stored-files.js";
import { retentionEnds } from "../transcriptions/listening-copy.js";
import { settleEndedJobs } from "../jobs/side-job-tables.js";
import { SideJobQueue, type RunningSideJob, type SideJobKind } from "../jobs/side-job-queue.js";
import { renderOptions, type RenderRow } from "./render-row.js";
import {
  claimNextRender,
  dropEndedRenderSources,
  dropRenderSource,
  endRender,
  recordRenderProgress,
  renderFilePath,
  requeueRender,
  requeueStalledRenders,
} from "./render-store.js";

/** What the render worker needs. */
export interface RenderWorkerContext {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Where ffmpeg writes (and a bucket's input is fetched to) before the result is kept. */
  uploadDir: string;
  /** Where finished videos are kept (the local folder or a bucket). */
  files: FileStore;
  /** Renders at once in this process (0: it runs none). */
  concurrency: number;
  /** ffmpeg threads per render. */
  threads: number;
  /** ffmpeg's niceness (below the speech engine's). */
  niceness: number;
  /** Whether this is the only process using the database (no Redis): it may requeue what it finds running. */
  alone: boolean;
}

/** How often a worker looks for renders another worker left running, and ended ones to settle. */
const SWEEP_MS = 60_000;
/** A running render whose heartbeat is older than this was left by a worker that stopped. */
const STALLED_MS = 2 * 60_000;
/** Ended renders this recent are settled again by the sweep (idempotent). */
const RECENT_END_MS = 24 * 60 * 60_000;
/** Progress is written at most this often. */
const PROGRESS_MS = 1_000;

/** The render worker: the side-job queue working the renders table. */
export type RenderWorker = SideJobQueue<RenderRow>;

/**
 * Runs captioned-video renders from the renders table, apart from transcriptions: its own
 * loops (RENDER_CONCURRENCY, default 1; the side-job queue, jobs/side-job-queue.ts) and a
 * bounded number of ffmpeg threads each (RENDER_THREADS, default 2), so a long render never
 * holds a transcription's slot or all the cores. A render is cancelled by its row leaving
 * `running` (DELETE /api/renders/{id}): the worker sees it at its next progress write, or at
 * once in this process (`cancel`).
 */
export function renderWorker(context: RenderWorkerContext): RenderWorker {
  return new SideJobQueue(new Renders(context), {
    ...context,
    sweepMs: SWEEP_MS,
    stalledMs: STALLED_MS,
  });
}

/** What running a render means, for the side-job queue. */
class Renders implements SideJobKind<RenderRow> {
  readonly noun = "render";
  readonly idField = "renderId";

  constructor(private readonly context: RenderWorkerContext) {}

  claimNext(now: Date): Promise<RenderRow | undefined> {
    return claimNextRender(this.context.db, now);
  }

  requeueStalled(staleBefore: Date | null): Promise<number> {
    return requeueStalledRenders(this.context.db, staleBefore);
  }

  /** Deletes the videos sent for renders that have ended (a process stopped before it could). */
  async beforeStart(): Promise<void> {
    await dropEndedRenderSources(this.context.db).catch((error: unknown) =>
      this.context.log.warn({ err: error }, "deleting the videos of ended renders failed"),
    );
  }

  /** Settles the minutes of renders whose settlement was cut off, and deletes their videos. */
  async afterSweep(now: Date): Promise<void> {
    await settleEndedJobs(this.context.db, "renders", now, new Date(now.getTime() - RECENT_END_MS));
    await dropEndedRenderSources(this.context.db);
  }

  async run(render: RenderRow, { signal, stopping, abort }: RunningSideJob): Promise<void> {
    const { db, log, now, uploadDir, files, threads, niceness } = this.context;
    const output = renderFilePath(uploadDir, render.id);
    let lastWrite = 0;
    let copy: LocalCopy | undefined;
    try {
      const job = await findTranscription(db, render.transcription_id);
      // The user's video sent for this render, or else the kept audio (drawn as a waveform).
      const stored = render.picture === "video" ? render.source_path : job?.audio_path;
      if (!job || !stored || !(await storeOfLocation(stored).stat(stored))) {
        await this.fail(render, render.picture === "video" ? "RENDER_FAILED" : "AUDIO_NOT_KEPT");
        return;
      }
      // ffmpeg reads a path: a file in a bucket is fetched to the scratch folder first.
      copy = await storeOfLocation(stored).localCopy(stored, join(uploadDir, "scratch"));
      const input = copy.path;
      await mkdir(dirname(output), { recursive: true });
      const options = renderOptions(render);
      const { style, crop, ...controls } = options;
      const speakers = rowSpeakers(job)?.map(({ id, name }) => ({ id, name }));
      const result = await burnCaptions(
        {
          input,
          output,
          cues: rowCues(job),
          language: job.language,
          speakers,
          title: job.file_name,
          style: captionStyle(style, controls satisfies CaptionControls, job.language),
          crop,
          threads,
          niceness,
          maxMs: job.duration_ms > 0 ? job.duration_ms : undefined,
        },
        {
          signal,
          onProgress: (fraction) => {
            const at = Date.now();
            if (at - lastWrite < PROGRESS_MS) return;
            lastWrite = at;
            void recordRenderProgress(db, render.id, fraction * 100, now()).then(
              (stillRunning) => {
                if (!stillRunning) abort();
              },
              (error: unknown) => log.warn({ err: error }, "recording render progress failed"),
            );
          },
        },
      );
      const size = (await stat(output)).size;
      const kept = await files.keep(
        { owner: render.user_id, name: basename(output), contentType: "video/mp4" },
        output,
      );
      // The user's video is no longer needed: gone before anyone is told the render ended.
      await this.dropSource(render);
      const finishedAt = now();
      const done = await endRender(db, render.id, ["running"], {
        status: "completed",
        progress: 100,
        file_path: kept,
        size_bytes: size,
        width: result.width,
        height: result.height,
        finished_at: finishedAt.toISOString(),
        expires_at: await retentionEnds(db, render.user_id, finishedAt),
      });
      if (done) await chargeMinutes(db, render.user_id, render.id, render.cost_seconds, finishedAt);
      else await removeStored(kept); // cancelled as it finished: the cancel released the minutes
    } catch (error) {
      await removeFile(output);
      if (signal.aborted || isTransientError(error)) {
        // This process is stopping, or the file store is away: back in line, with the video it
        // was sent with, for the rerun.
        if (stopping() || isTransientError(error)) await requeueRender(db, render.id);
        // Cancelled: its row is settled (and its video deleted) by the cancel; anything the
        // cancel raced past goes here.
        else await this.dropSource(render);
        return;
      }
      log.warn({ err: error, renderId: render.id }, "render failed");
      const code =
        isEngineError(error) && isErrorCode(error.code) && error.code !== "CANCELLED"
          ? error.code
          : "RENDER_FAILED";
      await this.fail(render, code);
    } finally {
      await copy?.release();
    }
  }

  /**
   * Deletes the video the user sent for this render, if any: done as the render ends
   * (completed, failed, cancelled), before its row says so.
   */
  private async dropSource(render: RenderRow): Promise<void> {
    const { db, log } = this.context;
    await dropRenderSource(db, render.id).catch((error: unknown) =>
      log.warn({ err: error, renderId: render.id }, "deleting a render's video failed"),
    );
  }

  /** Ends a render as failed and gives its minutes back in full; its video goes first. */
  private async fail(render: RenderRow, code: string): Promise<void> {
    const { db, now } = this.context;
    await this.dropSource(render);
    const at = now();
    const ended = await endRender(db, render.id, ["running"], {
      status: "failed",
      error_code: code,
      finished_at: at.toISOString(),
    });
    if (ended) await releaseMinutes(db, render.user_id, render.id, at);
  }
}

async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
