import { rm } from "node:fs/promises";
import {
  ChunkFields,
  ChunkResponse,
  ChunkUploadDoc,
  MAX_COMBINE_BODY_BYTES,
  errorResponses,
  TranscribeTeamQuery,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { documentOnly } from "../http/openapi-docs.js";
import { tableRoute } from "../http/table-route.js";
import { respondWithJob } from "../transcriptions/respond-with-job.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { receiveMultipart } from "./receive-multipart.js";
import { jobAccount, teamIdOf } from "../teams/membership.js";
import { requireSomeMinutes, takeInChunks } from "./upload-intake.js";
import { fileStoreOf } from "../storage/stored-files.js";
import { createSession, ownSession, storeChunk } from "./upload-sessions.js";
import { validationFailed } from "../http/validation-failed.js";

/** A chunk may be up to the whole-file limit of a single request (25 MB); clients send 15 MB. */
const CHUNK_LIMIT_BYTES = 25 * 1024 * 1024;

/** Chunked upload for files over 25 MB: `/chunk` one at a time, then `/combine`. */
export function uploadRoutes(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];

    app.route({
      ...tableRoute("getUploadLimits", {
        summary: "What an upload may be on this server",
        description:
          "The largest file accepted (MAX_UPLOAD_MB), so a client can refuse a larger one before sending it.",
        tags: ["uploads"],
        security: [],
      }),
      handler: async () => ({ maxUploadBytes: ctx.config.maxUploadBytes }),
    });

    app.post(
      "/api/uploads/chunk",
      {
        ...auth,
        schema: {
          summary: "Upload one chunk of a large file",
          description:
            "multipart/form-data: file (the chunk's bytes), chunkIndex (from 0), totalChunks, sessionId (from the second chunk on; the first chunk's answer gives it), chunkId, chunkSize, originalFileSize. A chunk sent again with the same index replaces the earlier one. A session expires an hour after its last chunk (a day at most); a plan keeps a limited number of unfinished uploads (429 TOO_MANY_UPLOADS), and a chunk sent while the session is being combined gets 409.",
          tags: ["uploads"],
          security,
          consumes: ["multipart/form-data"],
          querystring: TranscribeTeamQuery,
          body: ChunkUploadDoc,
          response: {
            200: ChunkResponse,
            ...errorResponses(400, 401, 402, 403, 404, 409, 413, 415, 429, 507),
          },
        },
        // The body is multipart, read by the handler; the schema above is for the document.
        validatorCompiler: documentOnly,
      },
      async (request) => {
        const user = currentUser(request);
        const now = ctx.now();
        const { file, fields } = await receiveMultipart(request, {
          dir: ctx.config.uploadDir,
          limitBytes: Math.min(CHUNK_LIMIT_BYTES, ctx.config.maxUploadBytes),
          beforeFile: async (early) => {
            if (early.sessionId) await ownSession(ctx.db, user.id, early.sessionId, now);
          },
        });
        try {
          const parsed = ChunkFields.safeParse(fields);
          if (!parsed.success) throw validationFailed(parsed.error);
          const { chunkIndex, totalChunks, sessionId: given } = parsed.data;
          if (totalChunks > 0 && chunkIndex >= totalChunks) {
            fail("CHUNK_INDEX_OUT_OF_RANGE");
          }
          let sessionId: string;
          if (given) {
            sessionId = (await ownSession(ctx.db, user.id, given, now)).id;
          } else {
            // The first chunk of a team's upload (`?teamId=`) needs minutes in the team's pool.
            const account = await jobAccount(ctx, user, teamIdOf(request.query));
            await requireSomeMinutes(ctx.db, { id: account.payerId }, now);
            sessionId = await createSession(ctx.db, ctx.config.uploadDir, user.id, now);
          }
          await storeChunk(
            ctx.db,
            ctx.config.uploadDir,
            {
              sessionId,
              index: chunkIndex,
              path: file.path,
              bytes: file.bytes,
              declaredChunks: totalChunks,
              files: fileStoreOf(ctx.config),
              owner: user.id,
            },
            ctx.config.maxUploadBytes,
            now,
          );
          return {
            sessionId,
            path: `uploads/${sessionId}/${chunkIndex}`,
            chunkIndex,
            receivedBytes: file.bytes,
          };
        } catch (error) {
          await rm(file.path, { force: true });
          throw error;
        }
      },
    );

    app.route({
      ...tableRoute("combineUpload", {
        summary: "Join the uploaded chunks and transcribe the file",
        description:
          "JSON: sessionId, fileName, totalChunks, originalFileSize (bytes), and the upload options of POST /api/transcribe, with a subtitle or transcript file in `subtitles` ({fileName, base64}) if wanted. Answers like POST /api/transcribe: the result (`duration` in seconds, subtitle times as `hh:mm:ss,mmm`), or 202 at once with `Prefer: respond-async`. Takes an `Idempotency-Key` header as POST /api/transcribe does.",
        tags: ["uploads"],
        security,
      }),
      ...auth,
      // A subtitle file may come with the options, in base64.
      bodyLimit: MAX_COMBINE_BODY_BYTES,
      handler: async (request, reply) => {
        const { row, keyed } = await takeInChunks(ctx, request, currentUser(request), request.body);
        return respondWithJob(ctx, request, reply, row, { keyed });
      },
    });
  };
}
