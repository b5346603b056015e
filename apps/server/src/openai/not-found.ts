import type { FastifyReply, FastifyRequest } from "fastify";
import { sendOpenAINotFound } from "./errors.js";

/** Whether a path belongs to the OpenAI-compatible API. */
export function isOpenAIPath(path: string): boolean {
  return path === "/v1" || path.startsWith("/v1/");
}

/**
 * The not-found answer for /v1 paths (http/error-handler.ts's registerNotFound): GET /v1/…
 * reaches the app's not-found handler through the web app's catch-all route.
 */
export function answerOpenAINotFound(
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  if (!isOpenAIPath(request.url.split("?")[0] ?? "")) return undefined;
  return sendOpenAINotFound(request, reply);
}
