import { BatchParams, BatchResponse, errorResponses } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { listBatchJobs } from "../jobs/job-reads.js";
import { presentSummary } from "./presenter.js";
import { readableBy, type TranscriptionContext } from "./transcription-context.js";

/**
 * GET /api/batches/{id}: the jobs the user sent with that batch id, in the order sent, each
 * with its place in the queue while it waits. What the web app's batch page polls (one request
 * for the whole batch rather than a stream per file).
 */
export function batchRoute(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/batches/:id",
      {
        preHandler: requireUser({ db: ctx.db, now: ctx.now }),
        schema: {
          summary: "A batch: the files sent together, with their states",
          description:
            "The transcriptions sent with this `batchId` (an upload field) that the caller may still read, oldest first, each with `queuePosition` while queued: one sent into a team the caller has since left is not listed. A batch of which nothing was sent (or another user's) has no jobs.",
          tags: ["transcriptions"],
          security: [{ bearer: [] }],
          params: BatchParams,
          response: { 200: BatchResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const user = currentUser(request);
        const sent = await listBatchJobs(ctx.db, user.id, id);
        // What they sent and may still read: a job of a team they have left is no longer theirs.
        const rows = await readableBy(ctx, user, sent);
        const jobs = await Promise.all(
          rows.map(async (row) => ({
            ...presentSummary(row),
            queuePosition: row.status === "queued" ? (await ctx.jobs.position(row)).position : null,
          })),
        );
        return { id, jobs };
      },
    );
  };
}
