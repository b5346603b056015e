import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { errorTextFor } from "@verbatim/contract";
import { AppError, type ErrorBody } from "./app-error.js";
import { requestLanguage } from "./request-language.js";
import { isOpenAIPath, sendOpenAINotFound } from "../openai/not-found.js";

/**
 * The message in the language the request asks for (Accept-Language), from the error
 * catalogue; English answers keep the server's own sentence, which may say more.
 */
function localised(body: ErrorBody, request: FastifyRequest): ErrorBody {
  const language = requestLanguage(request);
  if (language === "en") return body;
  const message = errorTextFor(body.code, language, body.details);
  return message ? { ...body, message } : body;
}

/** Renders every error in one shape, `{ code, message }`, with the right status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const send = (status: number, body: ErrorBody) =>
      reply.status(status).send(localised(body, request));
    // Refused before the body was read (an upload answered at once): the client may stop
    // sending it, which would leave the connection neither idle nor done and hold up a
    // shutdown; close it after the answer instead.
    if (!request.raw.complete) reply.header("connection", "close");
    if (error instanceof AppError) {
      const body: ErrorBody = {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      };
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return send(error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").replace(/\//g, ".") || "request";
      const message = `Invalid ${error.validationContext ?? "request"} (${field}): ${first?.message ?? "invalid value"}`;
      return send(400, { code: "VALIDATION_FAILED", message, details: { field } });
    }
    const unavailable = serviceUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, "request refused: storage or database busy");
      if (unavailable.status === 503) reply.header("retry-after", "2");
      return send(unavailable.status, unavailable.body);
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return send(500, {
        code: "INTERNAL",
        message: "Something went wrong on our side. Please try again.",
      });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type), in our words.
    return send(status, frameworkError(status, error.code));
  });
}

/** Fastify's request errors as codes of our own with a message a person can act on. */
function frameworkError(status: number, code: string | undefined): ErrorBody {
  switch (code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return {
        code: "UNSUPPORTED_CONTENT_TYPE",
        message:
          "This kind of request body is not accepted here: send JSON, or a file as multipart/form-data.",
      };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { code: "BODY_TOO_LARGE", message: "The request body is too large." };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { code: "INVALID_JSON", message: "The request body is not valid JSON." };
    default:
      return {
        code: status === 404 ? "NOT_FOUND" : "BAD_REQUEST",
        message:
          status === 404
            ? "Not found."
            : "The request could not be understood. Check what was sent.",
      };
  }
}

/** SQLite's and PostgreSQL's "busy, try again" errors (locks, conflicts, a statement timeout). */
const DATABASE_BUSY = /^(SQLITE_BUSY|SQLITE_LOCKED|40001|40P01|55P03|57014)/;

/**
 * A write that found the disk (or quota) full: the file system's ENOSPC/EDQUOT, SQLite's
 * SQLITE_FULL, PostgreSQL's disk_full (53100).
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL" || code === "53100";
}

/**
 * Failures that are the server's state, not the request's: a full disk (507; an upload that
 * did not fit is the uploads' own INSUFFICIENT_STORAGE) and a database still busy after its
 * own retries (SQLite waits busy_timeout; the ledger retries conflicts).
 */
export function serviceUnavailable(error: unknown): { status: number; body: ErrorBody } | null {
  const code = (error as { code?: unknown }).code;
  if (isDiskFull(error)) {
    return {
      status: 507,
      body: {
        code: "STORAGE_FULL",
        message:
          "The server's storage is full, so nothing could be saved and nothing was changed. Please try again later.",
      },
    };
  }
  if (typeof code === "string" && DATABASE_BUSY.test(code)) {
    return {
      status: 503,
      body: {
        code: "DATABASE_BUSY",
        message:
          "The service is busy right now. Nothing was changed; please try again in a moment.",
      },
    };
  }
  return null;
}

/** 404 for unknown paths: the web app (when it answers) or the API's JSON. */
export function registerNotFound(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): void {
  app.setNotFoundHandler((request, reply) => {
    // GET /v1/… reaches here through the web app's catch-all route: answer as OpenAI does.
    if (isOpenAIPath(request.url.split("?")[0] ?? "")) return sendOpenAINotFound(request, reply);
    const answered = fallback?.(request, reply);
    if (answered) return answered;
    return reply
      .status(404)
      .send(
        localised(
          { code: "NOT_FOUND", message: `No route ${request.method} ${request.url.split("?")[0]}` },
          request,
        ),
      );
  });
}
