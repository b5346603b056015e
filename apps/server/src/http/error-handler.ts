import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { errorTextFor } from "@verbatim/contract";
import { AppError, type ErrorBody } from "./app-error.js";
import { requestLanguage } from "./request-language.js";

/** An error as its response body, in the language the request asks for (Accept-Language). */
function bodyOf(error: AppError, request: FastifyRequest): ErrorBody {
  const language = requestLanguage(request);
  return {
    code: error.code,
    message: errorTextFor(error.code, language, error.details) ?? error.message,
    ...(error.details ? { details: { ...error.details } } : {}),
  };
}

/**
 * Any error a route or Fastify throws as one of the error table's: ours as they are, a request
 * that failed its schema as VALIDATION_FAILED (naming the field), Fastify's own request errors
 * and a busy database or full disk as codes of ours, anything else as INTERNAL.
 */
export function asAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, "").replace(/\//g, ".") || "request";
    return new AppError("VALIDATION_FAILED", {
      field,
      part: error.validationContext ?? "body",
      reason: first?.message ?? "invalid value",
    });
  }
  const unavailable = serviceUnavailable(error);
  if (unavailable) return unavailable;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return frameworkError(status, error.code);
  return new AppError("INTERNAL");
}

/** Renders every error in one shape, `{ code, message, details? }`, with the table's status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // Refused before the body was read (an upload answered at once): the client may stop
    // sending it, which would leave the connection neither idle nor done and hold up a
    // shutdown; close it after the answer instead.
    if (!request.raw.complete) reply.header("connection", "close");
    const error = asAppError(thrown);
    if (error.code === "INTERNAL" || error.code === "EXPORT_FAILED") {
      // EXPORT_FAILED carries the export thread's failure as its cause.
      request.log.error({ err: thrown }, "request failed");
    } else if (error.code === "DATABASE_BUSY" || error.code === "STORAGE_FULL") {
      request.log.warn({ err: thrown }, "request refused: storage or database busy");
    }
    const retryAfter =
      error.details?.retryAfterSeconds ?? (error.code === "DATABASE_BUSY" ? 2 : undefined);
    if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
    return reply.status(error.status).send(bodyOf(error, request));
  });
}

/** Fastify's (and its multipart plugin's) request errors as codes of ours. */
function frameworkError(status: number, code: string | undefined): AppError {
  switch (code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_CONTENT_TYPE");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("BODY_TOO_LARGE");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("INVALID_JSON");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError("MULTIPART_REQUIRED");
    case "FST_PROTO_VIOLATION":
      return new AppError("MULTIPART_INVALID");
    case "FST_FILES_LIMIT":
      return new AppError("TOO_MANY_FILES");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return new AppError("TOO_MANY_FIELDS");
    default:
      return new AppError(status === 404 ? "NOT_FOUND" : "BAD_REQUEST");
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
export function serviceUnavailable(error: unknown): AppError | null {
  const code = (error as { code?: unknown }).code;
  if (isDiskFull(error)) return new AppError("STORAGE_FULL");
  if (typeof code === "string" && DATABASE_BUSY.test(code)) return new AppError("DATABASE_BUSY");
  return null;
}

/** A 404 of its own for some paths (the reply it sent), or undefined for the others. */
export type NotFoundAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | undefined;

/**
 * 404 for unknown paths: the first of `answers` that answers (in app.ts: /v1's as OpenAI's,
 * then the web app), else the API's JSON.
 */
export function registerNotFound(
  app: FastifyInstance,
  answers: readonly (NotFoundAnswer | undefined)[],
): void {
  app.setNotFoundHandler((request, reply) => {
    for (const answer of answers) {
      const answered = answer?.(request, reply);
      if (answered) return answered;
    }
    const route = `${request.method} ${request.url.split("?")[0]}`;
    return reply.status(404).send(bodyOf(new AppError("NOT_FOUND", { route }), request));
  });
}
