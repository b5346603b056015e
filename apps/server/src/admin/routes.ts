import {
  AdminUser,
  AdminUserParams,
  AdminUsersQuery,
  DailyReportResponse,
  ErrorResponse,
  GrantMinutesBody,
  GrantMinutesResponse,
  UsageQuery,
  UsageResponse,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAdmin } from "../auth/require-admin.js";
import { sendDailyReport } from "./daily-report.js";
import { z } from "zod";
import { fail } from "../http/app-error.js";
import { grantMinutes } from "../minutes/admin-grants.js";
import { secondsToMinutes } from "../minutes/plans.js";
import { currentUser } from "../auth/require-user.js";
import { computeUsage, lastDay } from "./usage.js";
import { listUsers } from "./users.js";
import { findUserById } from "../users/repo.js";
import type { Db } from "../db/database.js";
import type { Config } from "../config.js";
import type { Mailer } from "../mail/mailer.js";

/** /api/admin/*: usage figures and the daily report on demand, for admin accounts only. */
export function adminRoutes({
  db,
  config,
  mailer,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
}): FastifyPluginAsync {
  return async (parent) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
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

    app.get(
      "/api/admin/users",
      {
        schema: {
          summary: "Users (newest 50, or those whose e-mail or name contains `search`)",
          tags,
          security,
          querystring: AdminUsersQuery,
          response: { 200: z.array(AdminUser), 400: ErrorResponse, ...denied },
        },
        preHandler: adminOnly,
      },
      async (request) => listUsers(db, request.query.search ?? ""),
    );

    app.post(
      "/api/admin/users/:id/minutes",
      {
        schema: {
          summary: "Grant a user minutes, with a reason kept in the minute ledger",
          tags,
          security,
          params: AdminUserParams,
          body: GrantMinutesBody,
          response: {
            200: GrantMinutesResponse,
            400: ErrorResponse,
            404: ErrorResponse,
            ...denied,
          },
        },
        preHandler: adminOnly,
      },
      async (request) => {
        const user = await findUserById(db, request.params.id);
        if (!user) fail("USER_NOT_FOUND");
        const { balance, granted } = await grantMinutes(db, {
          userId: user.id,
          grantedBy: currentUser(request).email,
          ...request.body,
        });
        return {
          granted,
          planMinutes: secondsToMinutes(balance.planSeconds),
          packMinutes: secondsToMinutes(balance.packSeconds),
        };
      },
    );
  };
}
