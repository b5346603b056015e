import type { FastifyReply, FastifyRequest } from "fastify";
import { findTranscription } from "../jobs/job-reads.js";
import {
  rowCues,
  rowPartial,
  rowSegments,
  rowSpeakers,
  type TranscriptionRow,
} from "../jobs/job-row.js";
import { waitWhileListening } from "../transcriptions/respond-with-job.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import type { OpenAIErrorBody } from "./errors.js";
import { joinText } from "./join-text.js";
import { presentDiarized, presentJson, transcriptText } from "./presenters.js";
import { jobFailure } from "./job-failure.js";
import { openEventStream } from "../http/event-stream.js";

/**
 * Answers `stream=true` as OpenAI's streaming transcription does: server-sent events
 * `transcript.text.delta` (`delta`: text added, as each segment is recognised) and finally
 * `transcript.text.done` (`text`: the whole transcript, `usage`: seconds billed, `logprobs` with
 * `include[]=logprobs`). The deltas are
 * the text as it was recognised; they add up to the final text unless the end of the run
 * corrected it (a repetition dropped), and whatever they missed (a late follower, a retry of a
 * finished job) comes as one last delta. A failure is sent as `data: {"error": …}` (what
 * OpenAI's clients raise). A client that hangs up cancels the job unless it sent an
 * Idempotency-Key.
 */
export async function streamTranscript(
  ctx: TranscriptionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  row: TranscriptionRow,
  { keyed, logprobs = false }: { keyed: boolean; logprobs?: boolean },
): Promise<FastifyReply> {
  // OpenAI's framing: no ids, no `retry:` line.
  const stream = openEventStream(request, reply, {
    headers: {
      "x-verbatim-transcription-id": row.id,
      "openai-processing-ms": String(Math.round(reply.elapsedTime)),
    },
    retry: false,
  });
  const { write } = stream;
  let sent = "";
  const seen = new Set<string>();
  const delta = (text: string) => {
    const joined = joinText([sent, text]);
    if (joined === sent) return;
    const added = joined.slice(sent.length);
    sent = joined;
    write(
      `event: transcript.text.delta\ndata: ${JSON.stringify({ type: "transcript.text.delta", delta: added })}\n\n`,
    );
  };
  const segment = (piece: { start: number; text: string }) => {
    const key = `${piece.start}:${piece.text}`;
    if (seen.has(key)) return; // already sent from the saved text (or the other way round)
    seen.add(key);
    delta(piece.text);
  };

  // Listen first, then read what was recognised before, so nothing in between is missed.
  stream.onClose(
    ctx.jobs.events.subscribe(row.id, (event) => {
      if (event.type === "segment") segment(event);
    }),
  );
  try {
    const fresh = await findTranscription(ctx.db, row.id);
    if (fresh?.status === "processing") for (const piece of rowPartial(fresh)) segment(piece);
    const { final, gone } = await waitWhileListening(ctx, reply, row.id, { keyed });
    if (gone) return reply; // nobody is listening (the job was cancelled unless keyed)
    if (final?.status === "completed") {
      const text = transcriptText({ cues: rowCues(final), segments: rowSegments(final) });
      // What the live text missed (a follower that came late, a retry of a finished job).
      if (text.startsWith(sent)) delta(text.slice(sent.length));
      // A diarized job: OpenAI's diarizing model streams each speaker's segment as
      // `transcript.text.segment`; speakers are known once the job ends, so they come here.
      const speakers = rowSpeakers(final);
      if (speakers) {
        const diarized = presentDiarized({
          cues: rowCues(final),
          segments: rowSegments(final),
          language: final.language,
          durationMs: final.duration_ms,
          speakers,
        });
        for (const piece of diarized.segments) {
          write(`event: transcript.text.segment\ndata: ${JSON.stringify(piece)}\n\n`);
        }
      }
      const tokens = logprobs
        ? presentJson(
            { cues: [], segments: rowSegments(final), language: null, durationMs: 0 },
            { logprobs },
          ).logprobs
        : undefined;
      const done = {
        type: "transcript.text.done",
        text,
        ...(tokens ? { logprobs: tokens } : {}),
        usage: { type: "duration", seconds: Math.ceil(final.duration_ms / 1000) },
      };
      write(`event: transcript.text.done\ndata: ${JSON.stringify(done)}\n\n`);
    } else {
      const error = jobFailure(final);
      const body: OpenAIErrorBody = {
        error: { message: error.message, type: error.type, param: error.param, code: error.code },
      };
      write(`data: ${JSON.stringify(body)}\n\n`);
    }
    return reply;
  } finally {
    stream.close();
  }
}
