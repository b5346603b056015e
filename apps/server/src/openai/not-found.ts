import type { FastifyReply, FastifyRequest } from "fastify";
import type { OpenAIErrorBody } from "./errors.js";

/** Whether a path belongs to the OpenAI-compatible API. */
export function isOpenAIPath(path: string): boolean {
  return path === "/v1" || path.startsWith("/v1/");
}

/** 404 for an unknown /v1 path, as OpenAI answers it (JSON, never the web app's page). */
export function sendOpenAINotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: OpenAIErrorBody = {
    error: {
      message: `Invalid URL (${request.method} ${request.url.split("?")[0]})`,
      type: "invalid_request_error",
      param: null,
      code: null,
    },
  };
  return reply
    .status(404)
    .header("openai-processing-ms", String(Math.round(reply.elapsedTime)))
    .send(body);
}
