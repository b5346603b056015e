import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { randomUUID } from "node:crypto";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import {
  readEvents,
  signedInUser,
  startTranscriptionApi,
  type SseEvent,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";
import { writeYtDlpStandIn } from "./support/yt-dlp-stand-in.js";

// URL import against the real server: a "public" site on 127.0.0.2 (opened by
// URL_IMPORT_ALLOWED_NETWORKS, as an operator would open a network) serves media, pages and
// tricks; an "internal" server on 127.0.0.1 must never be reached.

let jfk: Buffer;
let api: TranscriptionApi;
let site: Server;
let internal: Server;
let sitePort: number;
let internalPort: number;
const internalHits: string[] = [];
const scratch = scratchDir("verbatim-yt-dlp-bin-");
let user: TestUser;

async function listen(server: Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // Three seconds of speech: jobs stay short.
  const clip = join(scratch.dir, "clip.mp3");
  ffmpeg("-i", JFK_MP3, "-t", "3", "-c", "copy", clip);
  jfk = readFileSync(clip);
  internal = createServer((request, response) => {
    internalHits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "audio/mpeg" }).end(jfk);
  });
  internalPort = await listen(internal, "127.0.0.1");
  site = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://site");
    const page = (body: unknown) =>
      response.writeHead(200, { "content-type": "text/html" }).end(JSON.stringify(body));
    switch (url.pathname) {
      case "/talk.mp3":
        response.writeHead(200, { "content-type": "audio/mpeg" }).end(jfk);
        return;
      case "/download":
        response
          .writeHead(200, {
            "content-type": "application/octet-stream",
            "content-disposition": "attachment; filename*=UTF-8''%E6%BC%94%E8%AC%9B.mp3",
          })
          .end(jfk);
        return;
      case "/to-internal":
        response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/secret` }).end();
        return;
      case "/notes.txt":
        response.writeHead(200, { "content-type": "text/plain" }).end("not media ".repeat(500));
        return;
      case "/slow.mp3":
      case "/slow-broken.mp3": {
        // Six parts 150 ms apart; the broken one hangs up after three, short of its length.
        const parts = 6;
        const size = Math.ceil(jfk.length / parts);
        response.writeHead(200, {
          "content-type": "audio/mpeg",
          "content-length": String(jfk.length),
        });
        const broken = url.pathname === "/slow-broken.mp3";
        let part = 0;
        const next = () => {
          if (broken && part === 3) return void response.destroy();
          response.write(jfk.subarray(part * size, (part + 1) * size));
          if (++part === parts) return void response.end();
          setTimeout(next, 150);
        };
        next();
        return;
      }
      case "/big.mp3":
        response.writeHead(200, { "content-type": "audio/mpeg" });
        response.end(Buffer.alloc(2 * 1024 * 1024 + 10));
        return;
      // Pages for yt-dlp (the stand-in reads their JSON).
      case "/watch":
        page({ title: "A talk", duration: 11, media: `http://127.0.0.2:${sitePort}/talk.mp3` });
        return;
      case "/watch-internal":
        page({ title: "Trick", duration: 11, media: `http://127.0.0.1:${internalPort}/secret` });
        return;
      case "/watch-long":
        page({ title: "Long", duration: 3 * 3600, media: `http://127.0.0.2:${sitePort}/talk.mp3` });
        return;
      case "/watch-huge":
        page({ title: "Huge", duration: 11, media: `http://127.0.0.2:${sitePort}/huge.mp3` });
        return;
      case "/huge.mp3":
        // Past the proxy's cap (the 2 MB limit and 16 MB for pages and manifests).
        response.writeHead(200, { "content-type": "audio/mpeg" });
        response.end(Buffer.alloc(20 * 1024 * 1024));
        return;
      case "/watch-unsupported":
        page({ unsupported: true });
        return;
      default:
        response.writeHead(404).end();
    }
  });
  sitePort = await listen(site, "127.0.0.2");
  api = await startTranscriptionApi("sqlite", {
    URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
    MAX_UPLOAD_MB: "2",
    YT_DLP: writeYtDlpStandIn(scratch.dir),
  });
  user = await signedInUser(api.db);
});

afterAll(async () => {
  await api.close();
  site.closeAllConnections();
  internal.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => internal.close(resolve));
  scratch.cleanup();
});

const importLink = (url: string, extra: Record<string, unknown> = {}) =>
  api.post("/api/imports", { url, ...extra }, user.auth);

