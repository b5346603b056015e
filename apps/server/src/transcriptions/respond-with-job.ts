import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/app-error.js";
import { presentDetail } from "./presenter.js";
import type { TranscriptionRow } from "./repo.js";
import { waitForOutcome, type TranscriptionServices } from "./service.js";

/** The HTTP status of a job that ended without a result, by its error code. */
export function jobFailureStatus(code: string): number {
  if (code === "CANCELLED") return 409;
  // More audio than the header declared and than was paid for: payment required, not "bad file".
  if (code === "INPUT_LONGER_THAN_DECLARED") return 402;
  if (code.startsWith("INPUT_")) return 422;
  return 500;
}

/** A request that asked for an immediate 202 (RFC 7240 `Prefer: respond-async`). */
export function wantsAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer.join(",") : (prefer ?? "");
  return /(^|[,;\s])respond-async([,;\s]|$)/i.test(values);
}

/**
 * Answers an accepted upload: 202 with the job id at once when the client prefers it, else
 * waits for the job and answers with the result (spec §7), or with the job's error. A client
 * that disconnects while waiting leaves the job running; it stays in the history.
 */
export async function respondWithJob(
  services: TranscriptionServices,
  request: FastifyRequest,
  reply: FastifyReply,
  row: TranscriptionRow,
) {
  const location = `/api/transcriptions/${row.id}`;
  if (wantsAsync(request)) {
    return reply
      .status(202)
      .header("location", location)
      .header("preference-applied", "respond-async")
      .send({ id: row.id, status: "queued", eventsUrl: `${location}/events` });
  }
  const gone = new AbortController();
  reply.raw.once("close", () => gone.abort());
  const final = await waitForOutcome(services, row.id, gone.signal);
  if (!final) throw new AppError(404, "NOT_FOUND", "Transcription not found.");
  if (final.status === "completed")
    return reply.header("location", location).send(presentDetail(final));
  if (gone.signal.aborted) return reply; // nobody is listening any more
  const code = final.error_code ?? "ENGINE_FAILED";
  const status = jobFailureStatus(code);
  throw new AppError(status, code, final.error_message ?? "Failed to transcribe audio", {
    id: final.id,
  });
}
