import { LiveEngine, resolveModel, type LiveEnginePlacement } from "@verbatim/engine";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.js";
import { repeatEvery, type RepeatingPass } from "../schedule/repeat-every.js";
import { saveLiveSession } from "./commands/save-live-session.js";
import type { LiveBroadcast } from "./live-broadcast.js";
import { LiveRun } from "./live-run.js";
import { LIVE_SAMPLE_RATE } from "./live-audio.js";
import { staleLiveSessions, type LiveSessionRow } from "./live-store.js";
import type { Segment } from "@verbatim/engine";

/** Settings of live sessions (LIVE_* in docs/configuration.md). */
export interface LiveSettings {
  /** Open sessions one user may have at a time (LIVE_SESSIONS_PER_USER). */
  sessionsPerUser: number;
  /** A session without audio this long is stopped and saved (LIVE_IDLE_SECONDS). */
  idleMs: number;
  /** Threads per decode (LIVE_THREADS). */
  threads: number;
  /** Whisper's window for live decodes (LIVE_WINDOW): fitted to the stretch, or the whole 30 s. */
  window: "fitted" | "full";
  /** Where the live engine runs (tests may keep it in-process). */
  placement?: LiveEnginePlacement;
}

/** How often this process looks for sessions a dead process left open. */
const SWEEP_MS = 60_000;
/** A session whose heartbeat is this old belonged to a process that died. */
const STALE_MS = 120_000;

/**
 * The live sessions this API process runs (docs/live.md): one LiveRun each, one live engine
 * process for all of them. A session lives in the process that started it; its socket and its
 * viewers' streams must reach that process (one API process, or sticky routing by session).
 */
export class LiveHub {
  private readonly runs = new Map<string, LiveRun>();
  readonly engine: LiveEngine;
  private readonly sweeps: RepeatingPass;

  constructor(
    private readonly deps: {
      db: Db;
      log: FastifyBaseLogger;
      now: () => Date;
      uploadDir: string;
      modelsDir: string;
      settings: LiveSettings;
      broadcast: LiveBroadcast;
    },
  ) {
    this.engine = new LiveEngine(deps.settings.placement);
    // sweep() logs its own failures.
    this.sweeps = repeatEvery(SWEEP_MS, () => this.sweep(), { onError: () => undefined });
  }

  get settings(): LiveSettings {
    return this.deps.settings;
  }

  run(id: string): LiveRun | undefined {
    return this.runs.get(id);
  }

  /** Starts the runtime of a session just stored. */
  async start(row: LiveSessionRow): Promise<LiveRun> {
    const model = await resolveModel(row.engine_model, this.deps.modelsDir);
    const run = new LiveRun(
      row,
      {
        ...this.deps,
        engine: this.engine,
        idleMs: this.deps.settings.idleMs,
        threads: this.deps.settings.threads,
        window: this.deps.settings.window,
        onEnded: (ended) => this.runs.delete(ended.id),
      },
      { modelPath: model.path, family: model.family },
    );
    this.runs.set(row.id, run);
    this.deps.broadcast.relay(run);
    await run.warnIfLow();
    return run;
  }

  /** Stops every session, saving what each captured (the server is shutting down). */
  async stopAll(): Promise<void> {
    await this.sweeps.stop();
    await Promise.all([...this.runs.values()].map((run) => run.stop()));
    this.engine.stop();
  }

  /**
   * Saves sessions a process left open when it died (no heartbeat for STALE_MS): their final
   * text so far and audio become a transcription, their minutes are settled by what was captured.
   */
  async sweep(): Promise<void> {
    try {
      const stale = await staleLiveSessions(
        this.deps.db,
        new Date(this.deps.now().getTime() - STALE_MS),
      );
      for (const row of stale) {
        if (this.runs.has(row.id)) continue;
        await saveLiveSession(this.deps, {
          id: row.id,
          userId: row.user_id,
          language: row.language,
          model: row.model,
          engineModel: row.engine_model,
          family: row.model_family,
          audioPath: row.audio_path,
          samples: Math.floor((row.captured_ms * LIVE_SAMPLE_RATE) / 1000),
          reservedSteps: row.reserved_steps,
          finals: JSON.parse(row.finals_json) as Segment[],
          createdAt: row.created_at,
        });
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, "stale live sessions not saved");
    }
  }
}
