import type { ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A comment line every so often keeps proxies from closing a quiet stream. */
export const KEEPALIVE_MS = 15_000;

/**
 * Takes the answer over from Fastify and starts a Server-Sent Events stream: status 200, the
 * event-stream type, no caching or transforming, no proxy buffering (nginx's
 * `X-Accel-Buffering`), the request's id, and any headers of the route's own. Every stream the
 * server sends (job events, import progress, support messages, OpenAI's transcript stream)
 * starts here; what it writes next is the route's.
 */
export function startEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = {},
): ServerResponse {
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
  return res;
}
