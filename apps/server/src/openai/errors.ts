import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OpenAIErrorResponse } from "@verbatim/contract/api";
import type { z } from "zod";
import { AppError } from "../http/app-error.js";
import { asAppError } from "../http/error-handler.js";

/** The error types OpenAI's API answers with. */
export type OpenAIErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "insufficient_quota"
  /** A request-rate limit (OpenAI types it so; code `rate_limit_exceeded`). */
  | "requests"
  | "server_error";

export type OpenAIErrorBody = z.infer<typeof OpenAIErrorResponse>;

/** An error to answer in OpenAI's shape, as it is. */
export class OpenAIError extends Error {
  override readonly name = "OpenAIError";

  constructor(
    readonly status: number,
    readonly type: OpenAIErrorType,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    /** False: tell OpenAI's clients not to retry (`x-should-retry: false`); retrying cannot help. */
    readonly retry?: boolean,
  ) {
    super(message);
  }
}

/** `{ [status]: OpenAIErrorResponse }` for a route's error statuses. */
export const openAIErrorsOf = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, OpenAIErrorResponse]));

const FILE_CODES = new Set([
  "FILE_REQUIRED",
  "UNEXPECTED_FILE",
  "TOO_MANY_FILES",
  "UPLOAD_INCOMPLETE",
]);

/** The service's own errors (AppError) as OpenAI would say them. */
export function fromAppError(error: AppError): OpenAIError {
  const code = error.code.toLowerCase();
  const named = error.details?.param ?? error.details?.field;
  const param = typeof named === "string" ? named : null;
  switch (error.code) {
    case "VALIDATION_FAILED":
      // Developers read these: say what the schema found, as OpenAI does.
      return new OpenAIError(400, "invalid_request_error", error.message, param);
    case "INSUFFICIENT_MINUTES":
      // OpenAI answers "no credit left" with 429 insufficient_quota; its clients know it.
      return new OpenAIError(
        429,
        "insufficient_quota",
        `${error.message} You exceeded your current quota: add minutes in your account's billing page.`,
        null,
        "insufficient_quota",
        false,
      );
    case "INVALID_MODEL":
      return new OpenAIError(
        404,
        "invalid_request_error",
        error.message,
        "model",
        "model_not_found",
      );
    case "MODEL_NOT_INSTALLED": {
      // A developer can act on where the model comes from (no server paths in it).
      const hint = typeof error.details?.hint === "string" ? ` ${error.details.hint}` : "";
      return new OpenAIError(503, "server_error", error.message + hint, "model", code, false);
    }
    case "FILE_TOO_LARGE":
      return new OpenAIError(413, "invalid_request_error", error.message, "file", code);
    case "RATE_LIMITED":
      return new OpenAIError(429, "requests", error.message, null, "rate_limit_exceeded");
  }
  if (error.status === 401) {
    return new OpenAIError(401, "authentication_error", error.message, null, "invalid_api_key");
  }
  if (FILE_CODES.has(error.code) || error.code.startsWith("INPUT_")) {
    // Not media, no audio, corrupt: OpenAI answers 400 (the rest of our API says 415).
    return new OpenAIError(400, "invalid_request_error", error.message, "file", code);
  }
  if (error.status >= 500) {
    return new OpenAIError(error.status, "server_error", error.message, param, code);
  }
  return new OpenAIError(error.status, "invalid_request_error", error.message, param, code);
}

/** Conflicts and unavailable parts that pass by themselves: a retry can succeed. */
const TRANSIENT_CODES = new Set(["idempotency_request_in_progress", "database_busy"]);

/**
 * Whether OpenAI's clients may repeat the request (they retry 408, 409, 429 and 5xx unless told
 * `x-should-retry: false`, sending the file again each time). A 409 (a key used for another
 * request, a cancelled job) or a 503 (a model not installed, still downloading, no ffmpeg)
 * stays so for longer than their few seconds of back-off: not retried, but for the transient
 * codes above. 429 request-rate limits and other 5xx keep the client's retry; an error that
 * says `retry` decides for itself (429 insufficient_quota: no).
 */
function shouldRetry(answer: OpenAIError): boolean {
  if (answer.retry !== undefined) return answer.retry;
  if (answer.status === 409 || answer.status === 503) {
    return TRANSIENT_CODES.has(answer.code ?? "");
  }
  return true;
}

const SERVER_ERROR = "The server had an error while processing your request. Sorry about that!";

/**
 * Answers every error of this plugin's routes in OpenAI's shape (its own scope only: the rest
 * of the API keeps `{ code, message }`), and unknown /v1 paths as OpenAI does.
 */
export function registerOpenAIErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | OpenAIError, request, reply) => {
    let answer: OpenAIError;
    if (error instanceof OpenAIError) answer = error;
    else {
      const known = asAppError(error);
      if (known.code === "INTERNAL") {
        request.log.error({ err: error }, "request failed");
        answer = new OpenAIError(500, "server_error", SERVER_ERROR);
      } else answer = fromAppError(known);
    }
    if (!shouldRetry(answer)) reply.header("x-should-retry", "false");
    const body: OpenAIErrorBody = {
      error: {
        message: answer.message,
        type: answer.type,
        param: answer.param,
        code: answer.code,
      },
    };
    return reply.status(answer.status).send(body);
  });
  app.setNotFoundHandler(sendOpenAINotFound);
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
