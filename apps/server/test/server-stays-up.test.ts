import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";
import { fillDisk, mountTinyDisk } from "./support/tiny-disk.js";

// What an attacker sends cannot end the server (issue 44): each case runs against the real
// built server in a process of its own, then checks that it still answers. One server for the
// file; a "public" site on 127.0.0.2 (opened by URL_IMPORT_ALLOWED_NETWORKS, as an operator
// would) plays the attacker's links.

let server: ServerProcess;
const scratch = scratchDir("verbatim-stays-up-");
/** The server's DATA_DIR: a disk of its own that a test fills up (mounting needs root, as CI is). */
const dataDisk = join(scratch.dir, "data");
const diskMounted = mountTinyDisk(dataDisk, "64m");
let site: Server;
let sitePort: number;

beforeAll(async () => {
  site = createServer((request, response) => {
    switch (request.url) {
      case "/huge.mp3":
        // Declares far more than MAX_UPLOAD_MB: refused on the header, before any body.
        response.writeHead(200, {
          "content-type": "audio/mpeg",
          "content-length": String(10 * 1024 * 1024 * 1024),
        });
        response.write(Buffer.alloc(1024));
        return;
      case "/short.mp3":
        // Declares 100 KB, sends 10 bytes and hangs up.
        response.writeHead(200, { "content-type": "audio/mpeg", "content-length": "102400" });
        response.write(Buffer.alloc(10), () => response.destroy());
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.2", resolve));
  sitePort = (site.address() as AddressInfo).port;
  server = await startServerProcess(
    {
      URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
      MAX_UPLOAD_MB: "2",
      YT_DLP: "off",
      // Renders and uploads on a disk of their own: only the database's disk fills up.
      UPLOAD_DIR: join(scratch.dir, "uploads"),
    },
    { dataDir: dataDisk },
  );
});

afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  if (diskMounted) execFileSync("umount", [dataDisk]);
  scratch.cleanup();
});

/** Waits (at most 30 s) until `done` holds. */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server still answers; else its last words. */
async function expectAlive(): Promise<void> {
  const alive = await server.alive();
  expect(alive, `the server died (${server.exited()}):\n${server.output().slice(-3000)}`).toBe(
    true,
  );
}

describe("a URL import", () => {
  const link = (path: string) => `http://127.0.0.2:${sitePort}${path}`;
  /** /api/imports takes JSON; the /v1 routes OpenAI's multipart fields with `url`. */
  const importLink = async (route: string, url: string) => {
    if (route === "/api/imports") {
      return fetch(`${server.base}${route}`, {
        method: "POST",
        headers: { ...server.user.auth, "content-type": "application/json" },
        body: JSON.stringify({ url }),
      });
    }
    const form = new FormData();
    form.append("url", url);
    form.append("model", "whisper-1");
    return fetch(`${server.base}${route}`, {
      method: "POST",
      headers: await server.apiKey(),
      body: form,
    });
  };

  it.each([
    ["/api/imports", "/huge.mp3", 413, "URL_TOO_LARGE"],
    ["/api/imports", "/short.mp3", 502, "URL_FETCH_FAILED"],
    ["/v1/audio/transcriptions", "/huge.mp3", 413, "URL_TOO_LARGE"],
    ["/v1/audio/transcriptions", "/short.mp3", 502, "URL_FETCH_FAILED"],
    ["/v1/transcriptions/jobs", "/huge.mp3", 413, "URL_TOO_LARGE"],
    ["/v1/transcriptions/jobs", "/short.mp3", 502, "URL_FETCH_FAILED"],
  ])("%s of %s is refused and the server stays up", async (route, path, status, code) => {
    const response = await importLink(route, link(path)).catch((error: unknown) => error);
    await expectAlive();
    expect(response).toBeInstanceOf(Response);
    const answered = response as Response;
    const body = (await answered.json()) as { code?: string; error?: { code?: string } };
    expect([answered.status, (body.code ?? body.error?.code)?.toUpperCase()]).toEqual([
      status,
      code,
    ]);
  });
});

describe("a captioned-video render on a full disk", () => {
  it.skipIf(!diskMounted && !process.env.CI)(
    "fails that render, and the server stays up",
    async () => {
      expect(diskMounted).toBe(true);
      // A finished transcription whose kept audio is the 11 s JFK recording.
      const id = await finishedTranscription(server.db, server.user.id, [
        { start: 0, end: 11_000, text: "We choose to go to the Moon." },
      ]);
      await server.db
        .updateTable("transcriptions")
        .set({ audio_path: JFK_MP3 })
        .where("id", "=", id)
        .execute();
      const asked = await fetch(`${server.base}/api/transcriptions/${id}/renders`, {
        method: "POST",
        headers: { ...server.user.auth, "content-type": "application/json" },
        body: JSON.stringify({ style: "karaoke" }),
      });
      expect(asked.status).toBe(202);
      const render = (await asked.json()) as { id: string };
      const status = async () =>
        (
          (await (
            await fetch(`${server.base}/api/renders/${render.id}`, { headers: server.user.auth })
          ).json()) as { status: string }
        ).status;
      await until("the render under way", async () => (await status()) === "running");

      // The database's disk fills up while ffmpeg works (its video goes to UPLOAD_DIR, on
      // another disk): the render's end cannot be recorded, completed or failed. The
      // write-ahead log emptied first, so the next write must grow a file.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(server.db);
      const filler = join(server.dataDir, "filler");
      fillDisk(filler);
      try {
        await until(
          "the render's end",
          async () =>
            server.exited() !== null ||
            /recording the end of a render failed/.test(server.output()),
        );
        await expectAlive();
      } finally {
        rmSync(filler, { force: true });
      }
      await expectAlive();
    },
  );
});
