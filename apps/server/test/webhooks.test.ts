import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { jobOptions } from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { failJob } from "../src/jobs/lifecycle/state-machine.js";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { JobEvents } from "../src/jobs/job-events.js";
import { reserveMinutes } from "../src/minutes/minute-ledger.js";
import { createTestDatabase } from "./test-database.js";
import { answerOf, errorOf } from "./support/route-answers.js";
import { fastEngineEnv, signedInUser, upload, type TestUser } from "./support/transcription-app.js";

// Webhooks against the real server: a receiver on 127.0.0.2 (opened by
// URL_IMPORT_ALLOWED_NETWORKS) checks every delivery's signature as a customer would; the
// server is restarted while a delivery waits for its retry, and the delivery still arrives.

interface Received {
  /** When it came (ms since the epoch). */
  at: number;
  delivery: string;
  signature: string;
  body: string;
  event: { id: string; type: string; data: Record<string, unknown> };
}

const received: Received[] = [];
/** How many of the next deliveries the receiver answers with 500. */
let failNext = 0;
let receiver: Server;
let receiverBase: string;
/** A receiver that takes requests and never answers: how many came, how many still hang. */
let blackHole: Server;
let blackHoleBase: string;
const hole = { requests: 0, open: 0 };
/** How long the server held each request to the black hole open, by path (ms). */
const holeHeld: { path: string; ms: number }[] = [];
const scratch = scratchDir("verbatim-webhooks-");
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let base: string;
let user: TestUser;
let clip: Blob;

async function startServer(): Promise<void> {
  const config = {
    ...loadConfig({
      LOG_LEVEL: "silent",
      MODELS_DIR: "/nonexistent-models",
      PUBLIC_URL: "https://verbatim.test",
      UPLOAD_DIR: scratch.dir,
      URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
      ...(await fastEngineEnv()),
    }),
    database: database.config,
  };
  app = await buildApp({
    config,
    db: database.db,
    maintenance: false,
    webhooks: {
      sweepMs: 100,
      timing: {
        retryBaseMs: 1_000,
        retryMaxMs: 2_000,
        attemptTimeoutMs: 5_000,
        slowReceiverTimeoutMs: 500,
      },
    },
  });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        at: Date.now(),
        delivery: String(request.headers["verbatim-delivery"]),
        signature: String(request.headers["verbatim-signature"]),
        body,
        event: JSON.parse(body) as Received["event"],
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
  blackHole = createServer((request) => {
    hole.requests += 1;
    hole.open += 1;
    const at = Date.now();
    request.socket.on("close", () => {
      hole.open -= 1;
      holeHeld.push({ path: request.url ?? "", ms: Date.now() - at });
    });
  });
  await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.2", resolve));
  blackHoleBase = `http://127.0.0.2:${(blackHole.address() as AddressInfo).port}`;
  const path = join(scratch.dir, "clip.mp3");
  ffmpeg("-i", JFK_MP3, "-t", "2", "-c", "copy", path);
  clip = new Blob([readFileSync(path)]);
  database = await createTestDatabase("sqlite");
  await startServer();
  user = await signedInUser(database.db);
});

afterAll(async () => {
  blackHole.closeAllConnections();
  await new Promise((resolve) => blackHole.close(resolve));
  await app.close();
  await database.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  scratch.cleanup();
});

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      ...user.auth,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Checks a delivery's signature as a receiver should: HMAC-SHA256 of "<t>.<body>". */
function signedBy(secret: string, delivery: Received): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature);
  if (!match) return false;
  const expected = createHmac("sha256", secret)
    .update(`${match[1]}.${delivery.body}`)
    .digest("hex");
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}

