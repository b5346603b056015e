import type { SupportEvent } from "@verbatim/contract/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { openEventStream, type OpenStreams } from "../http/event-stream.js";
import type { SupportEventBus } from "./support-events.js";

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
  // Subscribed in the turn the answer starts in: the first line (`retry:`) tells the client
  // the stream is listening.
  const stream = openEventStream(request, reply, { open });
  stream.onClose(bus.subscribe(channel, (event: SupportEvent) => stream.send(event)));
}
