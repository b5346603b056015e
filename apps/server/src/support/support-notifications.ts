import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { RateLimitRule } from "../auth/rate-limits.js";
import type { Db } from "../db/database.js";
import type { Mailer } from "../mail/mailer.js";
import { findUserById, findUserWithPasswordByEmail } from "../users/repo.js";
import { claimUnreadForMail, type SupportSide } from "./conversations.js";
import { renderSupportMail } from "./support-mail.js";
import { repeatEvery } from "../schedule/repeat-every.js";

/** How long a message may stay unread before the other side gets an e-mail about it. */
export const DEFAULT_SUPPORT_MAIL_DELAY_MS = 5 * 60 * 1000;
/** How often unread messages are looked for. */
export const DEFAULT_SUPPORT_SWEEP_MS = 30 * 1000;

/** Chat settings tests override; defaults otherwise. */
export interface SupportOptions {
  /** Messages one user may send (default 20 per 10 minutes). */
  rateLimit?: RateLimitRule;
  /** How long a message stays unread before the other side is e-mailed (default 5 minutes). */
  mailDelayMs?: number;
  /** How often unread messages are looked for (default 30 seconds). */
  sweepMs?: number;
}

/** What the e-mails about unread chat messages need. */
export interface SupportMailContext {
  db: Db;
  config: Pick<Config, "adminEmails" | "publicUrl">;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * E-mails the other side of each conversation about messages left unread for `delayMs`: one
 * e-mail for all such messages of a conversation, and none more while any message that
 * e-mail covered is still unread (a reader who comes back reads them all). A message is
 * claimed (`notified_at`) before the mail goes out, in the database, so many processes and
 * restarts send it at most once. Returns how many e-mails were sent.
 */
export async function mailUnreadSupportMessages(
  ctx: SupportMailContext,
  delayMs: number,
): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - delayMs).toISOString();
  const waiting = await db
    .selectFrom("support_messages")
    .select(["user_id", "sender"])
    .where("read_at", "is", null)
    .where("notified_at", "is", null)
    .where("created_at", "<=", cutoff)
    .groupBy(["user_id", "sender"])
    .execute();
  let sent = 0;
  for (const { user_id: userId, sender } of waiting) {
    const alreadyTold = await db
      .selectFrom("support_messages")
      .select("id")
      .where("user_id", "=", userId)
      .where("sender", "=", sender)
      .where("read_at", "is", null)
      .where("notified_at", "is not", null)
      .executeTakeFirst();
    const claimed = await claimUnreadForMail(db, { userId, sender, now });
    // Already told about earlier unread ones: these are covered by that mail too.
    if (alreadyTold || claimed.length === 0) continue;
    claimed.sort((a, b) => a.created_at.localeCompare(b.created_at));
    try {
      sent += await sendMail(
        ctx,
        userId,
        sender,
        claimed.map((m) => m.body),
      );
    } catch (error) {
      ctx.log.error({ err: error, userId }, "support chat e-mail failed");
    }
  }
  return sent;
}

async function sendMail(
  ctx: SupportMailContext,
  userId: string,
  sender: SupportSide,
  messages: string[],
): Promise<number> {
  const { config, mailer, db } = ctx;
  const user = await findUserById(db, userId);
  if (!user) return 0;
  if (sender === "support") {
    const mail = renderSupportMail(
      { to: "user", who: "", messages, link: `${config.publicUrl}/support` },
      user.locale,
    );
    await mailer.send({ to: user.email, ...mail });
    return 1;
  }
  let sent = 0;
  for (const address of config.adminEmails) {
    const admin = await findUserWithPasswordByEmail(db, address);
    const mail = renderSupportMail(
      {
        to: "admin",
        who: user.name ? `${user.name} <${user.email}>` : user.email,
        messages,
        link: `${config.publicUrl}/admin/support?user=${encodeURIComponent(user.id)}`,
      },
      admin?.user.locale ?? "en",
    );
    await mailer.send({ to: address, ...mail });
    sent += 1;
  }
  return sent;
}

/** Looks for unread messages every `sweepMs`; returns a stop function. */
export function scheduleSupportMails(
  ctx: SupportMailContext,
  { delayMs, sweepMs }: { delayMs: number; sweepMs: number },
): () => Promise<void> {
  const sweep = repeatEvery(sweepMs, () => mailUnreadSupportMessages(ctx, delayMs), {
    onError: (error) => ctx.log.error({ err: error }, "support chat e-mails"),
  });
  return () => sweep.stop();
}
