import rateLimit from "@fastify/rate-limit";
import { ContactBody, ErrorResponse, OkResponse } from "@verbatim/contract/api";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BackgroundWork } from "../auth/background-work.js";
import { authRateLimits, type AuthRateLimits } from "../auth/rate-limits.js";
import { presentedToken } from "../auth/require-user.js";
import { authenticate } from "../auth/service.js";
import type { AppContext } from "../http/app.js";
import { createMailer } from "../mail/mailer.js";
import { receiveContactMessage, type ContactServices } from "./service.js";

/** Settings of the contact form that tests may change. */
export interface ContactOptions {
  rateLimits?: AuthRateLimits;
}

/** Enough for anyone with something to say; too few to flood support's inbox. */
export const DEFAULT_CONTACT_RATE_LIMITS: AuthRateLimits = {
  perIp: { max: 10, windowMs: 60 * 60 * 1000 },
  perEmail: { max: 5, windowMs: 60 * 60 * 1000 },
};

/** POST /api/contact: the contact form, open to visitors; stored and mailed to support. */
export function contactRoutes(context: AppContext, rateLimits: RateLimitStore): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const limits = context.contact?.rateLimits ?? DEFAULT_CONTACT_RATE_LIMITS;
    const services: ContactServices = {
      db: context.db,
      config: context.config,
      mailer: createMailer({ config: context.config, db: context.db, log: app.log }),
      background: new BackgroundWork(app.log),
      now: () => new Date(),
    };
    app.addHook("onClose", async () => {
      await services.background.idle();
      services.mailer.close();
    });
    await app.register(rateLimit, rateLimits.pluginOptions("contact"));

    app.post(
      "/api/contact",
      {
        schema: {
          summary: "Send a message to support (signed in or not)",
          tags: ["contact"],
          body: ContactBody,
          response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
        },
        preHandler: authRateLimits(app, limits, "email"),
      },
      async (request) => {
        // A signed-in sender is linked to their account; a stale token just counts as anonymous.
        const token = presentedToken(request);
        const found = token ? await authenticate(services, token) : undefined;
        await receiveContactMessage(services, request.body, found?.user);
        return { ok: true as const };
      },
    );
  };
}
