import { randomUUID } from "node:crypto";
import { join } from "node:path";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { createRateLimitStore, type RateLimitStore } from "../src/http/rate-limit-store.js";
import {
  freePort,
  startFleetProcess,
  startRedis,
  type FleetProcess,
  type TestRedis,
} from "./support/fleet.js";

// Issue 14, item 10: with REDIS_URL the rate-limit counters live in Redis; while Redis is
// unreachable they used to be skipped (`skipOnError`), so sign-in attempts were unlimited.
// Now each process counts in its own memory until Redis is back.

const silent = Fastify({ logger: false }).log;

/** A small app limited to `max` requests a minute per address, its counters in `store`. */
async function limitedApp(store: RateLimitStore, max: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, store.pluginOptions("test"));
  app.get("/limited", { config: { rateLimit: { max, timeWindow: 60_000 } } }, async () => "ok");
  // The sign-in limiter's form: a limiter made with createRateLimit and its own key.
  const perSubject = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: () => "me" });
  app.get("/subject", async (request, reply) => {
    const result = await perSubject(request);
    if (!result.isAllowed && result.isExceeded) return reply.status(429).send("limited");
    return "ok";
  });
  await app.ready();
  return app;
}

async function statuses(app: FastifyInstance, path: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++)
    out.push((await app.inject({ method: "GET", url: path })).statusCode);
  return out;
}

describe("rate-limit counters when Redis is unreachable", () => {
  const stores: RateLimitStore[] = [];
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it("still limits each process when nothing listens at REDIS_URL", async () => {
    const port = await freePort(); // nothing listens here
    const store = createRateLimitStore(
      { redis: { url: `redis://127.0.0.1:${port}`, prefix: `t${randomUUID()}` } },
      silent,
    );
    stores.push(store);
    const app = await limitedApp(store, 3);
    apps.push(app);
    expect(await statuses(app, "/limited", 5)).toEqual([200, 200, 200, 429, 429]);
    expect(await statuses(app, "/subject", 5)).toEqual([200, 200, 200, 429, 429]);
  });

  describe("with a Redis server that goes away and comes back", () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it("counts in Redis across processes, in memory while it is down, in Redis once it is back", async () => {
      const prefix = `t${randomUUID()}`;
      const config = { redis: { url: redis.url, prefix } };
      // Two API processes, in effect: each its own store and connection. A slow answer counts
      // locally (half a second in production); on a test machine whose cores the other files keep
      // busy, Redis may take longer than that, and this part is about counting in Redis.
      const patient = { commandTimeoutMs: 10_000 };
      const [storeA, storeB] = [
        createRateLimitStore(config, silent, patient),
        createRateLimitStore(config, silent, patient),
      ];
      stores.push(storeA, storeB);
      const [a, b] = [await limitedApp(storeA, 4), await limitedApp(storeB, 4)];
      apps.push(a, b);
      const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      probe.on("error", () => undefined);
      await probe.connect();
      const counted = async () => (await probe.keys(`${prefix}:rate:test:*`)).length > 0;
      // Until a store's connection is ready it counts in memory: wait for both. (A connection
      // Redis lists may still be in ioredis's ready check, when a command fails at once.)
      expect(await Promise.all([storeA.connected(10_000), storeB.connected(10_000)])).toEqual([
        true,
        true,
      ]);

      // One limit over both: a, b, a, b, then a fifth anywhere is too many.
      const shared = [];
      for (const app of [a, b, a, b, a]) shared.push(...(await statuses(app, "/limited", 1)));
      expect(shared).toEqual([200, 200, 200, 200, 429]);
      expect(await counted()).toBe(true);
      probe.disconnect();

      await redis.stop();
      // Each process counts on its own now: four each, then 429 — not unlimited.
      expect(await statuses(a, "/limited", 5)).toEqual([200, 200, 200, 200, 429]);
      expect(await statuses(b, "/limited", 5)).toEqual([200, 200, 200, 200, 429]);

      // Redis is back (empty: it keeps nothing on disk) and counting goes there again.
      await redis.start();
      const back = new Redis(redis.url, { maxRetriesPerRequest: 0 });
      back.on("error", () => undefined);
      try {
        const deadline = Date.now() + 10_000;
        while (!(await back.keys(`${prefix}:rate:test:*`)).length && Date.now() < deadline) {
          await statuses(a, "/subject", 1);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect((await back.keys(`${prefix}:rate:test:*`)).length).toBeGreaterThan(0);
      } finally {
        back.disconnect();
      }
    }, 60_000);
  });
});

describe("sign-in on a real API process (ROLE=api) whose Redis has died", () => {
  let redis: TestRedis;
  let api: FleetProcess | undefined;
  const scratch = scratchDir("verbatim-rate-");

  beforeAll(async () => {
    redis = await startRedis();
    api = await startFleetProcess("api", {
      DATABASE_URL: join(scratch.dir, "verbatim.db"),
      REDIS_URL: redis.url,
      UPLOAD_DIR: join(scratch.dir, "uploads"),
      MODELS_DIR: join(scratch.dir, "models"),
    });
  }, 60_000);
  afterAll(async () => {
    await api?.kill("SIGKILL");
    await redis?.stop();
    scratch.cleanup();
  });

  it("refuses the eleventh wrong password for one address with 429 while Redis is down", async () => {
    await redis.stop();
    const email = `${randomUUID()}@example.com`;
    const got: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${api?.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "not-the-password-1" }),
      });
      got.push(response.status);
    }
    // Ten tries per address (DEFAULT_AUTH_RATE_LIMITS), counted in the process's memory.
    expect(got.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(got.slice(10)).toEqual([429, 429]);
    expect(api?.output()).toContain("rate limits: Redis unreachable");
  }, 60_000);
});
