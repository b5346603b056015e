import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { RedisPubSub } from "../jobs/redis-pubsub.js";

// How far a link's download has come, for the person who asked for it: POST /api/imports
// answers only once the file is in, so the download reports here under the `progressId` the
// client chose, and GET /api/imports/progress/:progressId streams it. Live news, not state (no
// minutes, no job, no file depend on it): in this process without Redis (the board below);
// with REDIS_URL over Redis (RedisDownloadProgress), so the download may run on one API
// process and its follower be answered by another.

/** What a follower hears: bytes so far (and the declared size), then the end. */
export type DownloadProgressEvent =
  { type: "progress"; receivedBytes: number; totalBytes: number | null } | { type: "end" };

type Listener = (event: DownloadProgressEvent) => void;

interface Entry {
  userId: string;
  received: number;
  total: number | null;
  started: boolean;
  ended: boolean;
  listeners: Set<Listener>;
  lastSent: number;
  forget?: ReturnType<typeof setTimeout>;
}

/** A download's reports: bytes as they come, and its end (success or failure alike). */
export interface ProgressReporter {
  update(received: number, total: number | null): void;
  end(): void;
}

/** Fewest milliseconds between two progress events of one download. */
const PROGRESS_INTERVAL_MS = 200;
/** How long an ended download is remembered, for a follower that comes late. */
const REMEMBER_ENDED_MS = 60_000;
/** Downloads (and follows) one user may have on the board at once; more are not reported. */
const MAX_PER_USER = 8;

const NO_REPORTS: ProgressReporter = { update: () => undefined, end: () => undefined };

/** Where downloads report and followers listen: one process's board, or Redis. */
export interface DownloadProgress {
  /** The reporter of a user's download under a progress id (none when the user has too many). */
  report(userId: string, progressId: string): ProgressReporter;
  /**
   * Follows a user's download: the progress so far at once (when it has started), then each
   * report, then `end`. Returns the way to stop, or null when the user follows too many.
   */
  follow(userId: string, progressId: string, listener: Listener): (() => void) | null;
  close(): Promise<void>;
}

/** One process's board of downloads in progress, by user and progress id. */
export class DownloadProgressBoard implements DownloadProgress {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** The reporter of a user's download under a progress id (none when the user has too many). */
  report(userId: string, progressId: string): ProgressReporter {
    const entry = this.entryFor(userId, progressId);
    if (!entry) return NO_REPORTS;
    clearTimeout(entry.forget);
    entry.started = true;
    entry.ended = false;
    entry.received = 0;
    entry.total = null;
    return {
      update: (received, total) => {
        if (entry.ended) return;
        entry.received = received;
        entry.total = total;
        const now = this.clock();
        if (now - entry.lastSent < PROGRESS_INTERVAL_MS) return;
        entry.lastSent = now;
        this.tell(entry, this.progressOf(entry));
      },
      end: () => {
        if (entry.ended) return;
        entry.ended = true;
        this.tell(entry, this.progressOf(entry));
        this.tell(entry, { type: "end" });
        entry.forget = setTimeout(() => this.drop(userId, progressId, entry), REMEMBER_ENDED_MS);
        entry.forget.unref();
      },
    };
  }

  /**
   * Follows a user's download: the progress so far at once (when it has started), then each
   * report, then `end`. Returns the way to stop, or null when the user follows too many.
   */
  follow(userId: string, progressId: string, listener: Listener): (() => void) | null {
    const entry = this.entryFor(userId, progressId);
    if (!entry) return null;
    entry.listeners.add(listener);
    if (entry.started) listener(this.progressOf(entry));
    if (entry.ended) listener({ type: "end" });
    return () => {
      entry.listeners.delete(listener);
      // Followed but never started (a POST that never came): forgotten with its last follower.
      if (!entry.started && entry.listeners.size === 0) this.drop(userId, progressId, entry);
    };
  }

  close(): Promise<void> {
    for (const [key, entry] of this.entries) {
      clearTimeout(entry.forget);
      this.entries.delete(key);
    }
    return Promise.resolve();
  }

  /** Entries on the board (for tests). */
  get size(): number {
    return this.entries.size;
  }

