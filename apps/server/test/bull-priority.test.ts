// Priority processing with Redis: BullMQ delivers jobs in the order the embedded queue takes
// them (paid plans first, then users in turn, then the oldest), from the priority each job is
// given when it is added — here with a real BullMQ queue and worker on a Redis of the test's own.
import { Queue, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryPriority, priorityOf } from "../src/jobs/queue-order.js";
import { startRedis, type TestRedis } from "./support/fleet.js";
import { queuedJob, setPlan } from "./support/queued-job.js";
import { signedInUser } from "./support/transcription-app.js";
import { createTestDatabase } from "./test-database.js";

describe("BullMQ delivery priority", () => {
  let redis: TestRedis;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let clock = Date.parse("2026-11-24T00:00:00Z");

  beforeAll(async () => {
    [redis, database] = await Promise.all([startRedis(), createTestDatabase("sqlite")]);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await redis?.stop();
  });

  async function user(plan: "free" | "basic") {
    const made = await signedInUser(database.db);
    await setPlan(database.db, made.id, plan);
    return made.id;
  }

  async function queued(userId: string, name: string): Promise<string> {
    clock += 1000; // each a second after the last
    return queuedJob(database.db, userId, name, new Date(clock));
  }

  it("ranks plan first, then the user's turn", () => {
    expect(deliveryPriority("basic", 0)).toBeLessThan(deliveryPriority("basic", 1));
    expect(deliveryPriority("pro", 50)).toBeLessThan(deliveryPriority("free", 0));
    expect(deliveryPriority("free", 1e9)).toBeLessThanOrEqual(2 ** 21 - 1);
  });

  it("delivers paid jobs first and free users in turn, whatever order they were sent in", async () => {
    const connection = { host: "127.0.0.1", port: Number(new URL(redis.url).port) };
    const queue = new Queue("priority-test", { connection });
    const flooding = await user("free");
    const other = await user("free");
    const paying = await user("basic");
    const sent: Array<[string, string]> = [
      [flooding, "free-A1"],
      [flooding, "free-A2"],
      [flooding, "free-A3"],
      [other, "free-B1"],
      [paying, "basic-C1"],
      [paying, "basic-C2"],
      [flooding, "free-A4"],
    ];
    for (const [owner, name] of sent) {
      const id = await queued(owner, name);
      await queue.add(
        "transcribe",
        { name },
        { jobId: id, priority: await priorityOf(database.db, id) },
      );
    }
    const delivered: string[] = [];
    const worker = new Worker<{ name: string }>(
      "priority-test",
      async (job) => {
        delivered.push(job.data.name);
      },
      { connection, concurrency: 1 },
    );
    await expect.poll(() => delivered.length, { timeout: 15_000 }).toBe(sent.length);
    await worker.close();
    await queue.close();
    expect(delivered).toEqual([
      "basic-C1",
      "basic-C2",
      "free-A1",
      "free-B1",
      "free-A2",
      "free-A3",
      "free-A4",
    ]);
  });
});