/** The deliveries of one type for one job (or any), once `count` of them have come. */
async function deliveriesOf(type: string, count = 1, jobId?: string): Promise<Received[]> {
  for (let i = 0; i < 600; i++) {
    const found = received.filter(
      (r) => r.event.type === type && (jobId === undefined || r.event.data.id === jobId),
    );
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} delivery came`);
}

let secret: string;
let webhookId: string;

describe("webhooks", () => {
  it("registers a public endpoint only, and shows its secret once", async () => {
    const internal = await post("/api/webhooks", { url: "http://127.0.0.1:9/hook" });
    expect(internal.status).toBe(400);
    expect((await errorOf(internal)).code).toBe("URL_NOT_ALLOWED");
    const metadata = await post("/api/webhooks", { url: "http://169.254.169.254/" });
    expect((await errorOf(metadata)).code).toBe("URL_NOT_ALLOWED");

    const made = await post("/api/webhooks", { url: `${receiverBase}/hook` });
    expect(made.status).toBe(201);
    const body = await answerOf("createWebhook", made);
    // Registered without a list of events: every event there is.
    expect(body.events).toEqual([
      "transcription.completed",
      "transcription.failed",
      "transcription.cancelled",
      "translation.completed",
      "translation.failed",
      "insights.completed",
    ]);
    secret = body.secret;
    webhookId = body.id;
    const listed = await answerOf(
      "listWebhooks",
      await fetch(`${base}/api/webhooks`, { headers: user.auth }),
    );
    expect(listed.map((w) => [w.id, "secret" in w])).toEqual([[webhookId, false]]);
  });

  it("sends a signed test event", async () => {
    const response = await post(`/api/webhooks/${webhookId}/test`);
    expect(response.status).toBe(202);
    const [test] = await deliveriesOf("webhook.test");
    expect(signedBy(secret, test!)).toBe(true);
    expect(signedBy("whsec_wrong", test!)).toBe(false);
    expect(test!.event.data).toEqual({ webhookId });
  });

  it("sends transcription.completed, .cancelled and .failed, each signed, with the job's figures", async () => {
    const done = await upload(base, "/api/transcribe", {
      file: clip,
      headers: { ...user.auth, prefer: "respond-async" },
      fields: { language: "en" },
    });
    const { id: doneId } = (await done.json()) as { id: string };
    const cancelled = await upload(base, "/api/transcribe", {
      file: clip,
      headers: { ...user.auth, prefer: "respond-async" },
    });
    const { id: cancelledId } = (await cancelled.json()) as { id: string };
    expect((await post(`/api/transcriptions/${cancelledId}/cancel`)).status).toBe(200);

    // A job the worker fails (the same path a worker's failure takes).
    const failedId = randomUUID();
    const now = new Date();
    await reserveMinutes(database.db, user.id, failedId, 5, now);
    await insertTranscription(
      database.db,
      {
        id: failedId,
        userId: user.id,
        fileName: "broken.mp3",
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "auto", task: "transcribe", wordTimestamps: false }),
        mediaPath: `/nonexistent/${failedId}`,
        mediaBytes: 1,
        durationMs: 5_000,
      },
      now,
    );
    await failJob(
      { db: database.db, events: new JobEvents(), now: () => new Date() },
      { id: failedId, user_id: user.id, media_path: null },
      "ENGINE_FAILED",
      "The speech engine failed on this file.",
    );

    const [completed] = await deliveriesOf("transcription.completed", 1, doneId);
    const [wasCancelled] = await deliveriesOf("transcription.cancelled", 1, cancelledId);
    const [failed] = await deliveriesOf("transcription.failed", 1, failedId);
    for (const delivery of [completed!, wasCancelled!, failed!]) {
      expect(signedBy(secret, delivery)).toBe(true);
      expect(delivery.delivery).toMatch(/^dlv_/);
    }
    expect(completed!.event.data).toMatchObject({
      id: doneId,
      name: "talk.mp3",
      status: "completed",
      links: { srt: `https://verbatim.test/api/transcriptions/${doneId}/export?format=srt` },
    });
    expect(completed!.event.data.chargedSeconds).toBeGreaterThan(0);
    expect(failed!.event.data).toMatchObject({
      status: "failed",
      chargedSeconds: 0,
      error: { code: "ENGINE_FAILED" },
    });
    // Each event once, however many passes ran.
    const ids = received.map((r) => r.delivery);
    expect(new Set(ids).size).toBe(ids.length);

    const log = await answerOf(
      "listWebhookDeliveries",
      await fetch(`${base}/api/webhooks/${webhookId}/deliveries`, { headers: user.auth }),
    );
    expect(log.filter((d) => d.type.startsWith("transcription.")).map((d) => d.status)).toEqual([
      "delivered",
      "delivered",
      "delivered",
    ]);
  });

  it("retries a refused delivery after a server restart, with the same delivery id and a fresh signature", async () => {
    failNext = 1;
    const before = received.length;
    expect((await post(`/api/webhooks/${webhookId}/test`)).status).toBe(202);
    await deliveriesOf("webhook.test", 2);
    const first = received[before]!;
    // The server goes away while the delivery waits for its retry, and comes back.
    await app.close();
    const restartedAt = Date.now();
    await startServer();
    const again = await (async () => {
      for (let i = 0; i < 300; i++) {
        const found = received.slice(before + 1).find((r) => r.delivery === first.delivery);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the delivery was not retried after the restart");
    })();
    // Sent by the new server: the old one stopped before the retry was due.
    expect(again.at).toBeGreaterThanOrEqual(restartedAt);
    expect(again.body).toBe(first.body);
    expect(signedBy(secret, again)).toBe(true);
    const log = await answerOf(
      "listWebhookDeliveries",
      await fetch(`${base}/api/webhooks/${webhookId}/deliveries`, { headers: user.auth }),
    );
    expect(log.find((d) => d.id === first.delivery)).toMatchObject({
      status: "delivered",
      attempts: 2,
    });
  });

  it("calls a request's callback_url, signed with the account's callback secret", async () => {
    const media = createServer((_request, response) =>
      response
        .writeHead(200, { "content-type": "audio/mpeg" })
        .end(Buffer.from(readFileSync(join(scratch.dir, "clip.mp3")))),
    );
    await new Promise<void>((resolve) => media.listen(0, "127.0.0.2", resolve));
    const mediaUrl = `http://127.0.0.2:${(media.address() as AddressInfo).port}/clip.mp3`;
    try {
      const blocked = await post("/api/imports", {
        url: mediaUrl,
        callback_url: "http://127.0.0.1:9/cb",
      });
      expect((await errorOf(blocked)).code).toBe("URL_NOT_ALLOWED");
      const response = await post("/api/imports", {
        url: mediaUrl,
        callback_url: `${receiverBase}/callback`,
      });
      expect(response.status).toBe(202);
      const { id } = (await response.json()) as { id: string };
      const deliveries = await deliveriesOf("transcription.completed", 2, id);
      const { secret: callbackSecret } = await answerOf(
        "getCallbackSecret",
        await fetch(`${base}/api/webhooks/callback-secret`, { headers: user.auth }),
      );
      // One to the webhook, one to the callback, each with its own secret.
      expect(deliveries.map((d) => signedBy(secret, d) || signedBy(callbackSecret, d))).toEqual([
        true,
        true,
      ]);
      expect(deliveries.some((d) => signedBy(callbackSecret, d))).toBe(true);
    } finally {
      media.closeAllConnections();
      await new Promise((resolve) => media.close(resolve));
    }
  });

  it("calls back /api/transcribe and /v1 requests, the callback saved before the job can end", async () => {
    // Records every job stored while its callback was not saved yet: the window in which a
    // job that ended at once had its events written without the callback.
    await sql`create table callback_late (id text)`.execute(database.db);
    await sql`create trigger callback_late after insert on transcriptions
      when not exists (select 1 from job_callbacks where transcription_id = new.id)
      begin insert into callback_late values (new.id); end`.execute(database.db);
    const { key } = (await (await post("/api/keys", { name: "callbacks" })).json()) as {
      key: string;
    };
    const refused = await upload(base, "/api/transcribe", {
      file: clip,
      headers: { ...user.auth, prefer: "respond-async" },
      fields: { callback_url: "http://169.254.169.254/latest" },
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("URL_NOT_ALLOWED");
    const refusedV1 = await upload(base, "/v1/audio/transcriptions", {
      file: clip,
      headers: { authorization: `Bearer ${key}` },
      fields: { model: "whisper-1", callback_url: "http://[::ffff:127.0.0.1]:9/cb" },
    });
    expect(refusedV1.status).toBe(400);
    expect(((await refusedV1.json()) as { error: { code: string } }).error.code).toBe(
      "url_not_allowed",
    );

    const web = await upload(base, "/api/transcribe", {
      file: clip,
      headers: { ...user.auth, prefer: "respond-async" },
      fields: { language: "en", callback_url: `${receiverBase}/web-callback` },
    });
    expect(web.status).toBe(202);
    const { id: webId } = (await web.json()) as { id: string };
    const v1 = await upload(base, "/v1/audio/transcriptions", {
      file: clip,
      headers: { authorization: `Bearer ${key}` },
      fields: { model: "whisper-1", callback_url: `${receiverBase}/v1-callback` },
    });
    expect(v1.status).toBe(200);
    const v1Id = v1.headers.get("x-verbatim-transcription-id") ?? "";
    const { secret: callbackSecret } = await answerOf(
      "getCallbackSecret",
      await fetch(`${base}/api/webhooks/callback-secret`, { headers: user.auth }),
    );
    for (const id of [webId, v1Id]) {
      const deliveries = await deliveriesOf("transcription.completed", 2, id);
      expect(deliveries.filter((d) => signedBy(callbackSecret, d))).toHaveLength(1);
    }
    const late = await sql<{ id: string }>`select id from callback_late`.execute(database.db);
    expect(late.rows.map((r) => r.id).filter((id) => [webId, v1Id].includes(id))).toEqual([]);
    // Refused requests made no job and left no callback behind.
    const callbacks = await database.db.selectFrom("job_callbacks").select("url").execute();
    expect(callbacks.map((c) => c.url).filter((url) => !url.startsWith(receiverBase))).toEqual([]);
  });

  it("sends transcription.cancelled for a running job deleted through DELETE /v1/transcriptions/jobs/{id}", async () => {
    const { key } = (await (await post("/api/keys", { name: "deleting" })).json()) as {
      key: string;
    };
    // A job a worker is running (processing: no worker here takes it).
    const id = randomUUID();
    const now = new Date();
    await reserveMinutes(database.db, user.id, id, 5, now);
    await insertTranscription(
      database.db,
      {
        id,
        userId: user.id,
        fileName: "running.mp3",
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "auto", task: "transcribe", wordTimestamps: false }),
        mediaPath: `/nonexistent/${id}`,
        mediaBytes: 1,
        durationMs: 5_000,
      },
      now,
    );
    await transition(database.db, id, ["queued"], { status: "processing" }, now);
    const deleted = await fetch(`${base}/v1/transcriptions/jobs/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(deleted.status).toBe(200);
    const [cancelled] = await deliveriesOf("transcription.cancelled", 1, id);
    expect(signedBy(secret, cancelled!)).toBe(true);
    expect(cancelled!.event.data).toMatchObject({ id, status: "cancelled", chargedSeconds: 0 });
  });

  it("deletes a webhook", async () => {
    const response = await fetch(`${base}/api/webhooks/${webhookId}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(response.status).toBe(204);
    const listed = await (await fetch(`${base}/api/webhooks`, { headers: user.auth })).json();
    expect(listed).toEqual([]);
  });

  describe("one account's receivers that never answer", () => {
    let flooder: TestUser;
    const hooks: string[] = [];
    const postAs = (who: TestUser, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          ...who.auth,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    it("do not hold up another account's delivery", async () => {
      flooder = await signedInUser(database.db);
      for (let i = 0; i < 10; i++) {
        const made = await postAs(flooder, "/api/webhooks", { url: `${blackHoleBase}/hook-${i}` });
        expect(made.status).toBe(201);
        hooks.push((await answerOf("createWebhook", made)).id);
      }
      for (const id of hooks)
        expect((await postAs(flooder, `/api/webhooks/${id}/test`)).status).toBe(202);
      // The flooder's attempts hang at the black hole…
      for (let i = 0; hole.open === 0; i++) {
        if (i > 300) throw new Error("no attempt reached the black hole");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // …while another account's test event goes.
      const other = await signedInUser(database.db);
      const made = await postAs(other, "/api/webhooks", { url: `${receiverBase}/other` });
      const { id } = await answerOf("createWebhook", made);
      const test = await postAs(other, `/api/webhooks/${id}/test`);
      const { id: deliveryId } = await answerOf("testWebhook", test);
      for (let i = 0; !received.some((r) => r.delivery === deliveryId); i++) {
        if (i > 600) throw new Error("the other account's delivery never came");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // It came while the flooder's attempts still hung, and they held at most their share.
      expect(hole.open).toBeGreaterThan(0);
      expect(hole.requests).toBeLessThanOrEqual(2);
    });

    it("gives a receiver that keeps timing out a shorter time", async () => {
      const slow = await signedInUser(database.db);
      const url = `${blackHoleBase}/slow`;
      const made = await postAs(slow, "/api/webhooks", { url });
      const { id } = await answerOf("createWebhook", made);
      // Its last two attempts there timed out (written as the sender records them).
      const at = (ago: number) => new Date(Date.now() - ago).toISOString();
      for (const ago of [60_000, 120_000]) {
        await database.db
          .insertInto("webhook_deliveries")
          .values({
            id: crypto.randomUUID(),
            user_id: slow.id,
            webhook_id: id,
            transcription_id: null,
            event_id: crypto.randomUUID(),
            event_type: "webhook.test",
            url,
            payload: "{}",
            status: "failed",
            next_attempt_at: at(ago),
            claimed_until: null,
            last_attempt_at: at(ago),
            response_status: null,
            last_error: "URL_TIMEOUT",
            created_at: at(ago),
            delivered_at: null,
          })
          .execute();
      }
      expect((await postAs(slow, `/api/webhooks/${id}/test`)).status).toBe(202);
      for (let i = 0; !holeHeld.some((held) => held.path === "/slow"); i++) {
        if (i > 600) throw new Error("no attempt reached the slow receiver");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Cut at the short limit (500 ms here), not held for the full 5 s.
      const held = holeHeld.find((entry) => entry.path === "/slow")!;
      expect(held.ms).toBeLessThan(3_000);
      await fetch(`${base}/api/webhooks/${id}`, { method: "DELETE", headers: slow.auth });
    });

    it("refuses a flood of test events with 429", async () => {
      const response = await postAs(flooder, `/api/webhooks/${hooks[0]}/test`);
      expect(response.status).toBe(429);
      expect((await errorOf(response)).code).toBe("RATE_LIMITED");
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      for (const id of hooks) {
        await fetch(`${base}/api/webhooks/${id}`, { method: "DELETE", headers: flooder.auth });
      }
    });
  });
});
