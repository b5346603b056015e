import rateLimit from "@fastify/rate-limit";
import {
  Comment,
  CreateCommentBody,
  errorResponses,
  ExportQuery,
  ShareGrant,
  SharedTranscription,
  ShareTokenParams,
  UnlockShareBody,
} from "@verbatim/contract/api";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimitRule } from "../auth/rate-limits.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import { hashToken } from "../auth/tokens.js";
import { AppError, fail } from "../http/app-error.js";
import { translationForExport } from "../translations/translation-export.js";
import { exportTranscription } from "../transcriptions/export-transcription.js";
import { audioBytes, exportFileResponse, sendExport } from "../transcriptions/file-responses.js";
import { sendListeningCopy } from "../transcriptions/send-listening-copy.js";
import { authorize } from "../policies/authorize.js";
import { can, transcription } from "../policies/policies.js";
import { addComment, listComments, presentComment } from "./comments.js";
import { openShareLink, unlockShareLink } from "./share-links.js";
import { presentSharedTranscription } from "./shared-page.js";
import { SHARING_DEFAULTS, type SharingOptions } from "./sharing-options.js";

/** The grant a viewer got for a link's password: the X-Share-Grant header, or `grant` (media). */
function grantOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-share-grant"];
  if (typeof header === "string" && header !== "") return header;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof query.grant === "string" ? query.grant : undefined;
}

/**
 * What anyone holding a link can do, without an account (docs/sharing.md): read the page's
 * data, enter its password, play the kept audio, download when allowed, read and add comments
 * when allowed. Nothing here costs minutes. Answers are never cached and never indexed, and
 * send no referrer.
 */
