import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAdmin } from "../auth/require-admin.js";
import { ErrorResponse } from "../auth/schema.js";
import type { AppContext } from "../http/app.js";
import { createMailer } from "../mail/mailer.js";
import { sendDailyReport } from "./daily-report.js";
import { DailyReportResponse, UsageQuery, UsageResponse } from "./schema.js";
import { computeUsage, lastDay } from "./usage.js";

/** /api/admin/*: usage figures and the daily report on demand, for admin accounts only. */
export function adminRoutes(context: AppContext): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const { db, config } = context;
    const mailer = createMailer({ config, db, log: app.log });
    app.addHook("onClose", async () => mailer.close());
    const adminOnly = requireAdmin({ db, config });
    const tags = ["admin"];
    const security = [{ bearer: [] }];
    const denied = { 401: ErrorResponse, 403: ErrorResponse };

    app.get(
      "/api/admin/usage",
      {
        schema: {
          summary: "Usage figures for a period (default: the last 24 hours) and a 30-day series",
          tags,
          security,
          querystring: UsageQuery,
          response: { 200: UsageResponse, 400: ErrorResponse, ...denied },
        },
        preHandler: adminOnly,
      },
      async (request) => {
        const now = new Date();
        const to = request.query.to ? new Date(request.query.to) : now;
        const period = request.query.from
          ? { from: new Date(request.query.from), to }
          : lastDay(to);
        return computeUsage(db, period, now);
      },
    );

    app.post(
      "/api/admin/run-daily-report",
      {
        schema: {
          summary: "E-mail the daily report to every admin address now",
          tags,
          security,
          response: { 200: DailyReportResponse, ...denied },
        },
        preHandler: adminOnly,
      },
      async () => sendDailyReport({ db, config, mailer }),
    );
  };
}
