import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  freePort,
  startFleetProcess,
  startPostgres,
  startRedis,
  type FleetProcess,
  type TestPostgres,
  type TestRedis,
} from "./support/fleet.js";
import {
  fastEngineEnv,
  readEvents,
  signedInUser,
  upload,
  type TestUser,
} from "./support/transcription-app.js";

// A fleet with nothing shared but PostgreSQL, Redis and a bucket (issue 51): two API processes
// and a worker, each with a local folder of its own (UPLOAD_DIR is scratch only), kept files in
// an S3-compatible server (s3rver). One user's flow alternates between the two API processes —
// a link's download progress followed on one while the other fetches it, the job's events, the
// player's ranges, an export, the deletion — and no process keeps a file on its own disk.

const BUCKET = "fleet";
let redis: TestRedis;
let database: TestPostgres;
let bucket: S3rver;
let client: S3Client;
let site: Server;
let clip: Buffer;
const folders = ["a", "b", "worker"].map((name) => scratchDir(`verbatim-fleet-${name}-`));
const scratch = scratchDir("verbatim-fleet-bucket-");
let apis: FleetProcess[] = [];
let worker: FleetProcess | undefined;
let user: TestUser;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  const clipPath = join(scratch.dir, "clip.mp3");
  ffmpeg("-i", JFK_MP3, "-t", "3", "-c", "copy", clipPath);
  clip = readFileSync(clipPath);
  // A "public" site on 127.0.0.2 that sends the clip in six parts, 150 ms apart.
  site = createServer((_request, response) => {
    const size = Math.ceil(clip.length / 6);
    response.writeHead(200, {
      "content-type": "audio/mpeg",
      "content-length": String(clip.length),
    });
    let part = 0;
    const next = () => {
      response.write(clip.subarray(part * size, (part + 1) * size));
      if (++part === 6) return void response.end();
      setTimeout(next, 150);
    };
    next();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.2", resolve));
  const s3Port = await freePort();
  bucket = new S3rver({
    port: s3Port,
    address: "127.0.0.1",
    silent: true,
    directory: join(scratch.dir, "bucket"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await bucket.run();
  const sdk = {
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
  };
  client = new S3Client({
    endpoint: sdk.AWS_ENDPOINT_URL_S3,
    region: sdk.AWS_REGION,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  });
  [redis, database] = await Promise.all([startRedis(), startPostgres()]);
  const env = {
    ...(await fastEngineEnv()),
    ...sdk,
    ENGINE_THREADS: "1",
    WORKER_CONCURRENCY: "1",
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    STORAGE_URL: `s3://${BUCKET}`,
    S3_FORCE_PATH_STYLE: "true",
    URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
  };
  const [a, b, w] = folders.map((folder) => folder.dir);
  let started: FleetProcess[];
  [worker, ...started] = await Promise.all([
    startFleetProcess("worker", { ...env, UPLOAD_DIR: w! }),
    startFleetProcess("api", { ...env, UPLOAD_DIR: a! }),
    startFleetProcess("api", { ...env, UPLOAD_DIR: b! }),
  ]);
  apis = started;
  user = await signedInUser(database.db);
}, 300_000);

afterAll(async () => {
  await Promise.all([...apis, ...(worker ? [worker] : [])].map((p) => p.kill("SIGTERM")));
  await database?.stop();
  await redis?.stop();
  await bucket?.close().catch(() => undefined);
  client?.destroy();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  for (const folder of [...folders, scratch]) folder.cleanup();
});

describe("a fleet whose processes share no folder", () => {
  it("serves one user's flow from either API process, import progress included", async () => {
    const [a, b] = apis as [FleetProcess, FleetProcess];
    const sitePort = (site.address() as AddressInfo).port;

    // Progress followed on B while A downloads the link.
    const progressId = randomUUID();
    const progress = readEvents(
      `${b.base}/api/imports/progress/${progressId}`,
      user.auth,
      (event) => event.event === "end",
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // B is listening
    const imported = await fetch(`${a.base}/api/imports`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ url: `http://127.0.0.2:${sitePort}/talk.mp3`, progressId }),
    });
    expect(imported.status, await imported.clone().text()).toBe(202);
    const { id } = (await imported.json()) as { id: string };
    const heard = await progress;
    const received = heard
      .filter((event) => event.event === "progress")
      .map((event) => Number(event.data.receivedBytes));
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(received.at(-1)).toBe(clip.length);
    expect(heard.at(-1)!.event).toBe("end");

    // The job's end heard on B (the worker ran it), then read on A.
    const events = await readEvents(
      `${b.base}/api/transcriptions/${id}/events`,
      user.auth,
      (event) => ["completed", "failed"].includes(event.event),
    );
    expect(events.at(-1)!.event).toBe("completed");
    const detail = (await (
      await fetch(`${a.base}/api/transcriptions/${id}`, { headers: user.auth })
    ).json()) as { status: string; audio: { url: string } | null };
    expect(detail.status).toBe("completed");

    // The player's ranges from both; an export from B.
    const audioUrl = (api: FleetProcess) => `${api.base}/api/transcriptions/${id}/audio`;
    const whole = Buffer.from(
      await (await fetch(audioUrl(a), { headers: user.auth })).arrayBuffer(),
    );
    const part = await fetch(audioUrl(b), { headers: { ...user.auth, range: "bytes=10-29" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(10, 30))).toBe(true);
    const srt = await fetch(`${b.base}/api/transcriptions/${id}/export?format=srt`, {
      headers: user.auth,
    });
    expect(srt.status).toBe(200);

    // Every kept file is in the bucket; no process has any on its own disk.
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map(
        (object) => object.Key,
      );
    expect(await keys()).toEqual([`users/${user.id}/${id}.listen.m4a`]);
    for (const folder of folders) expect(filesUnder(folder.dir)).toEqual([]);

    // Deleted on A: the object goes too.
    const deleted = await fetch(`${a.base}/api/transcriptions/${id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(deleted.status).toBe(204);
    expect(await keys()).toEqual([]);
    expect((await fetch(audioUrl(b), { headers: user.auth })).status).toBe(404);
  }, 240_000);

  it("joins a chunked upload whose chunks reached different API processes", async () => {
    const [a, b] = apis as [FleetProcess, FleetProcess];
    const size = Math.ceil(clip.length / 3);
    const pieces = [0, 1, 2].map((i) => clip.subarray(i * size, (i + 1) * size));
    const sendChunk = (api: FleetProcess, index: number, sessionId?: string) =>
      upload(api.base, "/api/uploads/chunk", {
        file: new Blob([pieces[index]!]),
        fileName: "blob",
        fields: {
          chunkIndex: String(index),
          totalChunks: "3",
          ...(sessionId ? { sessionId } : {}),
        },
        headers: user.auth,
      });
    const first = await sendChunk(a, 0);
    expect(first.status).toBe(200);
    const { sessionId } = (await first.json()) as { sessionId: string };
    expect((await sendChunk(b, 1, sessionId)).status).toBe(200);
    expect((await sendChunk(a, 2, sessionId)).status).toBe(200);
    // Each chunk in the bucket; none on a process's disk.
    for (const folder of folders) expect(filesUnder(folder.dir)).toEqual([]);
    const combined = await fetch(`${b.base}/api/uploads/combine`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json", prefer: "respond-async" },
      body: JSON.stringify({
        sessionId,
        fileName: "clip.mp3",
        totalChunks: 3,
        originalFileSize: clip.length,
      }),
    });
    expect(combined.status, await combined.clone().text()).toBe(202);
    const { id } = (await combined.json()) as { id: string };
    const events = await readEvents(
      `${a.base}/api/transcriptions/${id}/events`,
      user.auth,
      (event) => ["completed", "failed"].includes(event.event),
    );
    expect(events.at(-1)!.event).toBe("completed");
    // The chunks' objects are gone with the session; only the listening copy is kept.
    const keys = (
      (await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []
    ).map((object) => object.Key);
    expect(keys).toEqual([`users/${user.id}/${id}.listen.m4a`]);
    for (const folder of folders) expect(filesUnder(folder.dir)).toEqual([]);
  }, 120_000);
});