export function sharedRoutes(ctx: {
  db: Db;
  config: Config;
  now: () => Date;
  rateLimits: RateLimitStore;
  sharing: SharingOptions;
}): FastifyPluginAsync {
  const options = { ...SHARING_DEFAULTS, ...ctx.sharing };
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("share"));
    app.addHook("onSend", async (_request, reply) => {
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("referrer-policy", "no-referrer");
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });
    const tags = ["sharing"];
    const grantHeader = z.object({
      "x-share-grant": z
        .string()
        .max(200)
        .optional()
        .describe("The `grant` POST /api/shared/{token}/unlock gave, for a link with a password."),
    });
    const open = (request: FastifyRequest & { params: { token: string } }) =>
      openShareLink(ctx.db, request.params.token, grantOf(request), ctx.now());

    const unlockLimit = limiter(app, [
      { rule: options.unlockPerLinkAndIp, key: (r) => `unlock|${viewerKey(r)}` },
      { rule: options.unlockPerLink, key: (r) => `unlock|${tokenKey(r)}` },
    ]);
    const commentLimit = limiter(app, [
      { rule: options.commentsPerIp, key: (r) => `comment|ip|${r.ip}` },
      { rule: options.commentsPerViewer, key: (r) => `comment|${viewerKey(r)}` },
    ]);
    const downloadLimit = limiter(app, [
      { rule: options.downloadsPerViewer, key: (r) => `download|${viewerKey(r)}` },
    ]);

    app.get(
      "/api/shared/:token",
      {
        schema: {
          summary: "A shared transcription's page data",
          description:
            "The transcript, speakers, kept audio and what the link allows; of the owner, only their display name. 404 for an unknown, revoked or expired link; 401 SHARE_PASSWORD_REQUIRED until the password's grant is sent (`X-Share-Grant`). Costs no minutes.",
          tags,
          security: [],
          params: ShareTokenParams,
          headers: grantHeader,
          response: { 200: SharedTranscription, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { link, actor, row } = await open(request);
        return presentSharedTranscription(ctx.db, link, actor, row, grantOf(request), ctx.now());
      },
    );

    app.post(
      "/api/shared/:token/unlock",
      {
        preHandler: unlockLimit,
        schema: {
          summary: "Enter a shared link's password",
          description:
            "Answers with the grant to send as `X-Share-Grant` (or as `grant` in a media address). 401 SHARE_PASSWORD_WRONG; guesses are limited per link and address (429 RATE_LIMITED).",
          tags,
          security: [],
          params: ShareTokenParams,
          body: UnlockShareBody,
          response: { 200: ShareGrant, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => ({
        grant: await unlockShareLink(
          ctx.db,
          request.params.token,
          request.body.password,
          ctx.now(),
        ),
      }),
    );

    app.get(
      "/api/shared/:token/audio",
      {
        schema: {
          summary: "Play a shared transcription's kept audio (HTTP ranges)",
          description:
            "404 AUDIO_NOT_KEPT once the owner's plan no longer keeps it. A link with a password takes its grant as the `grant` query parameter.",
          tags,
          security: [],
          params: ShareTokenParams,
          querystring: z.object({ grant: z.string().max(200).optional() }),
          response: {
            200: audioBytes("The whole audio file."),
            206: audioBytes("The byte range asked for (`Content-Range` says which)."),
            ...errorResponses(401, 404, 416),
          },
        },
      },
      async (request, reply) => {
        const { actor, row } = await open(request);
        authorize(actor, "read", transcription(row));
        return sendListeningCopy(request, reply, row, ctx.now());
      },
    );

    app.get(
      "/api/shared/:token/export",
      {
        preHandler: downloadLimit,
        schema: {
          summary: "Download a shared transcription, when the link allows it",
          description:
            "The same formats and options as the owner's export. 403 SHARE_DOWNLOAD_NOT_ALLOWED when the link does not allow downloads; 429 RATE_LIMITED past 30 downloads in 10 minutes from one address on one link.",
          tags,
          security: [],
          params: ShareTokenParams,
          headers: grantHeader,
          querystring: ExportQuery.extend({ grant: z.string().max(200).optional() }),
          response: {
            200: exportFileResponse(),
            ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const { link, actor, row } = await open(request);
        if (!can(actor, "download", transcription(row))) fail("SHARE_DOWNLOAD_NOT_ALLOWED");
        const translation = await translationForExport(ctx.db, row.id, request.query.language);
        // Each viewer takes a turn of their own in the export pool, apart from the owner's: one
        // viewer's downloads cannot fill the waiting room the owner or other viewers need.
        const file = await exportTranscription(
          ctx,
          row,
          request.query,
          request.query.lang ?? "en",
          `share-viewer|${link.id}|${request.ip}`,
          translation,
        );
        return sendExport(reply, row, request.query.format, file);
      },
    );

    app.get(
      "/api/shared/:token/comments",
      {
        schema: {
          summary: "The comments on a shared transcription (links that allow comments)",
          tags,
          security: [],
          params: ShareTokenParams,
          headers: grantHeader,
          response: { 200: z.array(Comment), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { actor, row } = await open(request);
        if (!can(actor, "comment", transcription(row))) fail("SHARE_COMMENTS_NOT_ALLOWED");
        return (await listComments(ctx.db, row.id)).map(presentComment);
      },
    );

    app.post(
      "/api/shared/:token/comments",
      {
        preHandler: commentLimit,
        schema: {
          summary: "Comment on a shared transcription, at a time or range, or reply",
          description:
            "Under the name the viewer types (`authorName`, required here). 403 SHARE_COMMENTS_NOT_ALLOWED when the link does not allow comments; 400 VALIDATION_FAILED for a time past the end of the media or a `cueId` that names none of its subtitles; 409 TOO_MANY_COMMENTS past 500 from its links' viewers (its owner and team keep 500 of their own); 429 RATE_LIMITED past 20 comments in 10 minutes from one address.",
          tags,
          security: [],
          params: ShareTokenParams,
          headers: grantHeader,
          body: CreateCommentBody,
          response: { 201: Comment, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const { actor, row } = await open(request);
        if (!can(actor, "comment", transcription(row))) fail("SHARE_COMMENTS_NOT_ALLOWED");
        const name = request.body.authorName;
        if (name === undefined)
          fail("VALIDATION_FAILED", {
            part: "body",
            field: "authorName",
            reason: "a name is required without an account",
          });
        const comment = await addComment(
          ctx.db,
          row,
          { kind: "viewer", name, linkId: actor.link.id },
          request.body,
          ctx.now(),
        );
        return reply.status(201).send(presentComment(comment));
      },
    );
  };
}

/** The link a request names, hashed (counters never hold a live token). */
function tokenKey(request: FastifyRequest): string {
  return hashToken((request.params as { token?: string }).token ?? "");
}

/** One viewer of a link: the link (hashed) and the address it is opened from. */
function viewerKey(request: FastifyRequest): string {
  return `${tokenKey(request)}|ip|${request.ip}`;
}

/** A preHandler counting requests under each key; over any rule → 429 RATE_LIMITED. */
function limiter(
  app: FastifyInstance,
  counters: { rule: RateLimitRule; key: (request: FastifyRequest) => string }[],
): preHandlerAsyncHookHandler {
  const checks = counters.map(({ rule, key }) =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: key }),
  );
  return async (request, reply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(result.ttlInSeconds));
        throw new AppError("RATE_LIMITED", { retryAfterSeconds: result.ttlInSeconds });
      }
    }
  };
}
