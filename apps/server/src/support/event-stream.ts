import type { SupportEvent } from "@verbatim/contract/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { KEEPALIVE_MS, startEventStream } from "../http/event-stream.js";
import type { SupportEventBus } from "./support-events.js";

/** Streams still open, ended when the server stops (clients reconnect to the next one). */
export type OpenStreams = Set<() => void>;

/**
 * Answers with Server-Sent Events: every support event published on `channel` (`event:
 * message` or `event: read`, data the JSON rest), until the client goes away. What happened
 * while it was away the client reads from the messages call; the table is the record.
 */
export function streamSupportEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  bus: SupportEventBus,
  channel: string,
  open: OpenStreams,
): void {
  let eventId = 0;
  let closed = false;
  const res = reply.raw;
  const send = (event: SupportEvent) => {
    if (closed) return;
    const { type, ...data } = event;
    res.write(`id: ${++eventId}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  // Listening before the answer starts: once the client has the headers, nothing is missed.
  const unsubscribe = bus.subscribe(channel, send);
  startEventStream(request, reply);
  const keepalive = setInterval(() => res.write(": keep-alive\n\n"), KEEPALIVE_MS);
  const close = () => {
    if (closed) return;
    closed = true;
    open.delete(close);
    unsubscribe();
    clearInterval(keepalive);
    res.end();
  };
  res.on("close", close);
  open.add(close);
  // The first line tells the client the stream is listening (and how soon to come back).
  res.write("retry: 3000\n\n");
}
