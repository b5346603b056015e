import { errorResponses, IdParams, RenderReply } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { findTranscription, transcriptionOwners } from "../jobs/job-reads.js";
import { authorize } from "../policies/authorize.js";
import { can, render, type ActionOn } from "../policies/policies.js";
import { actorInTeam } from "../teams/membership.js";
import { attachmentDisposition } from "../transcriptions/attachment-disposition.js";
import type { User } from "../users/repo.js";
import { sendStoredFile } from "../storage/send-stored-file.js";
import { presentRender, type RenderRow } from "./render-row.js";
import { stopRender } from "./commands/stop-render.js";
import { findRender } from "./render-store.js";
import type { RenderContext } from "./render-context.js";

const MP4 = "video/mp4";

/**
 * Captioned video (docs/captioned-video.md), one render: follow it, download it, cancel or
 * delete it. Asking for renders and listing a transcription's are request-routes.ts's.
 */
export function renderRoutes(ctx: RenderContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["renders"];

    app.get(
      "/api/renders/:id",
      {
        ...auth,
        schema: {
          summary: "Follow a captioned-video render",
          description:
            "Its status (`queued`, `running`, `completed`, `failed`, `cancelled`), progress, and once completed the picture's size, the file's size and when it is deleted (`expiresAt`: the transcription's audio retention).",
          tags,
          security,
          params: IdParams,
          response: { 200: RenderReply, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return presentRender(await ownRender(ctx, user, request.params.id), user.locale);
      },
    );

    app.get(
      "/api/renders/:id/file",
      {
        ...auth,
        schema: {
          summary: "Download a captioned video",
          description:
            "The MP4 (H.264 + AAC), as an attachment named after the transcription's file (`talk.captioned.mp4`); byte ranges (206) are answered. 409 RENDER_NOT_READY until the render has completed; 404 NOT_FOUND once its file has been deleted.",
          tags,
          security,
          params: IdParams,
          response: {
            200: { description: "The MP4.", content: { [MP4]: { schema: binary() } } },
            206: { description: "A byte range of it.", content: { [MP4]: { schema: binary() } } },
            ...errorResponses(401, 404, 409, 416),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await ownRender(ctx, user, request.params.id, "download");
        if (row.status !== "completed") fail("RENDER_NOT_READY");
        // Past its time it is gone, whether or not the sweep has deleted the file yet.
        const expired =
          row.expires_at !== null && Date.parse(row.expires_at) <= ctx.now().getTime();
        if (!row.file_path || expired) fail("NOT_FOUND");
        const job = await findTranscription(ctx.db, row.transcription_id);
        return sendStoredFile(request, reply, row.file_path, {
          contentType: MP4,
          cacheControl: "private, no-cache",
          disposition: attachmentDisposition(job?.file_name ?? "video", "captioned.mp4"),
          notFound: () => fail("NOT_FOUND"),
        });
      },
    );

    app.delete(
      "/api/renders/:id",
      {
        ...auth,
        schema: {
          summary: "Cancel or delete a captioned-video render",
          description:
            "A queued or running render is cancelled (ffmpeg stops, its minutes are given back in full) and answered as it now stands (200). A render that has ended is deleted with its file (204).",
          tags,
          security,
          params: IdParams,
          response: {
            200: RenderReply,
            204: z.null().describe("Deleted."),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await ownRender(ctx, user, request.params.id, "cancel");
        const cancelled = await stopRender(ctx, { render: row });
        if (cancelled) return presentRender(cancelled, user.locale);
        return reply.code(204).send(null);
      },
    );
  };
}

/**
 * A render the user may do `action` to, or 404 (anyone else's is "not found"). The rules see it
 * with its transcription's team: a render of a team's transcription is seen and downloaded
 * only while its requester is in the team; they may still cancel it (they pay for it).
 */
async function ownRender(
  ctx: Pick<RenderContext, "db" | "config">,
  user: User,
  id: string,
  action: ActionOn<"render"> = "read",
): Promise<RenderRow> {
  const row = z.uuid().safeParse(id).success ? await findRender(ctx.db, id) : undefined;
  const [of] = row ? await transcriptionOwners(ctx.db, [row.transcription_id]) : [];
  const teamId = of?.team_id ?? null;
  const actor = await actorInTeam(ctx.db, ctx.config, user, teamId);
  const subject = row && render({ ...row, team_id: teamId });
  if (action === "cancel") {
    // Not `authorize`: stopping what one pays for does not need the transcription any more.
    if (!subject || !can(actor, "cancel", subject)) fail("NOT_FOUND");
  } else {
    authorize(actor, action, subject);
  }
  return row as RenderRow;
}

/** Bytes, documented as binary. */
function binary() {
  return z.any().meta({ type: "string", format: "binary" });
}
