import { basename } from "node:path";
import { MAX_ACTIVE_RENDERS, renderCostSeconds } from "@verbatim/contract";
import {
  errorResponses,
  IdParams,
  RenderBody,
  RenderReply,
  RenderVideoUpload,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { documentOnly } from "../http/openapi-docs.js";
import { keptAudioPath } from "../transcriptions/listening-copy.js";
import { ownTranscription } from "../transcriptions/transcription-context.js";
import { fileStoreOf, removeStored } from "../storage/stored-files.js";
import { presentRender } from "./render-row.js";
import { queueRender } from "./commands/queue-render.js";
import { checkCanRender } from "./render-limits.js";
import { rendersOf } from "./render-store.js";
import { receiveRenderVideo } from "./render-video-upload.js";
import type { RenderContext } from "./render-context.js";

/**
 * Captioned video (docs/captioned-video.md), a transcription's renders: ask for one (over its
 * audio's waveform, or over a video sent with the request) and list them. One render is
 * followed, downloaded, cancelled or deleted through render-routes.ts.
 */
export function renderRequestRoutes(ctx: RenderContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["renders"];

    app.post(
      "/api/transcriptions/:id/renders",
      {
        ...auth,
        schema: {
          summary: "Render a captioned video",
          description: `Burns the transcription's subtitles into a video in a caption style (JSON: \`style\`, \`crop\` and the optional controls). The server keeps only the transcription's audio, so the captions are drawn over a waveform picture of it (H.264 + AAC MP4). Answers 202 with the render, \`queued\`; follow it with GET /api/renders/{id}. It reserves one second of minutes for every ten seconds of media (\`costSeconds\`), charged when it completes and given back when it is cancelled or fails. 409 NOT_COMPLETED before the transcription has completed; 404 AUDIO_NOT_KEPT once its audio is no longer kept; 402 INSUFFICIENT_MINUTES; 429 TOO_MANY_RENDERS with ${MAX_ACTIVE_RENDERS} renders already queued or running.`,
          tags,
          security,
          params: IdParams,
          body: RenderBody,
          response: { 202: RenderReply, ...errorResponses(400, 401, 402, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "render");
        if (job.status !== "completed") fail("NOT_COMPLETED");
        if (!keptAudioPath(job, ctx.now())) fail("AUDIO_NOT_KEPT");
        const row = await queueRender(ctx, { user, job, options: request.body, sourcePath: null });
        return reply.code(202).send(presentRender(row, user.locale));
      },
    );

    app.post(
      "/api/transcriptions/:id/renders/video",
      {
        ...auth,
        schema: {
          summary: "Render a captioned video over your own video",
          description: `As POST /api/transcriptions/{id}/renders, but the captions are drawn over the video sent with the request (multipart/form-data: \`options\`, the JSON body of that route, then \`file\`, the video that was transcribed): scaled to at most 1080p, cropped as \`crop\` says, its own audio copied when it is AAC (else encoded to AAC). The video is used for this render only: it is deleted as soon as the render completes, fails or is cancelled; the finished MP4 is kept like any render. The video is checked as any upload (at most MAX_UPLOAD_MB, 413; real media only, 400/415) and must have a picture (415 RENDER_VIDEO_NOT_VIDEO) and the transcription's length, within a second or 2 % (422 RENDER_VIDEO_WRONG_LENGTH); a refused video costs nothing. The transcription's own audio need not still be kept. Answers 202 with the render (\`picture\`: \`video\`).`,
          tags,
          security,
          consumes: ["multipart/form-data"],
          params: IdParams,
          body: RenderVideoUpload,
          response: {
            202: RenderReply,
            ...errorResponses(400, 401, 402, 404, 409, 413, 415, 422, 429, 507),
          },
        },
        // The body is multipart, read by the handler; the schema above is for the document.
        validatorCompiler: documentOnly,
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "render");
        if (job.status !== "completed") fail("NOT_COMPLETED");
        const cost = renderCostSeconds(job.duration_ms);
        const video = await receiveRenderVideo(
          request,
          { dir: ctx.config.uploadDir, limitBytes: ctx.config.maxUploadBytes },
          job,
          // Before the video's bytes: what would refuse the render once they are in.
          async () => {
            await checkCanRender(ctx.db, user, cost, ctx.now());
          },
        );
        // The video goes into the file store (a bucket: uploaded, the local file deleted).
        let source: string | undefined;
        try {
          source = await fileStoreOf(ctx.config).keep(
            { owner: user.id, name: basename(video.path), contentType: "video/mp4" },
            video.path,
          );
          const row = await queueRender(ctx, {
            user,
            job,
            options: video.options,
            sourcePath: source,
          });
          return await reply.code(202).send(presentRender(row, user.locale));
        } catch (error) {
          await rmQuietly(video.path);
          if (source) await rmQuietly(source);
          throw error;
        }
      },
    );

    app.get(
      "/api/transcriptions/:id/renders",
      {
        ...auth,
        schema: {
          summary: "List a transcription's captioned videos",
          description: "Its renders, newest first.",
          tags,
          security,
          params: IdParams,
          response: {
            200: z.object({ renders: z.array(RenderReply) }),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id);
        const rows = await rendersOf(ctx.db, job.id, user.id, 50);
        return { renders: rows.map((row) => presentRender(row, user.locale)) };
      },
    );
  };
}

/** Deletes a local path or a stored file; a failure to delete leaves it to the hourly sweep. */
async function rmQuietly(location: string): Promise<void> {
  await removeStored(location).catch(() => undefined);
}
