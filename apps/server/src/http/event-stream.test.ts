import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openEventStream, streamsEndedOnClose, type EventStream } from "./event-stream.js";

const KEEP_ALIVE_MS = 1_000;

/** A server with one stream route; what the route opened, for the test to drive. */
async function streamServer() {
  const app: FastifyInstance = Fastify();
  const open = streamsEndedOnClose(app);
  const opened: { stream: EventStream; res: ServerResponse; cleanups: number }[] = [];
  app.get("/events", (request, reply) => {
    const stream = openEventStream(request, reply, {
      open,
      keepAliveMs: KEEP_ALIVE_MS,
      headers: { "x-own": "yes" },
    });
    const entry = { stream, res: reply.raw, cleanups: 0 };
    stream.onClose(() => entry.cleanups++);
    opened.push(entry);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  /** Opens the stream; resolves with the answer once the route has it, and what it reads. */
  const connect = () =>
    new Promise<{ response: IncomingMessage; text: () => string; ended: Promise<void> }>(
      (resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port, path: "/events" }, (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          const ended = new Promise<void>((done) => response.on("close", () => done()));
          resolve({ response, text: () => text, ended });
        });
        req.on("error", reject);
        req.end();
      },
    );
  return { app, open, opened, connect };
}

/** Waits until `check` holds (real I/O in between). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

describe("openEventStream", () => {
  let server: Awaited<ReturnType<typeof streamServer>>;
  beforeEach(async () => {
    // Only the interval timers are the test's: the sockets run for real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    server = await streamServer();
  });
  afterEach(async () => {
    await server.app.close();
    vi.useRealTimers();
  });

  it("answers with the stream's headers at once, then retry, events with ids, and keep-alives", async () => {
    const client = await server.connect();
    expect(client.response.statusCode).toBe(200);
    expect(client.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(client.response.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(client.response.headers["x-accel-buffering"]).toBe("no");
    expect(client.response.headers["x-own"]).toBe("yes");
    await until(() => server.opened.length === 1);
    const { stream } = server.opened[0]!;
    stream.send({ type: "progress", percent: 5 });
    stream.send({ type: "progress", percent: 6 });
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    await until(() => client.text().includes(": keep-alive"));
    expect(client.text()).toBe(
      "retry: 3000\n\n" +
        'id: 1\nevent: progress\ndata: {"percent":5}\n\n' +
        'id: 2\nevent: progress\ndata: {"percent":6}\n\n' +
        ": keep-alive\n\n",
    );
  });

  it("stops its timer and runs the cleanups once when the client goes", async () => {
    const client = await server.connect();
    await until(() => server.opened.length === 1);
    const entry = server.opened[0]!;
    expect(vi.getTimerCount()).toBe(1);
    expect(server.open.size).toBe(1);
    client.response.destroy();
    await until(() => entry.stream.closed);
    expect(entry.cleanups).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(server.open.size).toBe(0);
    entry.stream.close();
    expect(entry.cleanups).toBe(1);
    let late = 0;
    entry.stream.onClose(() => late++); // registered after the end: runs at once
    expect(late).toBe(1);
  });

  it("handles an error on the socket: no throw, timer stopped, cleanups run, connection closed", async () => {
    const client = await server.connect();
    await until(() => server.opened.length === 1);
    const entry = server.opened[0]!;
    expect(() => entry.res.emit("error", new Error("write EPIPE"))).not.toThrow();
    expect(entry.stream.closed).toBe(true);
    expect(entry.cleanups).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    entry.stream.send({ type: "late" }); // nothing is written to a failed socket
    await client.ended;
  });

  it("close() ends the answer; the server closing ends every open stream", async () => {
    const first = await server.connect();
    const second = await server.connect();
    await until(() => server.opened.length === 2);
    server.opened[0]!.stream.close();
    await first.ended;
    expect(first.response.complete).toBe(true);
    expect(server.open.size).toBe(1);
    const closing = server.app.close();
    await second.ended;
    await closing;
    expect(server.opened.map((entry) => entry.cleanups)).toEqual([1, 1]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
