import { findUserById } from "../users/repo.js";
import type { BillingContext } from "./billing-context.js";
import { sendBillingMail, type BillingMail } from "./billing-mails.js";

/** Sends a billing e-mail to the account `userId` (nothing if the account is gone). */
export async function mailAccountHolder(
  ctx: BillingContext,
  userId: string,
  mail: BillingMail,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (user) await sendBillingMail(ctx, user, mail);
}
