import type { ErrorResponse } from "@verbatim/contract/api";
import type { z } from "zod";

/** An error with a stable code, an HTTP status and a message fit to show the user. */
export class AppError extends Error {
  override readonly name = "AppError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The body of every error response: the client shows `"{status}: {message}"`. */
export type ErrorBody = z.output<typeof ErrorResponse>;

/** Shortcuts for common errors. */
export const errors = {
  notFound: (what = "Not found") => new AppError(404, "NOT_FOUND", what),
  unauthorized: (message = "Unauthorized") => new AppError(401, "UNAUTHORIZED", message),
  badRequest: (message: string, code = "BAD_REQUEST") => new AppError(400, code, message),
};
