import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { currentSubscription } from "../billing/subscription-changes.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import { fail } from "../http/app-error.js";
import { tableRoute } from "../http/table-route.js";
import { presentSubscription } from "./presenter.js";
import type { Db } from "../db/database.js";

/** GET /api/subscriptions/active: the user's plan, status and period end. */
export function subscriptionRoutes({ db }: { db: Db }): FastifyPluginAsync {
  return async (plugin) => {
    plugin.withTypeProvider<ZodTypeProvider>().route({
      ...tableRoute("getActiveSubscription", {
        summary: "The signed-in user's current plan",
        tags: ["subscriptions"],
        security: [{ bearer: [] }],
      }),
      preHandler: requireUser({ db }),
      handler: async (request) => {
        const user = currentUser(request);
        await minuteBalance(db, user.id); // rolls a Free period forward if it has ended
        const row = await currentSubscription(db, user.id);
        if (!row) fail("NOT_FOUND");
        return presentSubscription(row);
      },
    });
  };
}
