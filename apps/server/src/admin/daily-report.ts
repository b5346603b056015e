import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { Mailer } from "../mail/mailer.js";
import { claimTaskRun } from "../schedule/once-per-period.js";
import { findUserWithPasswordByEmail } from "../users/repo.js";
import { renderDailyReport } from "./report-mail.js";
import { computeUsage, lastDay } from "./usage.js";

/** When the report goes out (8:00 AM Hong Kong time). */
export const DAILY_REPORT_CRON = "0 8 * * *";
export const DAILY_REPORT_TIMEZONE = "Asia/Hong_Kong";

/** What sending the report needs. */
export interface DailyReportContext {
  db: Db;
  config: Pick<Config, "adminEmails" | "publicUrl">;
  mailer: Mailer;
  now?: () => Date;
}

/** Who the report reached: delivered (or logged, without SMTP); failed deliveries left out. */
export interface DailyReportResult {
  sent: number;
  recipients: string[];
}

/**
 * Computes the last 24 hours' usage and e-mails it to every admin address, each in that
 * admin's interface language when they have an account (English otherwise).
 */
export async function sendDailyReport(ctx: DailyReportContext): Promise<DailyReportResult> {
  const { db, config, mailer } = ctx;
  const now = ctx.now?.() ?? new Date();
  const report = await computeUsage(db, lastDay(now), now);
  const recipients: string[] = [];
  for (const address of config.adminEmails) {
    const account = await findUserWithPasswordByEmail(db, address);
    const mail = renderDailyReport(report, account?.user.locale ?? "en", config.publicUrl);
    const status = await mailer.send({ to: address, ...mail });
    if (status !== "failed") recipients.push(address);
  }
  return { sent: recipients.length, recipients };
}

/** Sends the report every day at 08:00 Hong Kong time; returns a stop function. */
export function scheduleDailyReport(context: {
  db: Db;
  config: Pick<Config, "adminEmails" | "publicUrl">;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): () => void {
  const job = new Cron(
    DAILY_REPORT_CRON,
    { timezone: DAILY_REPORT_TIMEZONE, protect: true },
    async () => {
      if (context.config.adminEmails.length === 0) return;
      try {
        // Every API process schedules it; one sends it.
        const today = new Date().toLocaleDateString("en-CA", { timeZone: DAILY_REPORT_TIMEZONE });
        if (!(await claimTaskRun(context.db, "daily-report", today, new Date()))) return;
        const result = await sendDailyReport(context);
        context.log.info(result, "daily report sent");
      } catch (error) {
        context.log.error({ err: error }, "daily report failed");
      }
    },
  );
  return () => job.stop();
}
