import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";

/** One e-mail to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the contact form: the sender), when not the sender. */
  replyTo?: string;
}

/** How a message ended: sent over SMTP, failed there, or only logged (no SMTP configured). */
export type MailStatus = "sent" | "failed" | "logged";

/** Sends e-mail; every message is also kept in the `mail_outbox` table. */
export interface Mailer {
  /** Sends (or logs) the message and records it; never throws for a delivery failure. */
  send(message: MailMessage): Promise<MailStatus>;
  /** Closes the SMTP connection pool. */
  close(): void;
}

/** The http(s) links in a mail's text, in order, each once. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/** A mailer over nodemailer to `config.smtpUrl`; without it, messages go to the log and outbox. */
export function createMailer({
  config,
  db,
  log,
}: {
  config: Pick<Config, "smtpUrl" | "mailFrom"> & Partial<Pick<Config, "devMailbox" | "publicUrl">>;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : undefined;

  async function record(message: MailMessage, status: MailStatus, error: string | null) {
    await db
      .insertInto("mail_outbox")
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        status,
        error,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  return {
    async send(message) {
      if (!transport) {
        // The newcomer's way in: the links the mail holds, on one line of the console.
        const links = linksIn(message.text);
        const mailbox = config.devMailbox ? ` (all mails: ${config.publicUrl}/dev/mailbox)` : "";
        log.warn(
          { mail: { to: message.to, subject: message.subject, links } },
          `mail not sent (no SMTP_URL) to ${message.to}, "${message.subject}": ` +
            `${links.length ? `open ${links.join(" , ")} ` : "no link "}${mailbox}`,
        );
        await record(message, "logged", null);
        return "logged";
      }
      try {
        await transport.sendMail({ from: config.mailFrom, ...message });
        await record(message, "sent", null);
        return "sent";
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error({ to: message.to, subject: message.subject, err: error }, "mail delivery failed");
        await record(message, "failed", reason);
        return "failed";
      }
    },
    close() {
      transport?.close();
    },
  };
}

/** Deletes the e-mails kept for an address (its account is going). */
export async function forgetMailTo(db: Db, address: string): Promise<void> {
  await db.deleteFrom("mail_outbox").where("to_address", "=", address).execute();
}

/** The latest mails logged instead of sent (development without SMTP), newest first. */
export async function loggedMails(db: Db, limit: number) {
  return db
    .selectFrom("mail_outbox")
    .select(["to_address", "subject", "text_body", "created_at"])
    .where("status", "=", "logged")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
