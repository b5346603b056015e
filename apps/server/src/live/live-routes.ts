import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import { MODEL_FAMILIES } from "@verbatim/contract";
import { errorResponses } from "@verbatim/contract/api";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireUserOrKey } from "../api-keys/require-user-or-key.js";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isCrossSite } from "../auth/cross-site-requests.js";
import { bearerToken, currentUser } from "../auth/require-user.js";
import { AppError, fail } from "../http/app-error.js";
import { openEventStream, streamsEndedOnClose } from "../http/event-stream.js";
import { startLiveSession } from "./commands/start-live-session.js";
import { createLiveBroadcast } from "./live-broadcast.js";
import { LiveHub, type LiveSettings } from "./live-hub.js";
import { MAX_FRAME_BYTES, type LiveEvent } from "./live-run.js";
import { findLiveSession, setLivePaused } from "./live-store.js";
import { mayWatch, unlockWatch, watchedSession, watchPageUrl } from "./watch-access.js";
import type { Db } from "../db/database.js";
import type { Config } from "../config.js";
import type { ModelCatalog } from "../models/model-catalog.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";

const tags = ["live"];
const security = [{ bearer: [] }];

const StartBody = z.object({
  language: z.string().trim().toLowerCase().min(1).max(35).default("auto"),
  model: z.string().trim().min(1).max(200).optional(),
  watchPassword: z.string().min(1).max(200).optional(),
  watchExpiresInMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
});
const StartedSession = z.object({
  id: z.string(),
  socketUrl: z.string().describe("The WebSocket to send audio to (see the description)."),
  watchUrl: z.string().describe("The watch page anyone with it may open (`/l/{token}`)."),
  watchToken: z.string(),
  model: z
    .object({
      family: z.enum(MODEL_FAMILIES),
      name: z.string().describe("The model's name in `verbatim models list`."),
    })
    .describe("The model the language was routed to: what recognises this session's speech."),
});
const SessionParams = z.object({ id: z.string().uuid() });
const TokenParams = z.object({ token: z.string().min(1).max(100) });
const Stopped = z.object({ transcriptionId: z.string().nullable() });
const WatchInfo = z.object({
  status: z.enum(["open", "stopped", "ended"]),
  paused: z.boolean(),
  language: z.string(),
  passwordRequired: z.boolean(),
});

/** What the socket route's description says: the protocol, for the OpenAPI document. */
const SOCKET_PROTOCOL = [
  "WebSocket (upgrade this GET). Signed in as the app is: the session cookie (its `Origin` must be this site's: cross-site WebSocket hijacking is refused with 403 CROSS_SITE_REQUEST) or `Authorization: Bearer`.",
  `Client → server: binary frames of 16-bit little-endian mono PCM at 16 kHz, at most ${MAX_FRAME_BYTES} bytes (0.5 s) each, in order; never faster than real time (2 s of slack). A bad frame closes the socket (1008) after an error message.`,
  'Server → client, JSON text frames: `{"type":"ready","receivedSamples","upToMs","paused"}` on connecting (resend everything from `receivedSamples` on: the server keeps every sample before it and none after); `{"type":"ack","receivedSamples","upToMs"}` after each frame; `{"type":"partial"|"final","text","startMs","endMs"}` (a partial is replaced by the next partial or the final of the same stretch); `{"type":"warning","code":"LIVE_MINUTES_LOW","secondsLeft","message"}`; `{"type":"error","code","message"}` (LIVE_FRAME_INVALID, LIVE_TOO_FAST, LIVE_IDLE, LIVE_MINUTES_USED_UP, LIVE_SESSION_ENDED, ENGINE_FAILED); `{"type":"stopped","transcriptionId"}` once saved.',
  "A dropped connection keeps the session (reconnect and resend from `receivedSamples`) until LIVE_IDLE_SECONDS pass without audio; then it is stopped and saved.",
].join("\n\n");

