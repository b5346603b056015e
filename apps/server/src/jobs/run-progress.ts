import type { TranscriptionProgress } from "@verbatim/engine";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { saveProgress } from "./lifecycle/state-machine.js";
import type { JobEventBus } from "./job-events.js";
import type { StopReason } from "./job-queue.js";
import type { JobHolder } from "./lifecycle/transition.js";
import type { LiveSegment, TranscriptionRow } from "./job-row.js";

// What a running job tells its row and its followers while the engine works
// (runTranscriptionJob's reporter): the progress, a heartbeat every second, and each passage of
// text as it is recognised, written to the row before it is announced.

/** How often progress is written to the database (events go out more often). */
const SAVE_EVERY_MS = 1_000;
/** How often progress events are published. */
const PUBLISH_EVERY_MS = 250;
/** Segments kept for returning followers (about 10 hours of speech). */
const MAX_LIVE_SEGMENTS = 10_000;

/** A running job's reporter: the engine's callbacks, and the end of the reporting. */
export interface RunProgress {
  /** The engine's progress: kept for the row, published at most every PUBLISH_EVERY_MS. */
  onProgress(progress: TranscriptionProgress): void;
  /** A passage recognised: written to the row, then sent to followers. */
  announce(recognised: LiveSegment): void;
  /** Settles once every passage announced so far is written (and sent, when the row took it). */
  allAnnounced(): Promise<void>;
  /** Stops the heartbeat. */
  stop(): void;
}

/**
 * Starts reporting a job's run: a heartbeat every second from now on (the row's heartbeat and
 * progress, and the progress to followers, so they can tell a long silence from a dead job). A
 * save the row refuses (the job was cancelled or taken over) aborts `controller` ("cancel").
 */
export function followRun(
  {
    db,
    events,
    log,
    now,
  }: { db: Db; events: JobEventBus; log: FastifyBaseLogger; now: () => Date },
  job: Pick<TranscriptionRow, "id" | "transcribed_ms">,
  controller: AbortController,
  holder: JobHolder,
): RunProgress {
  let lastPublish = 0;
  let latest: Pick<TranscriptionProgress, "fraction" | "etaMs"> = { fraction: 0, etaMs: null };
  const onProgress = (progress: TranscriptionProgress) => {
    latest = progress;
    const at = Date.now();
    if (at - lastPublish >= PUBLISH_EVERY_MS) {
      lastPublish = at;
      events.publish(job.id, {
        type: "processing",
        percent: Math.min(99, Math.floor(progress.fraction * 100)),
        secondsLeft: progress.etaMs === null ? null : Math.ceil(progress.etaMs / 1000),
      });
    }
  };
  // Progress to the row; a row that no longer runs under this worker (cancelled, taken over)
  // stops the engine. True when the row took it.
  const save = (delivered?: Parameters<typeof saveProgress>[6]) =>
    saveProgress(db, job.id, latest.fraction, latest.etaMs, now(), holder, delivered).then(
      (stillOurs) => {
        if (!stillOurs) controller.abort("cancel" satisfies StopReason);
        return stillOurs;
      },
      (error: unknown) => {
        log.warn({ err: error, jobId: job.id }, "saving progress failed");
        return false;
      },
    );
  // The text recognised so far, so a client that comes back (or follows from another API
  // process) is given all of it again. Each passage is written to the row before it is
  // announced, in order, with how far into the media the text now reaches: a follower
  // connecting meanwhile reads it from the row or hears it live, never neither, and a passage
  // is sent only once the row holds it, so a job that stops is charged for all the text it
  // delivered (settleStoppedJob). A passage the row did not take (the job was cancelled
  // meanwhile, the database is away) is not sent.
  const live: LiveSegment[] = [];
  let transcribedMs = job.transcribed_ms; // text an earlier run of this job delivered counts
  let announced: Promise<void> = Promise.resolve();
  const announce = (recognised: LiveSegment) => {
    const kept = live.length < MAX_LIVE_SEGMENTS;
    if (kept) live.push(recognised);
    transcribedMs = Math.max(transcribedMs, recognised.end);
    const delivered = { partial: kept ? live.slice() : undefined, transcribedMs };
    announced = announced
      .then(() => save(delivered))
      .then((saved) => {
        if (saved) events.publish(job.id, { type: "segment", ...recognised });
      });
  };
  // A heartbeat every second, from decoding to the end. Followers get the progress every
  // second too, so they can tell a long silence from a dead job.
  const heartbeat = setInterval(() => {
    events.publish(job.id, {
      type: "processing",
      percent: Math.min(99, Math.floor(latest.fraction * 100)),
      secondsLeft: latest.etaMs === null ? null : Math.ceil(latest.etaMs / 1000),
    });
    void save();
  }, SAVE_EVERY_MS);
  return {
    onProgress,
    announce,
    allAnnounced: () => announced,
    stop: () => clearInterval(heartbeat),
  };
}
