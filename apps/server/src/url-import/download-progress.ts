// How far a link's download has come, for the person who asked for it: POST /api/imports
// answers only once the file is in, so the download reports here under the `progressId` the
// client chose, and GET /api/imports/progress/:progressId streams it. Kept in this process
// only: live news, not state (no minutes, no job, no file depend on it).

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

/** One process's board of downloads in progress, by user and progress id. */
export class DownloadProgressBoard {
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

/** This process's board. */
export const downloadProgress = new DownloadProgressBoard();
