import { errorResponses, IdParams, JobEventDoc } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { isFinalEvent, type JobEvent } from "../jobs/job-events.js";
import { findTranscription } from "../jobs/job-reads.js";
import { rowPartial, type TranscriptionRow } from "../jobs/job-row.js";
import { mayStill, ownTranscription, type TranscriptionContext } from "./transcription-context.js";
import { openEventStream, streamsEndedOnClose } from "../http/event-stream.js";

/** After this long without an event, the job's row is read and its state sent. */
const BACKSTOP_MS = 5_000;
/**
 * How often an open stream asks the policies again whether its follower may still read the
 * job (removed from its team, the job deleted): the stream ends once they may not.
 */
export const ACCESS_RECHECK_MS = 2_000;

/** The event that describes a job's state right now. */
async function currentEvent(ctx: TranscriptionContext, row: TranscriptionRow): Promise<JobEvent> {
  switch (row.status) {
    case "queued":
      return { type: "queued", ...(await ctx.jobs.position(row)) };
    case "processing":
      return {
        type: "processing",
        percent: Math.min(99, Math.floor(Number(row.progress) * 100)),
        secondsLeft: row.eta_ms === null ? null : Math.ceil(row.eta_ms / 1000),
      };
    case "completed":
      return {
        type: "completed",
        id: row.id,
        duration: row.duration_ms / 1000,
        language: row.language,
      };
    default:
      return {
        type: "failed",
        code: row.error_code ?? (row.status === "cancelled" ? "CANCELLED" : "ENGINE_FAILED"),
        message: row.error_message ?? "The transcription failed.",
      };
  }
}

/**
 * GET /api/transcriptions/:id/events: Server-Sent Events for one job. The first event is its
 * state now; then `queued` (position, waitSeconds) whenever the queue moves, `processing`
 * (percent, secondsLeft; at least every second while it runs), `segment` (text as it is
 * recognised; on connecting, every segment so far), and finally `completed` or `failed`
 * (code, message), after which the stream ends.
 */
export function transcriptionEventsRoute(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const open = streamsEndedOnClose(plugin);
    plugin.withTypeProvider<ZodTypeProvider>().get(
      "/api/transcriptions/:id/events",
      {
        preHandler: requireUser({ db: ctx.db, now: ctx.now }),
        schema: {
          summary: "Live progress of a transcription (text/event-stream)",
          description:
            "Server-sent events, each `event: <name>` then `data: <JSON>`: first the job's state now; then `queued` (position; waitSeconds, in seconds) whenever the queue moves, `processing` (percent; secondsLeft, in seconds; at least every second while it runs), `segment` (start and end in milliseconds, text: recognised as it goes; on connecting, every segment so far), and finally `completed` (duration in seconds, language) or `failed` (code, message), after which the stream ends. Comment lines keep it open while nothing happens.",
          tags: ["transcriptions"],
          security: [{ bearer: [] }],
          params: IdParams,
          response: {
            200: {
              description: "The event stream; each event's name and data as below.",
              content: { "text/event-stream": { schema: JobEventDoc } },
            },
            ...errorResponses(401, 404),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await ownTranscription(ctx, user, request.params.id);
        const stream = openEventStream(request, reply, { open });
        const send = (event: JobEvent) => {
          stream.send(event);
          if (isFinalEvent(event)) stream.close();
        };

        // Listen first, then read the state, so nothing that happens in between is missed.
        let lastQueued = "";
        const sendQueued = async () => {
          const now = await findTranscription(ctx.db, row.id);
          if (!now || now.status !== "queued" || stream.closed) return;
          const event = await currentEvent(ctx, now);
          const key = JSON.stringify(event);
          if (key !== lastQueued) {
            lastQueued = key;
            send(event);
          }
        };
        let lastSent = Date.now();
        stream.onClose(
          ctx.jobs.events.subscribe(row.id, (event) => {
            lastSent = Date.now();
            send(event);
          }),
        );
        stream.onClose(ctx.jobs.events.onQueueMoved(() => void sendQueued()));
        // Events are live messages; the table is the record. When they stop coming (a worker
        // died, Redis restarted), the stream goes on from the row.
        const backstop = setInterval(() => {
          if (Date.now() - lastSent < BACKSTOP_MS) return;
          void findTranscription(ctx.db, row.id)
            .then(async (now) => {
              if (!now || stream.closed) return;
              if (now.status === "queued") return sendQueued();
              lastSent = Date.now();
              send(await currentEvent(ctx, now));
            })
            .catch(() => undefined);
        }, BACKSTOP_MS);
        stream.onClose(() => clearInterval(backstop));
        // Access is decided again while the stream is open, not only when it opened: a member
        // removed from the job's team stops receiving its text within ACCESS_RECHECK_MS.
        const recheck = setInterval(() => {
          void mayStill(ctx, user, row.id).then(
            (allowed) => {
              if (!allowed) stream.close();
            },
            () => undefined, // the database is closing (shutdown); the next look decides
          );
        }, ACCESS_RECHECK_MS);
        stream.onClose(() => clearInterval(recheck));

        const fresh = await findTranscription(ctx.db, row.id);
        if (!fresh) return stream.close();
        const first = await currentEvent(ctx, fresh);
        if (first.type === "queued") lastQueued = JSON.stringify(first);
        send(first);
        // A follower that comes back gets the text recognised so far (the client drops
        // segments it already has, so one that arrived meanwhile is not shown twice).
        if (fresh.status === "processing") {
          for (const segment of rowPartial(fresh)) send({ type: "segment", ...segment });
        }
      },
    );
  };
}
