import {
  ERROR_TABLE,
  errorTextFor,
  isErrorCode,
  type ErrorArgs,
  type ErrorCode,
} from "@verbatim/contract";
import { ENGINE_ERROR_CODES } from "@verbatim/engine";
import type { ErrorResponse } from "@verbatim/contract/api";
import type { z } from "zod";

/**
 * An error the service answers with: a code of the error table (packages/contract), which gives
 * its HTTP status and its text in each language, and the details its text and clients use.
 * Raise one with `fail(code, details)`; the message is the table's English, filled in.
 */
export class AppError<Code extends ErrorCode = ErrorCode> extends Error {
  override readonly name = "AppError";
  readonly status: number;
  readonly details?: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: Code,
    ...[details]: ErrorArgs<Code>
  ) {
    super(errorTextFor(code, "en", details) ?? ERROR_TABLE[code].en);
    this.status = ERROR_TABLE[code].status;
    if (details) this.details = details;
  }
}

/** Throws the error `code` of the error table, with the details its text names. */
export function fail<Code extends ErrorCode>(code: Code, ...details: ErrorArgs<Code>): never {
  throw new AppError(code, ...details);
}

/** The body of every error response: the client shows `"{status}: {message}"`. */
export type ErrorBody = z.output<typeof ErrorResponse>;

// Every engine failure becomes a job's error code and an answer: each must be in the table.
void (ENGINE_ERROR_CODES satisfies readonly ErrorCode[]);

/**
 * The error of a code known only at run time — an engine failure, a job's stored error code —
 * with its table status and text; a code the table does not know (an older row's) is an engine
 * failure. Only codes whose texts need no details reach here (the engine's own).
 */
export function errorOfCode(code: string | null | undefined, details?: Record<string, unknown>) {
  const known: ErrorCode = code && isErrorCode(code) ? code : "ENGINE_FAILED";
  // The code is a run-time value, so the compiler cannot pair it with its details; texts with
  // placeholders fall back to their unfilled template in English (errorTextFor gives null).
  const make = AppError as new (code: ErrorCode, details?: Record<string, unknown>) => AppError;
  return new make(known, details);
}