/** The WebSocket address of a session, from the public address. */
function socketUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/^http/, "ws").replace(/\/$/, "")}/api/live/sessions/${id}/socket`;
}

/** The grant of a watch link's password: `X-Watch-Grant`, or `grant` (an EventSource). */
function grantOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-watch-grant"];
  if (typeof header === "string") return header;
  const query = request.query as { grant?: unknown };
  return typeof query.grant === "string" ? query.grant : undefined;
}

/**
 * Live captions (docs/live.md): the speaker's session (start, the audio socket, pause, stop)
 * and the viewers' watch link (its state, password, and the captions as Server-Sent Events).
 */
export function liveRoutes(
  ctx: {
    db: Db;
    log: FastifyBaseLogger;
    now: () => Date;
    config: Config;
    models: ModelCatalog;
    rateLimits: RateLimitStore;
  },
  settings: LiveSettings,
): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const broadcast = createLiveBroadcast(ctx.config, ctx.log);
    const live = new LiveHub({
      db: ctx.db,
      log: ctx.log,
      now: ctx.now,
      uploadDir: ctx.config.uploadDir,
      modelsDir: ctx.config.modelsDir,
      settings,
      broadcast,
    });
    app.addHook("preClose", () => live.stopAll());
    app.addHook("onClose", () => broadcast.close());
    await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES + 1024 } });
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("live"));
    // The app's session (token or cookie), or an API key (`verbatim live`, scripts).
    const auth = requireUserOrKey({ db: ctx.db, now: ctx.now });
    const publicOrigin = new URL(ctx.config.publicUrl).origin;
    const watchStreams = streamsEndedOnClose(app);

    const ownOpenRun = async (request: FastifyRequest, id: string) => {
      const row = await findLiveSession(ctx.db, id);
      if (!row || row.user_id !== currentUser(request).id) fail("NOT_FOUND");
      return { row, run: live.run(id) };
    };

    app.post(
      "/api/live/sessions",
      {
        preHandler: auth,
        schema: {
          summary: "Start a live captioning session",
          description:
            "Reserves the first 30 s of live minutes (402 INSUFFICIENT_MINUTES), routes the model by the language as uploads do (400 LANGUAGE_NOT_SUPPORTED, 503 MODEL_NOT_INSTALLED), and answers with the audio socket (`socketUrl`, see GET /api/live/sessions/{id}/socket) and the watch link (`watchUrl`, optional `watchPassword` and `watchExpiresInMinutes`). 409 LIVE_SESSION_LIMIT past LIVE_SESSIONS_PER_USER open sessions.",
          tags,
          security,
          body: StartBody,
          response: { 201: StartedSession, ...errorResponses(400, 401, 402, 409, 503) },
        },
      },
      async (request, reply) => {
        const { run, watchToken, model } = await startLiveSession(
          { ...ctx, live, uploadDir: ctx.config.uploadDir },
          { userId: currentUser(request).id, ...request.body },
        );
        return reply
          .status(201)
          .header("cache-control", "no-store")
          .send({
            id: run.id,
            socketUrl: socketUrl(ctx.config.publicUrl, run.id),
            watchUrl: watchPageUrl(ctx.config.publicUrl, watchToken),
            watchToken,
            model,
          });
      },
    );

    app.get(
      "/api/live/sessions/:id/socket",
      {
        websocket: true,
        preHandler: [
          async (request) => {
            // A browser sends the cookie with any site's WebSocket: only this site's pages.
            if (!bearerToken(request) && isCrossSite(request, publicOrigin)) {
              fail("CROSS_SITE_REQUEST");
            }
          },
          auth,
        ],
        schema: {
          summary: "The live session's audio socket",
          description: SOCKET_PROTOCOL,
          tags,
          security,
          params: SessionParams,
          response: {
            101: z.null().describe("Switching to the WebSocket protocol."),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (socket, request) => {
        socket.on("error", () => undefined); // a broken connection ends with 'close'
        const { id } = request.params as z.infer<typeof SessionParams>;
        const row = await findLiveSession(ctx.db, id).catch(() => undefined);
        const run = live.run(id);
        if (!row || row.user_id !== currentUser(request).id || !run) {
          const code =
            row && row.user_id === currentUser(request).id ? "LIVE_SESSION_ENDED" : "NOT_FOUND";
          socket.send(JSON.stringify({ type: "error", code, message: new AppError(code).message }));
          socket.close(1008, code);
          return;
        }
        run.attach(socket);
      },
    );

    app.post(
      "/api/live/sessions/:id/stop",
      {
        preHandler: auth,
        schema: {
          summary: "Stop a live session and save it",
          description:
            "Waits for the last words' final text, saves the session as a completed transcription (cues, the audio kept for the editor) and charges the live minutes by the second captured. Answers with the transcription's id (null when nothing could be saved). Stopping again answers the same.",
          tags,
          security,
          params: SessionParams,
          response: { 200: Stopped, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { row, run } = await ownOpenRun(request, request.params.id);
        if (run) return { transcriptionId: await run.stop() };
        return { transcriptionId: row.transcription_id };
      },
    );

    for (const action of ["pause", "resume"] as const) {
      app.post(
        `/api/live/sessions/:id/${action}`,
        {
          preHandler: auth,
          schema: {
            summary:
              action === "pause"
                ? "Pause the captions for viewers"
                : "Resume the captions for viewers",
            description:
              "Viewers of the watch link see nothing said while paused (the recording and the speaker's own captions go on). 409 LIVE_SESSION_ENDED once stopped.",
            tags,
            security,
            params: SessionParams,
            response: { 204: z.null(), ...errorResponses(401, 404, 409) },
          },
        },
        async (request, reply) => {
          const { run } = await ownOpenRun(request, request.params.id);
          if (!run || !run.open) fail("LIVE_SESSION_ENDED");
          await setLivePaused(ctx.db, run.id, action === "pause");
          run.setPaused(action === "pause");
          return reply.status(204).send(null);
        },
      );
    }

    app.get(
      "/api/live/watch/:token",
      {
        schema: {
          summary: "A watch link's session",
          description: "404 for an unknown or expired link. Costs no minutes.",
          tags,
          security: [],
          params: TokenParams,
          response: { 200: WatchInfo, ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const row = await watchedSession(ctx.db, request.params.token, ctx.now());
        reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
        return {
          status: row.status,
          paused: row.paused === 1,
          language: row.language,
          passwordRequired: row.watch_password_hash !== null,
        };
      },
    );

    const unlockLimit = app.createRateLimit({
      max: 10,
      timeWindow: 600_000,
      keyGenerator: (r) => `live-unlock|${(r.params as { token?: string }).token ?? ""}|${r.ip}`,
    });
    app.post(
      "/api/live/watch/:token/unlock",
      {
        preHandler: async (request, reply) => {
          const result = await unlockLimit(request);
          if (!result.isAllowed && result.isExceeded) {
            reply.header("retry-after", String(result.ttlInSeconds));
            throw new AppError("RATE_LIMITED", { retryAfterSeconds: result.ttlInSeconds });
          }
        },
        schema: {
          summary: "Enter a watch link's password",
          description:
            "Answers with the grant to send as `grant` with the event stream (or `X-Watch-Grant`). 401 SHARE_PASSWORD_WRONG; 10 guesses per link and address in 10 minutes (429 RATE_LIMITED).",
          tags,
          security: [],
          params: TokenParams,
          body: z.object({ password: z.string().min(1).max(200) }),
          response: { 200: z.object({ grant: z.string() }), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => ({
        grant: await unlockWatch(ctx.db, request.params.token, request.body.password, ctx.now()),
      }),
    );

    app.get(
      "/api/live/watch/:token/events",
      {
        schema: {
          summary: "Follow a live session's captions (Server-Sent Events)",
          description:
            "`event: partial` and `event: final` with `{text, startMs, endMs}` as they are recognised (the latest 50 finals first), `event: paused` / `resumed` when the speaker pauses, `event: ended` with `{transcriptionId}` at the end. 401 SHARE_PASSWORD_REQUIRED without the password's grant.",
          tags,
          security: [],
          params: TokenParams,
          querystring: z.object({ grant: z.string().max(200).optional() }),
          response: { 200: z.string().describe("text/event-stream"), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const row = await watchedSession(ctx.db, request.params.token, ctx.now());
        if (!mayWatch(row, grantOf(request))) fail("SHARE_PASSWORD_REQUIRED");
        const stream = openEventStream(request, reply, {
          headers: { "referrer-policy": "no-referrer" },
          open: watchStreams,
        });
        const listener = (event: LiveEvent) => {
          // A viewer learns that it ended, not which transcription it became.
          stream.send(event.type === "ended" ? { type: event.type } : event);
          if (event.type === "ended") setImmediate(stream.close);
        };
        // Run here, or (with Redis) in another API process; else it is over.
        const run = live.run(row.id);
        const unwatch =
          run?.watch(listener) ??
          (row.status === "open" ? await broadcast.follow(row.id, listener) : undefined);
        if (!unwatch) {
          stream.send({ type: "ended" });
          stream.close();
          return;
        }
        stream.onClose(unwatch); // at once when the viewer left while the state was read
      },
    );
  };
}
