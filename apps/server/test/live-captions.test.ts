// Live captions over the real built server (dist/main.js): the audio socket, its
// acknowledgements and resend after a cut, the watch link's stream, stop → a transcription
// charged by the second, and hostile sockets and frames. One server for the file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { decodePcm } from "../../../packages/engine/src/media/decode.js";
import {
  startServerProcess,
  type ProcessUser,
  type ServerProcess,
} from "./support/server-process.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { runCli } from "../../../packages/engine/test/helpers/run-cli.js";

const SPEECH = new URL("../../../fixtures/media/lj001-0002.flac", import.meta.url).pathname;
const RATE = 16_000;
const FRAME_SAMPLES = 1_600; // 100 ms
let server: ServerProcess;
let audio: Buffer; // 16-bit little-endian PCM: silence, speech, silence

beforeAll(async () => {
  server = await startServerProcess({ LIVE_IDLE_SECONDS: "3" });
  const blocks: Float32Array[] = [];
  for await (const block of decodePcm(SPEECH)) blocks.push(block);
  const speech = blocks.flatMap((block) => [...block]);
  const samples = [...new Array(RATE).fill(0), ...speech, ...new Array(RATE).fill(0)];
  audio = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) =>
    audio.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(value * 32767))), i * 2),
  );
}, 120_000);
afterAll(() => server?.close());

interface Started {
  id: string;
  socketUrl: string;
  watchUrl: string;
  watchToken: string;
  model: { family: string; name: string };
}

async function start(user: ProcessUser, body: object = {}): Promise<Response> {
  return fetch(`${server.base}/api/live/sessions`, {
    method: "POST",
    headers: { ...user.auth, "content-type": "application/json" },
    body: JSON.stringify({ language: "en", ...body }),
  });
}

function socketAddress(id: string): string {
  return `${server.base.replace("http", "ws")}/api/live/sessions/${id}/socket`;
}

