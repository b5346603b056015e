import type { FastifyReply, FastifyRequest } from "fastify";

/** A comment line every so often keeps proxies from closing a quiet stream. */
export const KEEPALIVE_MS = 15_000;

/** How soon a client that lost the stream comes back, told first thing (`retry:`). */
const RETRY_MS = 3_000;

/** A route's streams still open, each by its close, ended when the server stops. */
export type OpenStreams = Set<() => void>;

/** An open Server-Sent Events stream (openEventStream). */
export interface EventStream {
  /** Whether it has ended: the client went, the socket failed, or it was closed here. */
  readonly closed: boolean;
  /** Sends one event: `id:` (counting from 1), `event:` its type, `data:` the rest as JSON. */
  send<Event extends { type: string }>(event: Event): void;
  /** Writes SSE text as it is (a stream with framing of its own: OpenAI's). */
  write(chunk: string): void;
  /** Runs `cleanup` when the stream ends; at once when it already has. */
  onClose(cleanup: () => void): void;
  /** Ends the stream (again: nothing). */
  close(): void;
}

export interface EventStreamOptions {
  /** Headers of the route's own, beside the stream's. */
  headers?: Record<string, string>;
  /** The route's open streams (streamsEndedOnClose): this one is in it while it is open. */
  open?: OpenStreams;
  /** `retry:` first, telling the client to come back after 3 s (default); false: no such line. */
  retry?: boolean;
  /** How often a comment line keeps the stream open (default KEEPALIVE_MS). */
  keepAliveMs?: number;
}

/**
 * Takes the answer over from Fastify and opens a Server-Sent Events stream; every stream the
 * server sends (job events, import progress, support messages, live captions, OpenAI's
 * transcript stream) opens here. The answer: status 200, the event-stream type, no caching or
 * transforming, no proxy buffering (nginx's `X-Accel-Buffering`), the request's id and the
 * route's headers, sent at once (a job that waits in the queue would otherwise leave the
 * client without an answer until its first event). Then `retry:`, and a `: keep-alive`
 * comment every `keepAliveMs`. The stream ends when the client goes, when the socket fails
 * (its 'error' is handled here) or on close(); then the timer stops and each onClose cleanup
 * runs, once. Writes are not held back for a slow client: events are small and few, and a
 * client that stops reading is cut off by the socket's own timeout.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  { headers = {}, open, retry = true, keepAliveMs = KEEPALIVE_MS }: EventStreamOptions = {},
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-request-id": request.id,
    ...headers,
  });
  res.flushHeaders();
  let closed = false;
  let eventId = 0;
  const cleanups: (() => void)[] = [];
  const write = (chunk: string) => {
    if (!closed && !res.writableEnded && !res.destroyed) res.write(chunk);
  };
  /** `endAnswer` false: the connection is gone (the answer stays unfinished: a hang-up). */
  const end = (endAnswer: boolean) => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    open?.delete(close);
    for (const cleanup of cleanups.splice(0)) cleanup();
    if (endAnswer && !res.writableEnded) res.end();
  };
  const close = () => end(true);
  const keepAlive = setInterval(() => write(": keep-alive\n\n"), keepAliveMs);
  res.on("close", () => end(false));
  // A write that failed leaves nothing worth keeping: the connection goes too.
  res.on("error", () => {
    end(false);
    res.destroy();
  });
  open?.add(close);
  if (retry) write(`retry: ${RETRY_MS}\n\n`);
  return {
    get closed() {
      return closed;
    },
    send: ({ type, ...data }) => {
      write(`id: ${++eventId}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    write,
    onClose: (cleanup) => {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
    close,
  };
}

/**
 * The open streams of a plugin's routes, each ended when the server starts closing (its
 * clients reconnect to the next server); pass it as openEventStream's `open`.
 */
export function streamsEndedOnClose(plugin: {
  addHook(name: "preClose", hook: () => Promise<void>): unknown;
}): OpenStreams {
  const open: OpenStreams = new Set();
  plugin.addHook("preClose", async () => {
    for (const close of [...open]) close();
  });
  return open;
}
