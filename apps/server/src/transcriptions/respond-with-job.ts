import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, errorOfCode, fail } from "../http/app-error.js";
import { presentDetail } from "./presenter.js";
import { isFinal, type TranscriptionRow } from "../jobs/job-row.js";
import {
  cancelTranscription,
  waitForOutcome,
  type TranscriptionContext,
} from "./transcription-context.js";

/** A request that asked for an immediate 202 (RFC 7240 `Prefer: respond-async`). */
export function wantsAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer.join(",") : (prefer ?? "");
  return /(^|[,;\s])respond-async([,;\s]|$)/i.test(values);
}

/**
 * Waits for a job while the client listens. A client that hangs up cancels a job it started
 * without an Idempotency-Key: nobody can receive the result, so it stops, charged like any
 * cancel for the audio it had already transcribed (nothing when no text was out yet). A job
 * started with a key runs on, for the retry that will come with the same key.
 */
export async function waitWhileListening(
  ctx: TranscriptionContext,
  reply: FastifyReply,
  id: string,
  { keyed }: { keyed: boolean },
): Promise<{ final: TranscriptionRow | undefined; gone: boolean }> {
  const gone = new AbortController();
  const hungUp = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.once("close", hungUp);
  if (reply.raw.socket?.destroyed ?? true) hungUp(); // closed before we listened
  const final = await waitForOutcome(ctx, id, gone.signal);
  if (gone.signal.aborted && !keyed && final && !isFinal(final.status)) {
    await cancelTranscription(ctx, final).catch((error: unknown) => {
      if (!(error instanceof AppError && error.status === 409)) throw error; // it just ended
    });
  }
  return { final, gone: gone.signal.aborted };
}

/**
 * Answers an accepted upload: 202 with the job id at once when the client prefers it, else
 * waits for the job and answers with the result, or with the job's error. A client
 * that disconnects while waiting cancels the job unless it sent an Idempotency-Key.
 */
export async function respondWithJob(
  ctx: TranscriptionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: TranscriptionRow,
  { keyed }: { keyed: boolean } = { keyed: false },
) {
  const location = `/api/transcriptions/${row.id}`;
  if (wantsAsync(request)) {
    return reply
      .status(202)
      .header("location", location)
      .header("preference-applied", "respond-async")
      .send({ id: row.id, status: "queued", eventsUrl: `${location}/events` });
  }
  const { final, gone } = await waitWhileListening(ctx, reply, row.id, { keyed });
  if (!final) fail("NOT_FOUND");
  if (final.status === "completed")
    return reply.header("location", location).send(presentDetail(final));
  if (gone) return reply; // nobody is listening any more
  throw errorOfCode(final.error_code, { id: final.id });
}
