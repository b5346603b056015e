import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_TABLE } from "@verbatim/contract";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { hashPassword } from "../src/auth/password.js";
import { setPasswordHash } from "../src/users/repo.js";
import { runMaintenance } from "../src/schedule/maintenance.js";
import { fileStoreOf } from "../src/storage/stored-files.js";
import { freePort } from "./support/fleet.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";
import { upload } from "./support/transcription-app.js";

// STORAGE_URL=s3://… against a real S3-compatible server (s3rver, started here; it does not
// check signatures — signing is the AWS SDK's). The real built server (dist/main.js) keeps
// every file in the bucket: a job runs end to end and leaves nothing on the local disk; the
// player reads byte ranges streamed from the bucket; deletion and the retention sweep remove
// objects; a bucket that is down answers 503 STORAGE_UNAVAILABLE and loses nothing.

const BUCKET = "verbatim";
const PREFIX = "site-a/";
const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
const silentLog = { info: () => undefined, error: () => undefined, warn: () => undefined } as never;

/** s3rver on a fixed port, so that a restart answers at the same address. */
async function startBucket(port: number, directory: string): Promise<S3rver> {
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  return server;
}

/** Every file under a folder, recursively (what the server left on its local disk). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("object storage (STORAGE_URL=s3://…, s3rver)", () => {
  const scratch = scratchDir("verbatim-s3-");
  let port: number;
  let bucket: S3rver | undefined;
  let server: ServerProcess;
  let client: S3Client;
  const endpoint = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    port = await freePort();
    bucket = await startBucket(port, join(scratch.dir, "bucket"));
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    client = new S3Client({
      endpoint: endpoint(),
      region: "us-east-1",
      credentials,
      forcePathStyle: true,
    });
    const sdkSettings = {
      AWS_ENDPOINT_URL_S3: endpoint(),
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    };
    // The sweep run from this test reaches the bucket as the server does: the SDK's variables.
    Object.assign(process.env, sdkSettings);
    server = await startServerProcess({
      STORAGE_URL: `s3://${BUCKET}/${PREFIX}`,
      S3_FORCE_PATH_STYLE: "true",
      ...sdkSettings,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await bucket?.close().catch(() => undefined);
    client?.destroy();
    scratch.cleanup();
  });

  async function keys(): Promise<string[]> {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: PREFIX }));
    return (page.Contents ?? []).map((object) => object.Key ?? "").sort();
  }

  async function transcribe(auth: Record<string, string>): Promise<string> {
    const response = await upload(server.base, "/api/transcribe", { file: jfk, headers: auth });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  /** The first test's job: its audio copy serves the range and outage tests. */
  let id: string;

  it("runs a job end to end with every kept file in the bucket and none on the local disk", async () => {
    id = await transcribe(server.user.auth);
    const detail = (await (
      await fetch(`${server.base}/api/transcriptions/${id}`, { headers: server.user.auth })
    ).json()) as { status: string; cues: unknown[]; audio: { url: string } | null };
    expect(detail.status).toBe("completed");
    expect(detail.audio?.url).toBe(`/api/transcriptions/${id}/audio`);
    // The upload is gone; the editor's audio copy is in the bucket, under the account's prefix.
    expect(await keys()).toEqual([`${PREFIX}users/${server.user.id}/${id}.listen.m4a`]);
    const row = await server.db
      .selectFrom("transcriptions")
      .select(["media_path", "audio_path"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      media_path: null,
      audio_path: `s3://${BUCKET}/${PREFIX}users/${server.user.id}/${id}.listen.m4a`,
    });
    expect(filesUnder(join(server.dataDir, "uploads"))).toEqual([]);
  });

  it("serves the player's byte ranges streamed from the bucket", async () => {
    const key = `${PREFIX}users/${server.user.id}/${id}.listen.m4a`;
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    const url = `${server.base}/api/transcriptions/${id}/audio`;

    const whole = await fetch(url, { headers: server.user.auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("audio/mp4");
    expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);

    const part = await fetch(url, { headers: { ...server.user.auth, range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${stored.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(100, 200))).toBe(true);

    const tail = await fetch(url, { headers: { ...server.user.auth, range: "bytes=-50" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(stored.subarray(-50))).toBe(true);

    const past = await fetch(url, {
      headers: { ...server.user.auth, range: `bytes=${stored.length}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${stored.length}`);

    // Another account's request reads nothing of it.
    const other = await server.newUser();
    expect((await fetch(url, { headers: other.auth })).status).toBe(404);
  });

  it("answers 503 STORAGE_UNAVAILABLE in the user's language while the bucket is down, and loses nothing", async () => {
    const kept = id;
    const jobsBefore = await server.db
      .selectFrom("transcriptions")
      .select("id")
      .where("user_id", "=", server.user.id)
      .execute();
    await bucket!.close();
    bucket = undefined;
    try {
      for (const language of ["en", "zh-HK"] as const) {
        const refused = await upload(server.base, "/api/transcribe", {
          file: jfk,
          headers: { ...server.user.auth, "accept-language": language },
        });
        expect(refused.status).toBe(503);
        const body = (await refused.json()) as { code: string; message: string };
        expect(body.code).toBe("STORAGE_UNAVAILABLE");
        expect(body.message).toBe(ERROR_TABLE.STORAGE_UNAVAILABLE[language]);
      }
      const audio = await fetch(`${server.base}/api/transcriptions/${kept}/audio`, {
        headers: server.user.auth,
      });
      expect(audio.status).toBe(503);
      expect(((await audio.json()) as { code: string }).code).toBe("STORAGE_UNAVAILABLE");
      // No job was made and nothing charged; the refused uploads left nothing on the disk.
      const jobsAfter = await server.db
        .selectFrom("transcriptions")
        .select("id")
        .where("user_id", "=", server.user.id)
        .execute();
      expect(jobsAfter.length).toBe(jobsBefore.length);
      expect(filesUnder(join(server.dataDir, "uploads"))).toEqual([]);
      expect(await server.alive()).toBe(true);
    } finally {
      bucket = await startBucket(port, join(scratch.dir, "bucket"));
    }
    // Back: what was kept before is still there.
    const again = await fetch(`${server.base}/api/transcriptions/${kept}/audio`, {
      headers: { ...server.user.auth, range: "bytes=0-9" },
    });
    expect(again.status).toBe(206);
  });

  it("removes objects with the transcription, at the end of retention, and with the account", async () => {
    const deleted = id;
    const answer = await fetch(`${server.base}/api/transcriptions/${deleted}`, {
      method: "DELETE",
      headers: server.user.auth,
    });
    expect(answer.status).toBe(204);
    expect((await keys()).some((key) => key.includes(deleted))).toBe(false);

    // The retention sweep, run as the server runs it a year from now, over the same bucket.
    const expiring = await transcribe(server.user.auth);
    expect((await keys()).some((key) => key.includes(expiring))).toBe(true);
    await runMaintenance(
      {
        db: server.db,
        uploadDir: join(server.dataDir, "uploads"),
        // The process's own store of the bucket, from the same settings as the server's.
        files: fileStoreOf({
          storage: { bucket: BUCKET, prefix: PREFIX, forcePathStyle: true },
          uploadDir: join(server.dataDir, "uploads"),
        }),
        log: silentLog,
      },
      new Date(Date.now() + 400 * 86_400_000),
    );
    expect((await keys()).some((key) => key.includes(expiring))).toBe(false);

    const leaving = await server.newUser();
    await setPasswordHash(
      server.db,
      leaving.id,
      await hashPassword("a long passphrase 1"),
      new Date(),
    );
    await transcribe(leaving.auth);
    expect((await keys()).some((key) => key.includes(leaving.id))).toBe(true);
    const gone = await fetch(`${server.base}/api/account`, {
      method: "DELETE",
      headers: { ...leaving.auth, "content-type": "application/json" },
      body: JSON.stringify({ password: "a long passphrase 1" }),
    });
    expect(gone.status).toBe(204);
    expect((await keys()).some((key) => key.includes(leaving.id))).toBe(false);
  });
});