  private entryFor(userId: string, progressId: string): Entry | null {
    const key = `${userId}/${progressId}`;
    const found = this.entries.get(key);
    if (found) return found;
    let mine = 0;
    for (const entry of this.entries.values()) if (entry.userId === userId) mine++;
    if (mine >= MAX_PER_USER) return null;
    const entry: Entry = {
      userId,
      received: 0,
      total: null,
      started: false,
      ended: false,
      listeners: new Set(),
      lastSent: 0,
    };
    this.entries.set(key, entry);
    return entry;
  }

  private drop(userId: string, progressId: string, entry: Entry): void {
    clearTimeout(entry.forget);
    const key = `${userId}/${progressId}`;
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }

  private progressOf(entry: Entry): DownloadProgressEvent {
    return { type: "progress", receivedBytes: entry.received, totalBytes: entry.total };
  }

  private tell(entry: Entry, event: DownloadProgressEvent): void {
    for (const listener of entry.listeners) listener(event);
  }
}

/** A download's state as it travels through Redis (one message says it all). */
interface RelayedState {
  receivedBytes: number;
  totalBytes: number | null;
  ended: boolean;
}

/** How long a running download's latest state is kept (renewed with every report). */
const RUNNING_TTL_S = 3_600;

/**
 * Downloads and followers over Redis: each report is published on the download's channel and
 * kept as its latest state (a follower that comes late, or to another API process, hears it at
 * once), at most every PROGRESS_INTERVAL_MS; the end is kept REMEMBER_ENDED_MS.
 */
export class RedisDownloadProgress implements DownloadProgress {
  /** Follows this process holds, by user (MAX_PER_USER each, as the board). */
  private readonly follows = new Map<string, number>();

  constructor(
    private readonly pubsub: RedisPubSub,
    private readonly clock: () => number = Date.now,
  ) {}

  report(userId: string, progressId: string): ProgressReporter {
    const channel = channelOf(userId, progressId);
    const state: RelayedState = { receivedBytes: 0, totalBytes: null, ended: false };
    let lastSent = 0;
    this.pubsub.publishKept(channel, state, RUNNING_TTL_S);
    return {
      update: (received, total) => {
        if (state.ended) return;
        state.receivedBytes = received;
        state.totalBytes = total;
        const now = this.clock();
        if (now - lastSent < PROGRESS_INTERVAL_MS) return;
        lastSent = now;
        this.pubsub.publishKept(channel, state, RUNNING_TTL_S);
      },
      end: () => {
        if (state.ended) return;
        state.ended = true;
        this.pubsub.publishKept(channel, state, REMEMBER_ENDED_MS / 1000);
      },
    };
  }

  follow(userId: string, progressId: string, listener: Listener): (() => void) | null {
    const mine = this.follows.get(userId) ?? 0;
    if (mine >= MAX_PER_USER) return null;
    this.follows.set(userId, mine + 1);
    let ended = false;
    let lastReceived = -1;
    const hear = (data: unknown) => {
      const state = data as RelayedState;
      if (ended || typeof state?.receivedBytes !== "number") return;
      // The kept state read after subscribing may be older than a message already heard.
      if (state.receivedBytes < lastReceived && !state.ended) return;
      lastReceived = state.receivedBytes;
      listener({
        type: "progress",
        receivedBytes: state.receivedBytes,
        totalBytes: state.totalBytes,
      });
      if (state.ended) {
        ended = true;
        listener({ type: "end" });
      }
    };
    const channel = channelOf(userId, progressId);
    const unsubscribe = this.pubsub.subscribe(channel, hear);
    let stopped = false;
    void this.pubsub.recall(channel).then((kept) => {
      if (!stopped && kept !== undefined) hear(kept);
    });
    return () => {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      const left = (this.follows.get(userId) ?? 1) - 1;
      if (left > 0) this.follows.set(userId, left);
      else this.follows.delete(userId);
    };
  }

  close(): Promise<void> {
    return this.pubsub.close();
  }
}

function channelOf(userId: string, progressId: string): string {
  return `import-progress:${userId}/${progressId}`;
}

/** Redis with REDIS_URL (any API process answers any follower), else this process's board. */
export function createDownloadProgress(
  config: Pick<Config, "redis">,
  log: FastifyBaseLogger,
): DownloadProgress {
  return config.redis
    ? new RedisDownloadProgress(new RedisPubSub(config.redis.url, config.redis.prefix, log))
    : new DownloadProgressBoard();
}
