import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { jobOptions } from "@verbatim/contract";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorkerContext, startWorker, type RunningWorker } from "../src/app-context.js";
import { loadConfig } from "../src/config.js";
import { insertTranscription } from "../src/jobs/lifecycle/transition.js";
import { newSigningSecret } from "../src/webhooks/signature.js";
import { createTestDatabase } from "./test-database.js";
import { fastEngineEnv, signedInUser } from "./support/transcription-app.js";

// The many-machines set-up: worker processes (`npm run worker`, startWorker) send webhook
// deliveries too, so they go out with no API process at all; and with two workers on one
// database each delivery is sent once.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let receiver: Server;
let receiverBase: string;
const received: { delivery: string; type: string; jobId: unknown }[] = [];
/** How many of the next deliveries the receiver answers with 500. */
let failNext = 0;
let workers: RunningWorker[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        type: string;
        data: { id: unknown };
      };
      received.push({
        delivery: String(request.headers["verbatim-delivery"]),
        type: event.type,
        jobId: event.data.id,
      });
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(500).end();
      } else {
        response.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.2", resolve));
  receiverBase = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}`;
  database = await createTestDatabase("postgres");
  const config = {
    ...loadConfig({
      LOG_LEVEL: "silent",
      MODELS_DIR: "/nonexistent-models",
      PUBLIC_URL: "https://verbatim.test",
      URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
      ...(await fastEngineEnv()),
    }),
    database: database.config,
  };
  const log = pino({ level: "silent" });
  // Two worker processes' worth, on one database, and no API process.
  workers = await Promise.all(
    [1, 2].map(() =>
      startWorker(buildWorkerContext(config, database.db, log), {
        sweepMs: 50,
        timing: { retryBaseMs: 300, retryMaxMs: 300 },
      }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await database.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A job that ended and was settled, as a worker leaves it. */
async function endedJob(userId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await insertTranscription(
    database.db,
    {
      id,
      userId,
      fileName: "episode.mp3",
      model: "whisper-1",
      engineModel: "tiny",
      options: jobOptions({ language: "en", task: "transcribe", wordTimestamps: true }),
      mediaPath: `/nonexistent/${id}`,
      mediaBytes: 1,
      durationMs: 3_000,
    },
    now,
  );
  await database.db
    .updateTable("transcriptions")
    .set({ status: "completed", finished_at: now.toISOString(), charged_seconds: 3 })
    .where("id", "=", id)
    .execute();
  return id;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!check()) throw new Error("the deliveries did not come");
}

describe("worker processes send webhooks", () => {
  it("delivers each event once, retries included, with only workers running", async () => {
    const user = await signedInUser(database.db);
    await database.db
      .insertInto("webhooks")
      .values({
        id: `wh_${randomUUID()}`,
        user_id: user.id,
        url: `${receiverBase}/hook`,
        events_json: JSON.stringify(["transcription.completed"]),
        secret: newSigningSecret(),
        created_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .execute();
    failNext = 1;
    const jobs = [await endedJob(user.id), await endedJob(user.id), await endedJob(user.id)];
    // Three events; the first attempt refused once, so four attempts in all.
    await until(() => received.length >= 4);
    // A few more sweeps by both workers: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(received.map((r) => r.jobId).sort()).toEqual(
      [...jobs, received[0]!.jobId].sort() as unknown[],
    );
    const deliveries = await database.db
      .selectFrom("webhook_deliveries")
      .select(["id", "status", "attempts"])
      .where("user_id", "=", user.id)
      .execute();
    expect(deliveries.map((d) => d.status)).toEqual(["delivered", "delivered", "delivered"]);
    expect(deliveries.reduce((sum, d) => sum + d.attempts, 0)).toBe(4);
    // The refused one came again under the same delivery id.
    expect(new Set(received.map((r) => r.delivery)).size).toBe(3);
  });
});
