import { createWriteStream, type WriteStream } from "node:fs";
import type {
  LiveEngine,
  LiveRecognition,
  LiveText,
  RecogniserFamily,
  Segment,
} from "@verbatim/engine";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { errorTextFor, type ErrorCode } from "@verbatim/contract";
import type { Db } from "../db/database.js";
import { saveLiveSession } from "./commands/save-live-session.js";
import { LIVE_SAMPLE_RATE, pcm16ToFloat, samplesToMs, wavHeader } from "./live-audio.js";
import {
  LIVE_STEP_AHEAD_SECONDS,
  LIVE_STEP_SECONDS,
  LIVE_WARN_SECONDS,
  reserveLiveStep,
  unreservedSeconds,
} from "./live-steps.js";
import { saveLiveProgress, type LiveSessionRow } from "./live-store.js";

/** The largest binary frame taken: half a second of 16-bit samples. */
export const MAX_FRAME_BYTES = 16_000;
/** Audio may run ahead of the clock by this much (the client's buffering), never more. */
const EARLY_SLACK_MS = 2_000;
/** Progress (heartbeat, captured audio, final text) is written this often. */
const SAVE_EVERY_MS = 5_000;
/** How many finals a viewer who joins late gets first. */
const RECENT_FINALS = 50;
/** Written audio not yet on disk past which the socket stops reading (memory bound). */
const MAX_UNWRITTEN_BYTES = 1 << 20;

/** What a live session tells its speaker and viewers. */
export type LiveEvent =
  | { type: "partial" | "final"; text: string; startMs: number; endMs: number }
  | { type: "paused" | "resumed" }
  | { type: "ended"; transcriptionId: string | null };

export interface LiveRunDeps {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  uploadDir: string;
  engine: LiveEngine;
  /** Closed (and saved) after this long without audio. */
  idleMs: number;
  threads: number;
  window: "fitted" | "full";
  /** The runtime is over: the hub forgets it. */
  onEnded(run: LiveRun): void;
}

/**
 * One live session while it runs, in the API process: takes the speaker's audio frames
 * (validated, acknowledged, written to disk), hands them to the live engine process, passes
 * its text to the speaker and the viewers, reserves minutes in steps, and when stopped (by the
 * speaker, idleness, the balance or a failure) saves everything as a transcription.
 */
export class LiveRun {
  readonly id: string;
  readonly userId: string;
  private samples = 0;
  private readonly startedAt = Date.now();
  private socket: WebSocket | null = null;
  private readonly file: WriteStream;
  private readonly recognition: LiveRecognition;
  private readonly finals: Segment[] = [];
  private partial: LiveEvent | null = null;
  private readonly viewers = new Set<(event: LiveEvent) => void>();
  private reservedSteps: number;
  private reserving = false;
  private exhausted = false;
  private warned = false;
  private paused: boolean;
  private stopping: Promise<string | null> | null = null;
  private idleTimer: NodeJS.Timeout;
  private readonly saveTimer: NodeJS.Timeout;

  constructor(
    private readonly row: LiveSessionRow,
    private readonly deps: LiveRunDeps,
    spec: { modelPath: string; family: RecogniserFamily },
  ) {
    this.id = row.id;
    this.userId = row.user_id;
    this.reservedSteps = row.reserved_steps;
    this.paused = row.paused === 1;
    const file = createWriteStream(row.audio_path, { flags: "w" });
    file.on("error", (error) => {
      deps.log.error({ err: error, liveSession: this.id }, "live audio could not be written");
      void this.stop("ENGINE_FAILED");
    });
    this.file = file;
    this.file.write(wavHeader(0));
    this.recognition = deps.engine.open(
      row.id,
      {
        modelPath: spec.modelPath,
        family: spec.family,
        language: row.language,
        threads: deps.threads,
        window: deps.window,
        gpu: false,
        ...(row.language === "yue" ? { chineseScript: "hk" as const } : {}),
      },
      {
        onText: (text) => this.heard(text),
        onError: (code, message) => {
          deps.log.error({ liveSession: this.id, code, message }, "live recognition failed");
          void this.stop("ENGINE_FAILED");
        },
      },
    );
    this.idleTimer = this.armIdle();
    this.saveTimer = setInterval(() => void this.saveProgress(), SAVE_EVERY_MS);
    this.saveTimer.unref();
  }

  /** Whether it still takes audio. */
  get open(): boolean {
    return this.stopping === null;
  }

  get capturedMs(): number {
    return samplesToMs(this.samples);
  }

