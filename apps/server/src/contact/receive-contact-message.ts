import { randomUUID } from "node:crypto";
import type { ContactInput } from "@verbatim/contract/api";
import type { BackgroundWork } from "../background-work.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { Mailer } from "../mail/mailer.js";
import type { Locale, User } from "../users/repo.js";
import { renderContactMail } from "./contact-mail.js";

/** What the contact form needs. */
export interface ContactContext {
  db: Db;
  config: Pick<Config, "supportEmail">;
  mailer: Mailer;
  background: BackgroundWork;
  now: () => Date;
}

/**
 * Stores a contact-form message, then e-mails it to support with Reply-To set to the sender.
 * The e-mail goes out off the response path; the stored row is the record either way.
 */
export async function receiveContactMessage(
  ctx: ContactContext,
  input: ContactInput,
  sender: User | undefined,
): Promise<{ id: string }> {
  const id = randomUUID();
  const locale: Locale = input.language ?? sender?.locale ?? "en";
  const email = input.email.toLowerCase();
  await ctx.db
    .insertInto("contact_messages")
    .values({
      id,
      user_id: sender?.id ?? null,
      name: input.name,
      email,
      subject: input.subject,
      message: input.message,
      locale,
      created_at: ctx.now().toISOString(),
    })
    .execute();
  // Support reads English; the sender's language is shown in the message.
  const mail = renderContactMail(
    {
      id,
      name: input.name,
      email,
      subject: input.subject,
      message: input.message,
      locale,
      userId: sender?.id ?? null,
    },
    "en",
  );
  ctx.background.run("contact e-mail", () =>
    ctx.mailer.send({ to: ctx.config.supportEmail, replyTo: email, ...mail }),
  );
  return { id };
}

/** A sender's account is going: their messages stay for support, no longer linked to it. */
export async function unlinkContactMessagesOf(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("contact_messages")
    .set({ user_id: null })
    .where("user_id", "=", userId)
    .execute();
}