/** The job once it has ended. */
async function ended(id: string): Promise<{ status: string; fileName: string; cues: unknown[] }> {
  for (;;) {
    const response = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    const body = (await response.json()) as { status: string; fileName: string; cues: unknown[] };
    if (["completed", "failed", "cancelled"].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The job's file name, then the job is deleted (it need not run). */
async function nameAndDiscard(id: string): Promise<string> {
  const job = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
  const { fileName } = (await job.json()) as { fileName: string };
  await fetch(`${api.base}/api/transcriptions/${id}`, { method: "DELETE", headers: user.auth });
  return fileName;
}

/** Files in the upload folder that were not there before (jobs still waiting hold theirs). */
function newLeftovers(before: string[]): string[] {
  return api.leftovers().filter((name) => !before.includes(name));
}

async function refusal(response: Response): Promise<[number, string]> {
  const body = (await response.json()) as { code: string };
  return [response.status, body.code];
}

describe("a link's download progress", () => {
  const at = (path: string) => `http://127.0.0.2:${sitePort}${path}`;
  /** Follows a progress id's stream until `end`, noting when each event came. */
  const follow = (progressId: string, auth = user.auth) => {
    const times: number[] = [];
    const events = readEvents(
      `${api.base}/api/imports/progress/${progressId}`,
      auth,
      (event: SseEvent) => {
        times.push(Date.now());
        return event.event === "end";
      },
    );
    return { events, times };
  };
  const seconds = async () => {
    const balance = await minuteBalance(api.db, user.id);
    return balance.planSeconds + balance.packSeconds;
  };

  it("streams bytes as they come, before the POST answers with the job", async () => {
    const progressId = randomUUID();
    const stream = follow(progressId);
    // Someone else following the same id hears nothing of it.
    const other = await signedInUser(api.db);
    const stranger = new AbortController();
    const strangerEvents: string[] = [];
    const strangerStream = fetch(`${api.base}/api/imports/progress/${progressId}`, {
      headers: other.auth,
      signal: stranger.signal,
    })
      .then(async (response) => {
        for await (const chunk of response.body!)
          strangerEvents.push(Buffer.from(chunk).toString());
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the streams are listening
    const response = await importLink(at("/slow.mp3"), { language: "en", progressId });
    const answeredAt = Date.now();
    expect(response.status).toBe(202);
    const { id, eventsUrl } = (await response.json()) as { id: string; eventsUrl: string };
    expect(eventsUrl).toBe(`/api/transcriptions/${id}/events`);
    const events = await stream.events;
    const progress = events.filter((event) => event.event === "progress");
    expect(events.at(-1)!.event).toBe("end");
    // Several reports while the download went on, growing, each against the declared size.
    const during = progress.filter((event) => Number(event.data.receivedBytes) < jfk.length);
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(stream.times[0]!).toBeLessThan(answeredAt - 300);
    for (const event of progress) expect(event.data.totalBytes).toBe(jfk.length);
    const received = progress.map((event) => Number(event.data.receivedBytes));
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(received.at(-1)).toBe(jfk.length);
    stranger.abort();
    await strangerStream;
    expect(strangerEvents.join("")).not.toContain("event: progress");
    expect(await nameAndDiscard(id)).toBe("slow.mp3"); // the job need not run
  });

  it("a download that breaks off ends the stream, keeps nothing and charges nothing", async () => {
    const before = api.leftovers();
    const balance = await seconds();
    const progressId = randomUUID();
    const stream = follow(progressId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await importLink(at("/slow-broken.mp3"), { progressId });
    expect(await refusal(response)).toEqual([502, "URL_FETCH_FAILED"]);
    const events = await stream.events;
    expect(events.some((event) => event.event === "progress")).toBe(true);
    expect(events.at(-1)!.event).toBe("end");
    expect(newLeftovers(before)).toEqual([]);
    expect(await seconds()).toBe(balance);
  });

  it("refuses a progress id that is not a UUID", async () => {
    const response = await fetch(`${api.base}/api/imports/progress/not-a-uuid`, {
      headers: user.auth,
    });
    expect(response.status).toBe(400);
    expect((await importLink(at("/slow.mp3"), { progressId: "x" })).status).toBe(400);
  });
});

describe("POST /api/imports", () => {
  it("takes in a direct link like an upload: 202, the job runs to completion", async () => {
    const response = await importLink(`http://127.0.0.2:${sitePort}/talk.mp3`, {
      language: "en",
    });
    expect(response.status).toBe(202);
    const { id, eventsUrl } = (await response.json()) as { id: string; eventsUrl: string };
    expect(eventsUrl).toBe(`/api/transcriptions/${id}/events`);
    const job = await ended(id);
    expect(job.status).toBe("completed");
    expect(job.fileName).toBe("talk.mp3");
    // The downloaded file is gone once the job has it no more (its worker deletes it right after
    // the row reads completed).
    await vi.waitFor(() => expect(api.leftovers()).toEqual([]), { timeout: 5000 });
  });

  it("names the file as the server's Content-Disposition does (CJK too)", async () => {
    const response = await importLink(`http://127.0.0.2:${sitePort}/download`);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(await nameAndDiscard(id)).toBe("演講.mp3");
  });

  it("refuses blocked addresses with 400 URL_NOT_ALLOWED, directly or by redirect, and reaches nothing", async () => {
    for (const url of [
      `http://127.0.0.1:${internalPort}/secret`,
      `http://localhost:${internalPort}/secret`,
      `http://2130706433:${internalPort}/secret`,
      `http://[::ffff:127.0.0.1]:${internalPort}/secret`,
      "http://169.254.169.254/latest/meta-data/",
      `http://127.0.0.2:${sitePort}/to-internal`,
      "file:///etc/passwd",
    ]) {
      expect([url, ...(await refusal(await importLink(url)))]).toEqual([
        url,
        400,
        "URL_NOT_ALLOWED",
      ]);
    }
    expect(internalHits).toEqual([]);
  });

  it("says why a link cannot be used, in the user's language, leaving nothing behind", async () => {
    const at = (path: string) => `http://127.0.0.2:${sitePort}${path}`;
    const before = api.leftovers();
    expect(await refusal(await importLink(at("/missing.mp3")))).toEqual([400, "URL_NOT_FOUND"]);
    expect(await refusal(await importLink(at("/big.mp3")))).toEqual([413, "URL_TOO_LARGE"]);
    expect(await refusal(await importLink(at("/notes.txt")))).toEqual([415, "INPUT_NOT_MEDIA"]);
    expect(await refusal(await importLink("ftp://example.com/a.mp3"))).toEqual([
      400,
      "URL_NOT_ALLOWED",
    ]);
    const chinese = await api.post(
      "/api/imports",
      { url: at("/missing.mp3") },
      { ...user.auth, "accept-language": "zh-HK" },
    );
    expect(((await chinese.json()) as { message: string }).message).toBe(
      "這個網址找不到任何內容。請檢查連結。",
    );
    expect(newLeftovers(before)).toEqual([]);
  });

  it("hands pages to yt-dlp through the checking proxy: a page's media is taken in, a page that leads inside is refused", async () => {
    const at = (path: string) => `http://127.0.0.2:${sitePort}${path}`;
    const response = await importLink(at("/watch"));
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(await nameAndDiscard(id)).toBe("A talk.mp3");
    const before = api.leftovers();

    expect(await refusal(await importLink(at("/watch-internal")))).toEqual([
      400,
      "URL_NOT_ALLOWED",
    ]);
    expect(internalHits).toEqual([]);
    expect(await refusal(await importLink(at("/watch-long")))).toEqual([402, "URL_TOO_LONG"]);
    // Media past the limit, its size unknown until fetched: too large, not a failed fetch.
    expect(await refusal(await importLink(at("/watch-huge")))).toEqual([413, "URL_TOO_LARGE"]);
    expect(await refusal(await importLink(at("/watch-unsupported")))).toEqual([
      400,
      "URL_SITE_NOT_SUPPORTED",
    ]);
    expect(newLeftovers(before)).toEqual([]);
  });
});

describe("/v1/audio/transcriptions with url", () => {
  it("transcribes the media a link points to, and refuses a blocked one in OpenAI's shape", async () => {
    const keyResponse = await api.post("/api/keys", { name: "links" }, user.auth);
    const { key } = (await keyResponse.json()) as { key: string };
    const send = (url: string) => {
      const form = new FormData();
      form.append("model", "whisper-1");
      form.append("url", url);
      return fetch(`${api.base}/v1/audio/transcriptions`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${key}` },
      });
    };
    const ok = await send(`http://127.0.0.2:${sitePort}/talk.mp3`);
    expect(ok.status).toBe(200);
    expect(typeof ((await ok.json()) as { text: unknown }).text).toBe("string");

    const blocked = await send(`http://127.0.0.1:${internalPort}/secret`);
    expect(blocked.status).toBe(400);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe(
      "url_not_allowed",
    );
    expect(internalHits).toEqual([]);
  });
});