  /** The speaker's socket (a new one replaces the old: a reconnect). */
  attach(socket: WebSocket): void {
    if (!this.open) {
      this.send(socket, { type: "error", ...this.errorBody("LIVE_SESSION_ENDED") });
      socket.close(1008, "ended");
      return;
    }
    const previous = this.socket;
    this.socket = socket;
    if (previous && previous !== socket) previous.close(4000, "replaced by a new connection");
    socket.on("message", (data, isBinary) => {
      if (!isBinary) return; // text frames carry nothing the server needs
      this.frame(data as Buffer);
    });
    socket.on("close", () => {
      if (this.socket === socket) this.socket = null;
    });
    // Where to resend from: every sample before it is kept, none after.
    this.send(socket, {
      type: "ready",
      receivedSamples: this.samples,
      upToMs: this.capturedMs,
      paused: this.paused,
    });
    for (const final of this.finals.slice(-RECENT_FINALS)) {
      this.send(socket, {
        type: "final",
        text: final.text,
        startMs: final.start,
        endMs: final.end,
      });
    }
  }

  /** A viewer follows the captions; returns how to stop following. */
  watch(listener: (event: LiveEvent) => void): () => void {
    if (!this.paused) {
      for (const final of this.finals.slice(-RECENT_FINALS)) {
        listener({ type: "final", text: final.text, startMs: final.start, endMs: final.end });
      }
      if (this.partial) listener(this.partial);
    } else listener({ type: "paused" });
    this.viewers.add(listener);
    return () => this.viewers.delete(listener);
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** The speaker pauses or resumes what viewers see (the recording goes on). */
  setPaused(paused: boolean): void {
    if (this.paused === paused) return;
    this.paused = paused;
    this.tellViewers({ type: paused ? "paused" : "resumed" }, true);
  }

  /**
   * Stops taking audio, waits for the last final text, and saves the session as a
   * transcription. Asked again, answers the same.
   */
  stop(reason?: ErrorCode): Promise<string | null> {
    this.stopping ??= this.finishAndSave(reason);
    return this.stopping;
  }

  private async finishAndSave(reason: ErrorCode | undefined): Promise<string | null> {
    clearTimeout(this.idleTimer);
    clearInterval(this.saveTimer);
    const socket = this.socket;
    if (socket && reason) this.send(socket, { type: "error", ...this.errorBody(reason) });
    // The last words: finalised within a few seconds, else saved without them.
    await Promise.race([
      this.recognition.finish().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 15_000).unref()),
    ]);
    this.recognition.close();
    await new Promise<void>((resolve) => this.file.end(() => resolve()));
    let transcriptionId: string | null = null;
    try {
      transcriptionId = await saveLiveSession(
        {
          db: this.deps.db,
          log: this.deps.log,
          now: this.deps.now,
          uploadDir: this.deps.uploadDir,
        },
        {
          id: this.id,
          userId: this.userId,
          language: this.row.language,
          model: this.row.model,
          engineModel: this.row.engine_model,
          family: this.row.model_family,
          audioPath: this.row.audio_path,
          samples: this.samples,
          reservedSteps: this.reservedSteps,
          finals: this.finals,
          createdAt: this.row.created_at,
        },
      );
    } catch (error) {
      this.deps.log.error({ err: error, liveSession: this.id }, "live session could not be saved");
    }
    const ended: LiveEvent = { type: "ended", transcriptionId };
    this.tellViewers(ended, true);
    if (socket) {
      this.send(socket, { type: "stopped", transcriptionId });
      socket.close(1000, "stopped");
    }
    this.viewers.clear();
    this.deps.onEnded(this);
    return transcriptionId;
  }

  /** One binary frame of 16-bit little-endian mono PCM at 16 kHz. */
  private frame(data: Buffer): void {
    const socket = this.socket;
    if (!this.open || !socket) return;
    if (data.length === 0 || data.length % 2 !== 0 || data.length > MAX_FRAME_BYTES) {
      return this.refuse(socket, "LIVE_FRAME_INVALID", { maxBytes: MAX_FRAME_BYTES });
    }
    let samples = data.length / 2;
    // Audio cannot be captured faster than it is spoken: none from the future.
    const allowedMs = Date.now() - this.startedAt + EARLY_SLACK_MS;
    if (samplesToMs(this.samples + samples) > allowedMs) {
      return this.refuse(socket, "LIVE_TOO_FAST");
    }
    // Never past what is reserved once the balance has run out.
    const reservedSamples = this.reservedSteps * LIVE_STEP_SECONDS * LIVE_SAMPLE_RATE;
    if (this.exhausted) samples = Math.min(samples, reservedSamples - this.samples);
    if (samples <= 0) {
      void this.stop("LIVE_MINUTES_USED_UP");
      return;
    }
    const pcm = samples * 2 === data.length ? data : data.subarray(0, samples * 2);
    this.samples += samples;
    if (!this.file.write(pcm) && this.file.writableLength > MAX_UNWRITTEN_BYTES) {
      socket.pause();
      this.file.once("drain", () => socket.resume());
    }
    this.recognition.push(pcm16ToFloat(pcm));
    this.send(socket, { type: "ack", receivedSamples: this.samples, upToMs: this.capturedMs });
    clearTimeout(this.idleTimer);
    this.idleTimer = this.armIdle();
    this.reserveAhead();
  }

  private refuse(socket: WebSocket, code: ErrorCode, details?: Record<string, unknown>): void {
    this.send(socket, { type: "error", ...this.errorBody(code, details) });
    socket.close(1008, code);
  }

  /** The next step before the reserved time runs out; a warning when little is left. */
  private reserveAhead(): void {
    const capturedSeconds = this.samples / LIVE_SAMPLE_RATE;
    const reservedSeconds = this.reservedSteps * LIVE_STEP_SECONDS;
    if (this.exhausted) {
      if (capturedSeconds >= reservedSeconds) void this.stop("LIVE_MINUTES_USED_UP");
      return;
    }
    if (this.reserving || capturedSeconds + LIVE_STEP_AHEAD_SECONDS < reservedSeconds) return;
    this.reserving = true;
    const step = this.reservedSteps;
    void reserveLiveStep(this.deps.db, this.userId, this.id, step, this.deps.now())
      .then(async (reserved) => {
        if (reserved) this.reservedSteps = Math.max(this.reservedSteps, step + 1);
        else this.exhausted = true;
        await this.warnIfLow();
      })
      .catch((error: unknown) => {
        this.deps.log.error({ err: error, liveSession: this.id }, "live minutes not reserved");
        this.exhausted = true;
      })
      .finally(() => {
        this.reserving = false;
      });
  }

  /** Two minutes before the balance runs out, the speaker is told once. */
  async warnIfLow(): Promise<void> {
    if (this.warned) return;
    const left =
      (this.exhausted ? 0 : await unreservedSeconds(this.deps.db, this.userId, this.deps.now())) +
      this.reservedSteps * LIVE_STEP_SECONDS -
      this.samples / LIVE_SAMPLE_RATE;
    if (left > LIVE_WARN_SECONDS) return;
    this.warned = true;
    const minutes = Math.max(0, Math.round((left / 60) * 10) / 10);
    if (this.socket) {
      this.send(this.socket, {
        type: "warning",
        secondsLeft: Math.floor(left),
        ...this.errorBody("LIVE_MINUTES_LOW", { minutes }),
      });
    }
  }

  private heard(text: LiveText): void {
    if (!this.open && text.type === "partial") return;
    const event: LiveEvent = {
      type: text.type,
      text: text.text,
      startMs: text.startMs,
      endMs: text.endMs,
    };
    if (text.type === "final") {
      this.finals.push({
        start: text.startMs,
        end: text.endMs,
        text: text.text,
        ...(text.language ? { language: text.language } : {}),
        ...(text.words ? { words: text.words } : {}),
      });
      this.partial = null;
    } else this.partial = event;
    if (this.socket) this.send(this.socket, event);
    this.tellViewers(event);
  }

  private tellViewers(event: LiveEvent, always = false): void {
    if (this.paused && !always) return;
    for (const viewer of this.viewers) viewer(event);
  }

  private armIdle(): NodeJS.Timeout {
    const timer = setTimeout(() => void this.stop("LIVE_IDLE"), this.deps.idleMs);
    timer.unref();
    return timer;
  }

  private async saveProgress(): Promise<void> {
    if (!this.open) return;
    await saveLiveProgress(
      this.deps.db,
      this.id,
      {
        capturedMs: this.capturedMs,
        reservedSteps: this.reservedSteps,
        finalsJson: JSON.stringify(this.finals),
      },
      this.deps.now(),
    ).catch((error: unknown) =>
      this.deps.log.warn({ err: error, liveSession: this.id }, "live progress not saved"),
    );
  }

  private errorBody(code: ErrorCode, details?: Record<string, unknown>) {
    return {
      code,
      message: errorTextFor(code, "en", details) ?? code,
      ...(details ? { details } : {}),
    };
  }

  private send(socket: WebSocket, message: object): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}
