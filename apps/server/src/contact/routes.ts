import rateLimit from "@fastify/rate-limit";
import { ContactBody, ErrorResponse, OkResponse } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authRateLimits, type AuthRateLimits } from "../auth/rate-limits.js";
import { presentedToken } from "../auth/require-user.js";
import { authenticate } from "../auth/auth-actions.js";
import { receiveContactMessage, type ContactContext } from "./receive-contact-message.js";
import type { ContactOptions } from "./contact-options.js";
import type { RateLimitStore } from "../http/rate-limit-store.js";

/** Enough for anyone with something to say; too few to flood support's inbox. */
export const DEFAULT_CONTACT_RATE_LIMITS: AuthRateLimits = {
  perIp: { max: 10, windowMs: 60 * 60 * 1000 },
  perEmail: { max: 5, windowMs: 60 * 60 * 1000 },
};

/** POST /api/contact: the contact form, open to visitors; stored and mailed to support. */
export function contactRoutes(
  ctx: ContactContext & { contact: ContactOptions; rateLimits: RateLimitStore },
): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const limits = ctx.contact.rateLimits ?? DEFAULT_CONTACT_RATE_LIMITS;
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("contact"));

    app.post(
      "/api/contact",
      {
        schema: {
          summary: "Send a message to support (signed in or not)",
          // Anonymous, or signed in (the message is then linked to the account).
          security: [{}, { bearer: [] }],
          tags: ["contact"],
          body: ContactBody,
          response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
        },
        preHandler: authRateLimits(app, limits, "email"),
      },
      async (request) => {
        // A signed-in sender is linked to their account; a stale token just counts as anonymous.
        const token = presentedToken(request);
        const found = token ? await authenticate(ctx, token) : undefined;
        await receiveContactMessage(ctx, request.body, found?.user);
        return { ok: true as const };
      },
    );
  };
}
