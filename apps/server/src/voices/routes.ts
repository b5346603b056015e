import { rm } from "node:fs/promises";
import {
  CreateVoiceDoc,
  errorResponses,
  Voice,
  VoiceFromTranscription,
  VoiceIdParams,
  VoiceList,
  VoiceName,
  VOICES_DESCRIPTION,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";

import { documentOnly } from "../http/openapi-docs.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { receiveMultipart } from "../uploads/receive-multipart.js";
import { listVoices } from "./repo.js";
import {
  checkNewVoice,
  deleteVoice,
  ownVoice,
  presentVoice,
  renameVoice,
  voiceFromClip,
  voiceFromTranscription,
} from "./voice-library.js";
import { validationFailed } from "../http/validation-failed.js";

/** A clip of a minute is a few MB in any usual format; a video clip a few tens. */
const VOICE_CLIP_LIMIT_BYTES = 100 * 1024 * 1024;

/** Saved voices: list, save (from a clip or a transcription's speaker), rename, delete. */
export function voiceRoutes(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["voices"];

    app.get(
      "/api/voices",
      {
        ...auth,
        schema: {
          summary: "Your saved voices",
          description: VOICES_DESCRIPTION,
          tags,
          security,
          response: { 200: VoiceList, ...errorResponses(401) },
        },
      },
      async (request) => ({
        voices: (await listVoices(ctx.db, currentUser(request).id)).map(presentVoice),
      }),
    );

    app.post(
      "/api/voices",
      {
        ...auth,
        schema: {
          summary: "Save a voice under a name",
          description: `Either multipart/form-data with \`name\` and \`file\` (a clip of the person, checked by ffmpeg), or JSON \`{ name, transcriptionId, speakerId }\`: the speaker's longest turns are taken from that transcription's kept audio copy. ${VOICES_DESCRIPTION} 409 VOICE_NAME_TAKEN, 409 VOICE_LIMIT, 400 NO_SPEECH (no voice in the clip), 400 VOICE_CLIP_TOO_LONG, 503 DIARIZATION_MODEL_MISSING (the speaker models are not installed).`,
          tags,
          security,
          consumes: ["application/json", "multipart/form-data"],
          body: CreateVoiceDoc,
          response: {
            201: Voice,
            ...errorResponses(400, 401, 404, 409, 413, 415, 503, 507),
          },
        },
        // Multipart or JSON, read and checked by the handler; the schema is for the document.
        validatorCompiler: documentOnly,
      },
      async (request, reply) => {
        const user = currentUser(request);
        const signal = abortOnHangUp(reply);
        if (request.isMultipart()) {
          const { file, fields } = await receiveMultipart(request, {
            dir: ctx.config.uploadDir,
            limitBytes: Math.min(VOICE_CLIP_LIMIT_BYTES, ctx.config.maxUploadBytes),
            // The name and the limit are checked before the clip's bytes are read.
            beforeFile: async (early) => {
              if (early.name !== undefined) {
                await checkNewVoice(ctx.db, user, parse(VoiceName, early).name);
              }
            },
          });
          const parsed = VoiceName.safeParse(fields);
          if (!parsed.success) {
            await rm(file.path, { force: true });
            throw validationFailed(parsed.error);
          }
          const row = await voiceFromClip(ctx, user, parsed.data.name, file, signal);
          return reply.status(201).send(presentVoice(row));
        }
        const body = parse(VoiceFromTranscription, request.body);
        const row = await voiceFromTranscription(ctx, user, body, signal);
        return reply.status(201).send(presentVoice(row));
      },
    );

    app.patch(
      "/api/voices/:id",
      {
        ...auth,
        schema: {
          summary: "Rename a saved voice",
          tags,
          security,
          params: VoiceIdParams,
          body: VoiceName,
          response: { 200: Voice, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const row = await ownVoice(ctx, user, request.params.id, "edit");
        return presentVoice(await renameVoice(ctx.db, user, row, request.body.name));
      },
    );

    app.delete(
      "/api/voices/:id",
      {
        ...auth,
        schema: {
          summary: "Delete a saved voice (its embedding is erased)",
          tags,
          security,
          params: VoiceIdParams,
          response: { 204: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await ownVoice(ctx, user, request.params.id, "delete");
        await deleteVoice(ctx.db, row);
        return reply.status(204).send(null);
      },
    );
  };
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(parsed.error, "body");
  return parsed.data;
}

/** Aborts the embedding when the client hangs up: nobody would receive the voice. */
function abortOnHangUp(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
