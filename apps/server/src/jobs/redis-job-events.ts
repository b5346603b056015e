import type { JobEvent, JobEventBus } from "./job-events.js";
import type { RedisPubSub } from "./redis-pubsub.js";

/** Job events over Redis pub/sub: a worker anywhere publishes, any API process streams. */
export class RedisJobEvents implements JobEventBus {
  constructor(private readonly pubsub: RedisPubSub) {}

  publish(jobId: string, event: JobEvent): void {
    this.pubsub.publish(`job:${jobId}`, event);
  }

  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void {
    return this.pubsub.subscribe(`job:${jobId}`, (data) => listener(data as JobEvent));
  }

  queueMoved(): void {
    this.pubsub.publish("queue", 1);
  }

  onQueueMoved(listener: () => void): () => void {
    return this.pubsub.subscribe("queue", () => listener());
  }
}
