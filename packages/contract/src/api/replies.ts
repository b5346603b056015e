import { z } from "zod";

// Answers every area shares: the error body and the plain acknowledgement.

/** Every error body, `{ code, message }`. */
export const ErrorResponse = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** `{ [status]: ErrorResponse }` for a route's error statuses, in its response schemas. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse]));
}

/** A plain acknowledgement. */
export const OkResponse = z.object({ ok: z.literal(true) });
