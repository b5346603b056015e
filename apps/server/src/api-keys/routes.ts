import { MAX_API_KEYS } from "@verbatim/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { tableRoute } from "../http/table-route.js";
import { createApiKey, deleteApiKey, listApiKeys } from "./api-keys.js";

/**
 * Personal API keys for the OpenAI-compatible API, managed by the signed-in user (a session,
 * not an API key: a key cannot make more keys).
 */
export function apiKeyRoutes(context: {
  db: Db;
  config: Pick<Config, "adminEmails">;
  now?: () => Date;
}): FastifyPluginAsync {
  const now = context.now ?? (() => new Date());
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: context.db, now }) };
    const security = [{ bearer: [] }];

    app.route({
      ...tableRoute("listApiKeys", {
        summary: "The user's API keys (prefix only), newest first",
        tags: ["api-keys"],
        security,
      }),
      ...auth,
      handler: async (request) => listApiKeys(context.db, currentUser(request)),
    });

    app.route({
      ...tableRoute("createApiKey", {
        summary: "Create an API key; the whole key is in this answer only",
        description: `At most ${MAX_API_KEYS} live keys per user (409 TOO_MANY_API_KEYS). Send the key as \`Authorization: Bearer vb_…\` to the OpenAI-compatible API under /v1.`,
        tags: ["api-keys"],
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const created = await createApiKey(
          context.db,
          currentUser(request),
          request.body.name,
          now(),
        );
        return reply.status(201).header("cache-control", "no-store").send(created);
      },
    });

    app.route({
      ...tableRoute("deleteApiKey", {
        summary: "Revoke an API key; it stops working at once",
        tags: ["api-keys"],
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        await deleteApiKey(context, currentUser(request), request.params.id, now());
        return reply.status(204).send(null);
      },
    });
  };
}
