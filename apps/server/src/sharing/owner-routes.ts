import {
  Comment,
  CommentParams,
  CreateCommentBody,
  CreateShareBody,
  errorResponses,
  IdParams,
  ShareIdParams,
  ShareLink,
  UpdateCommentBody,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import {
  ownTranscription,
  type TranscriptionContext,
} from "../transcriptions/transcription-context.js";
import {
  addComment,
  deleteComment,
  listComments,
  presentComment,
  setResolved,
} from "./comments.js";
import {
  createShareLink,
  listShareLinks,
  presentShareLink,
  findShareLink,
  revokeShareLink,
} from "./share-links.js";

/**
 * The owner's side of sharing: making, listing and revoking links to their transcriptions, and
 * the comments left on them (read, reply, resolve, delete any). Only the owner's own
 * transcriptions (404 for anyone else's).
 */
export function shareOwnerRoutes(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["sharing"];
    const publicUrl = ctx.config.publicUrl;

    app.post(
      "/api/transcriptions/:id/shares",
      {
        ...auth,
        schema: {
          summary: "Share a completed transcription by link",
          description:
            "Makes a read-only link (`url`, the page `/s/{token}`) with the player, the transcript and speakers; downloads and comments when allowed. With `password`, viewers must enter it first (stored hashed). 409 NOT_COMPLETED before the job has completed, 409 TOO_MANY_SHARE_LINKS past 20 live links.",
          tags,
          security,
          params: IdParams,
          body: CreateShareBody,
          response: { 201: ShareLink, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id, "share");
        const link = await createShareLink(ctx.db, row, request.body, ctx.now());
        return reply
          .status(201)
          .header("cache-control", "no-store")
          .send(presentShareLink(link, publicUrl));
      },
    );

    app.get(
      "/api/transcriptions/:id/shares",
      {
        ...auth,
        schema: {
          summary: "The transcription's live share links, newest first",
          tags,
          security,
          params: IdParams,
          response: { 200: z.array(ShareLink), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id, "share");
        const links = await listShareLinks(ctx.db, row.id, ctx.now());
        return reply
          .header("cache-control", "no-store")
          .send(links.map((link) => presentShareLink(link, publicUrl)));
      },
    );

    app.delete(
      "/api/shares/:id",
      {
        ...auth,
        schema: {
          summary: "Revoke a share link; it stops working at once (its comments stay)",
          tags,
          security,
          params: ShareIdParams,
          response: { 204: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const link = await findShareLink(ctx.db, request.params.id);
        if (!link) fail("NOT_FOUND");
        await ownTranscription(ctx, currentUser(request), link.transcription_id, "share");
        await revokeShareLink(ctx.db, link.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/transcriptions/:id/comments",
      {
        ...auth,
        schema: {
          summary:
            "Comments left on the transcription (through its links, and the owner's replies)",
          tags,
          security,
          params: IdParams,
          response: { 200: z.array(Comment), ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id);
        return (await listComments(ctx.db, row.id)).map(presentComment);
      },
    );

    app.post(
      "/api/transcriptions/:id/comments",
      {
        ...auth,
        schema: {
          summary: "The owner comments or replies (under their display name)",
          description:
            "At a time or range (within the media) or on a subtitle (`cueId`, one it has), or a reply. 400 VALIDATION_FAILED for a time past the end of the media or an unknown `cueId`; 409 TOO_MANY_COMMENTS past 500 from the owner and team members (its links' viewers have 500 of their own, so they cannot fill this room).",
          tags,
          security,
          params: IdParams,
          body: CreateCommentBody,
          response: { 201: Comment, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await ownTranscription(ctx, user, request.params.id, "comment");
        const name = user.name?.trim() || user.email.split("@")[0] || "Owner";
        const comment = await addComment(
          ctx.db,
          row,
          { kind: "owner", name },
          request.body,
          ctx.now(),
        );
        return reply.status(201).send(presentComment(comment));
      },
    );

    app.patch(
      "/api/transcriptions/:id/comments/:commentId",
      {
        ...auth,
        schema: {
          summary: "Resolve a comment (or open it again)",
          tags,
          security,
          params: CommentParams,
          body: UpdateCommentBody,
          response: { 200: Comment, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const row = await ownTranscription(
          ctx,
          currentUser(request),
          request.params.id,
          "moderateComments",
        );
        const { commentId } = request.params;
        const updated = await setResolved(
          ctx.db,
          row.id,
          commentId,
          request.body.resolved,
          ctx.now(),
        );
        return presentComment(updated);
      },
    );

    app.delete(
      "/api/transcriptions/:id/comments/:commentId",
      {
        ...auth,
        schema: {
          summary: "Delete any comment on the transcription, with its replies",
          tags,
          security,
          params: CommentParams,
          response: { 204: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const row = await ownTranscription(
          ctx,
          currentUser(request),
          request.params.id,
          "moderateComments",
        );
        await deleteComment(ctx.db, row.id, request.params.commentId);
        return reply.status(204).send(null);
      },
    );
  };
}