/** A socket with its messages collected; `next(type)` waits for the next of that type. */
function connect(id: string, headers: Record<string, string>) {
  const socket = new WebSocket(socketAddress(id), { headers });
  const messages: { type: string; [key: string]: unknown }[] = [];
  const waiting: { type: string; from: number; resolve: (m: (typeof messages)[0]) => void }[] = [];
  let seen = 0;
  socket.on("message", (data, isBinary) => {
    if (isBinary) return;
    const message = JSON.parse(String(data)) as (typeof messages)[0];
    messages.push(message);
    for (const wait of [...waiting]) {
      if (wait.type === message.type) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on("error", () => undefined);
  return {
    socket,
    messages,
    closed,
    next(type: string) {
      const found = messages.slice(seen).find((m) => m.type === type);
      if (found) {
        seen = messages.indexOf(found) + 1;
        return Promise.resolve(found);
      }
      return new Promise<(typeof messages)[0]>((resolve) =>
        waiting.push({ type, from: seen, resolve }),
      );
    },
  };
}

/** Follows a watch link's event stream; events collected as they come. */
function watch(token: string) {
  const events: { event: string; data: unknown }[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const response = await fetch(`${server.base}/api/live/watch/${token}/events`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      }
    }
  })().catch(() => undefined);
  return { events, stop: () => controller.abort(), done };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("live captions", () => {
  it("streams, survives a cut with nothing lost or doubled, and stops into a charged transcription", async () => {
    const user = await server.newUser();
    const before = await minuteBalance(server.db, user.id);
    const response = await start(user);
    expect(response.status).toBe(201);
    const session = (await response.json()) as Started;
    expect(session.socketUrl).toBe(`wss://verbatim.test/api/live/sessions/${session.id}/socket`);
    expect(session.watchUrl).toBe(`https://verbatim.test/l/${session.watchToken}`);
    expect(session.model).toEqual({ family: "whisper", name: expect.any(String) as string });
    // FAST_MODEL is a file's path here: the client is told its file name, never the server's path.
    expect(session.model.name).toMatch(/^[^/\\]+\.bin$/);
    const viewer = watch(session.watchToken);

    // Real time, 100 ms frames; the connection is cut a third of the way in, unacknowledged
    // frames included, and the client resends from what the server says it has.
    const frames = Math.ceil(audio.length / 2 / FRAME_SAMPLES);
    let client = connect(session.id, user.auth);
    const ready = await client.next("ready");
    expect(ready.receivedSamples).toBe(0);
    let sent = 0;
    const cutAt = Math.floor(frames / 3);
    while (sent < frames) {
      if (sent === cutAt) {
        client.socket.terminate();
        await client.closed;
        client = connect(session.id, user.auth);
        const resumed = await client.next("ready");
        const have = resumed.receivedSamples as number;
        expect(have % FRAME_SAMPLES).toBe(0);
        expect(have).toBeLessThanOrEqual(sent * FRAME_SAMPLES);
        sent = have / FRAME_SAMPLES; // resend from there
      }
      client.socket.send(audio.subarray(sent * FRAME_SAMPLES * 2, (sent + 1) * FRAME_SAMPLES * 2));
      sent++;
      await pause(100);
    }
    const total = audio.length / 2;
    for (;;) {
      const ack = await client.next("ack");
      if (ack.receivedSamples === total) break;
    }

    const stop = await fetch(`${server.base}/api/live/sessions/${session.id}/stop`, {
      method: "POST",
      headers: user.auth,
    });
    expect(stop.status).toBe(200);
    const { transcriptionId } = (await stop.json()) as { transcriptionId: string };
    expect(transcriptionId).toBeTruthy();
    expect((await client.next("stopped")).transcriptionId).toBe(transcriptionId);

    // The speaker saw a partial before the final of the speech; the viewer saw the same final.
    const types = client.messages
      .map((m) => m.type)
      .filter((t) => t === "partial" || t === "final");
    expect(types).toContain("final");
    const finals = client.messages.filter((m) => m.type === "final");
    for (const final of finals) {
      expect(final.startMs as number).toBeGreaterThanOrEqual(700); // nothing in the first silence
    }
    await viewer.done;
    const viewerFinals = viewer.events.filter((e) => e.event === "final").map((e) => e.data);
    expect(viewerFinals.length).toBeGreaterThan(0);
    expect(viewer.events.at(-1)?.event).toBe("ended");
    expect(viewer.events.at(-1)?.data).toEqual({});

    // A normal transcription: completed, its length exactly the audio sent (nothing lost or
    // twice), its audio kept, charged by the second.
    const job = (await (
      await fetch(`${server.base}/api/transcriptions/${transcriptionId}`, { headers: user.auth })
    ).json()) as { status: string; duration: number; chargedSeconds: number; subtitles: unknown[] };
    expect(job.status).toBe("completed");
    expect(job.duration).toBe(Math.floor((total * 1000) / RATE) / 1000);
    expect(job.chargedSeconds).toBe(Math.ceil(total / RATE));
    expect(job.subtitles.length).toBeGreaterThan(0);
    const played = await fetch(`${server.base}/api/transcriptions/${transcriptionId}/audio`, {
      headers: user.auth,
    });
    expect(played.status).toBe(200);
    expect((await played.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const after = await minuteBalance(server.db, user.id);
    expect(before.planSeconds - after.planSeconds).toBe(Math.ceil(total / RATE));
    // Stopping again answers the same.
    const again = await fetch(`${server.base}/api/live/sessions/${session.id}/stop`, {
      method: "POST",
      headers: user.auth,
    });
    expect(await again.json()).toEqual({ transcriptionId });
  }, 60_000);

  it("refuses hostile sockets and frames", async () => {
    const user = await server.newUser();
    const session = (await (await start(user)).json()) as Started;
    // One session at a time.
    const second = await start(user);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { code: string }).code).toBe("LIVE_SESSION_LIMIT");

    // Cross-site WebSocket hijacking: another site's page with the user's cookie.
    const hijack = connect(session.id, { cookie: user.cookie, origin: "https://evil.example" });
    expect((await hijack.closed).code).not.toBe(1000);
    expect(hijack.messages).toEqual([]);
    // No one signed in; someone else's session.
    const anonymous = connect(session.id, {});
    await anonymous.closed;
    expect(anonymous.messages).toEqual([]);
    const other = await server.newUser();
    const stranger = connect(session.id, other.auth);
    expect((await stranger.next("error")).code).toBe("NOT_FOUND");
    // The app's own page with the cookie is let in.
    const own = connect(session.id, { cookie: user.cookie, origin: "https://verbatim.test" });
    await own.next("ready");
    own.socket.close();
    await own.closed;

    // An odd number of bytes is not 16-bit PCM.
    const odd = connect(session.id, user.auth);
    await odd.next("ready");
    odd.socket.send(Buffer.alloc(301));
    expect((await odd.next("error")).code).toBe("LIVE_FRAME_INVALID");
    expect((await odd.closed).code).toBe(1008);
    // Too large a frame.
    const large = connect(session.id, user.auth);
    await large.next("ready");
    large.socket.send(Buffer.alloc(64_000));
    expect((await large.closed).code).toBeGreaterThanOrEqual(1008);
    // Faster than anyone speaks: 20 s of audio at once.
    const fast = connect(session.id, user.auth);
    await fast.next("ready");
    for (let i = 0; i < 40; i++) fast.socket.send(Buffer.alloc(16_000));
    expect((await fast.next("error")).code).toBe("LIVE_TOO_FAST");
    await fast.closed;
    expect(await server.alive()).toBe(true);

    // Left alone, the session is stopped and saved after LIVE_IDLE_SECONDS, its minutes settled.
    const idle = connect(session.id, user.auth);
    expect((await idle.next("error")).code).toBe("LIVE_IDLE");
    const { transcriptionId } = (await idle.next("stopped")) as unknown as {
      transcriptionId: string;
    };
    const row = await server.db
      .selectFrom("transcriptions")
      .select(["status", "charged_seconds"])
      .where("id", "=", transcriptionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("completed");
    const balance = await minuteBalance(server.db, user.id);
    expect(balance.planSeconds).toBe(20 * 60 - (row.charged_seconds ?? 0));
    // The user may start again.
    expect((await start(user)).status).toBe(201);
  }, 60_000);

  it("`verbatim live FILE` streams a recording in real time and saves it, charged by the second", async () => {
    const user = await server.newUser();
    const key = (await server.apiKey(user)).authorization.slice("Bearer ".length);
    const before = await minuteBalance(server.db, user.id);
    const run = runCli([
      "live",
      SPEECH,
      "--server",
      server.base,
      "--api-key",
      key,
      "--language",
      "en",
    ]);
    expect(run.stderr).toContain("live: watch at https://verbatim.test/l/");
    const saved = /saved as transcription (\S+)/.exec(run.stderr)?.[1];
    expect(run.status, run.stderr).toBe(0);
    expect(saved).toMatch(/^[0-9a-f-]{36}$/);
    const row = await server.db
      .selectFrom("transcriptions")
      .select(["status", "charged_seconds", "user_id"])
      .where("id", "=", saved!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "completed", user_id: user.id, charged_seconds: 2 });
    expect((await minuteBalance(server.db, user.id)).planSeconds).toBe(before.planSeconds - 2);

    // A key the server does not know: one line, a failing exit code, nothing saved.
    const refused = runCli(["live", SPEECH, "--server", server.base, "--api-key", "vb_wrong"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/refused the session/);
  }, 60_000);
});
