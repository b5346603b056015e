import { EventEmitter } from "node:events";
import type { JobEvent } from "@verbatim/contract/api";

/** What a job's followers are told (the SSE events of `/api/transcriptions/:id/events`). */
export type { JobEvent };

/** Ends a job's story: after one of these no more events come. */
export function isFinalEvent(event: JobEvent): boolean {
  return event.type === "completed" || event.type === "failed";
}

/**
 * Where workers publish job events and SSE streams and waiting requests listen.
 * `queueMoved` tells queued jobs' followers that their position may have changed.
 * Embedded: inside this process ({@link JobEvents}); many machines: Redis pub/sub.
 */
export interface JobEventBus {
  publish(jobId: string, event: JobEvent): void;
  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void;
  queueMoved(): void;
  onQueueMoved(listener: () => void): () => void;
}

/** Job events inside one process. */
export class JobEvents implements JobEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(jobId: string, event: JobEvent): void {
    this.emitter.emit(`job:${jobId}`, event);
  }

  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void {
    this.emitter.on(`job:${jobId}`, listener);
    return () => this.emitter.off(`job:${jobId}`, listener);
  }

  queueMoved(): void {
    this.emitter.emit("queue");
  }

  onQueueMoved(listener: () => void): () => void {
    this.emitter.on("queue", listener);
    return () => this.emitter.off("queue", listener);
  }
}
