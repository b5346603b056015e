import { deleteTokensOf } from "../auth/tokens.js";
import { deleteCheckoutsOf } from "../billing/checkout-repo.js";
import { currentSubscription, deleteSubscriptionOf } from "../billing/subscription-changes.js";
import { unlinkContactMessagesOf } from "../contact/receive-contact-message.js";
import { fail } from "../http/app-error.js";
import { deleteJob } from "../jobs/lifecycle/state-machine.js";
import { deleteJobsOf } from "../jobs/lifecycle/owner-edits.js";
import { jobsOf } from "../jobs/job-reads.js";
import { forgetMailTo } from "../mail/mailer.js";
import { forgetLedgerOf } from "../minutes/ledger-entries.js";
import { deleteConversationOf } from "../support/conversations.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import type { PaymentProvider } from "../payments/payment-provider.js";
import { handTeamJobsToOwners, removeTeamsOwnedBy } from "../teams/team-removal.js";
import { endSession } from "../uploads/upload-sessions.js";
import { deleteVoicesOf } from "../voices/voice-library.js";
import { deleteUserRow, type User } from "./repo.js";
import { fileStoreOf } from "../storage/stored-files.js";

/** What deleting an account touches: the jobs and their files, the uploads, the provider. */
export interface AccountContext extends TranscriptionContext {
  payments: PaymentProvider;
}

/**
 * Deletes an account and everything kept about it, at once (no grace period is kept), each
 * table through its owner's delete verb (docs/architecture.md, "Who writes which table"). In
 * order, so a failure leaves the account usable rather than half-deleted:
 *
 * 1. a paid subscription is cancelled at the payment provider (no charge after deletion);
 *    if that fails and the provider still bills it, nothing is deleted (502, try again);
 * 2. every session token is revoked, so no request of the user's starts new work;
 * 3. teams (docs/teams.md): the teams they own are deleted with the teams' transcriptions,
 *    and what they put in other teams stays with those teams (handed to each team's owner);
 *    then their own transcriptions: running jobs cancelled, media files and rows deleted;
 * 4. chunked-upload sessions with their chunk files, and anything left under the account's
 *    prefix in a bucket (STORAGE_URL);
 * 5. in one transaction: saved voices, ledger, subscription, checkouts, the support
 *    conversation, the contact messages' link to the user, e-mails kept in the outbox for the
 *    address, and the user row.
 */
export async function deleteAccount(ctx: AccountContext, user: User): Promise<void> {
  const { db, config } = ctx;
  await cancelPaidSubscription(ctx, user);

  await deleteTokensOf(db, user.id);

  await removeTeamsOwnedBy(ctx, user.id);
  await handTeamJobsToOwners(db, user.id);
  for (const job of await jobsOf(db, user.id)) await deleteJob(ctx, job);

  const sessions = await db
    .selectFrom("upload_sessions")
    .select("id")
    .where("user_id", "=", user.id)
    .execute();
  for (const { id } of sessions) await endSession(db, config.uploadDir, id);
  // Whatever of theirs a bucket still holds (a file whose row a crash lost) goes with them: a
  // bucket keeps an account's files under one prefix (docs/deployment.md, "Object storage").
  await fileStoreOf(config).deleteOwner(user.id);

  await db.transaction().execute(async (tx) => {
    await deleteJobsOf(tx, user.id);
    await deleteVoicesOf(tx, user.id);
    await forgetLedgerOf(tx, user.id);
    await deleteSubscriptionOf(tx, user.id);
    await deleteCheckoutsOf(tx, user.id);
    await deleteConversationOf(tx, user.id);
    await deleteTokensOf(tx, user.id);
    await unlinkContactMessagesOf(tx, user.id);
    await forgetMailTo(tx, user.email);
    await deleteUserRow(tx, user.id);
  });
  ctx.log.info({ userId: user.id }, "account deleted");
}

/** Stops billing for a paid plan; an already-ended provider subscription is fine. */
async function cancelPaidSubscription(ctx: AccountContext, user: User): Promise<void> {
  const { payments: provider, log } = ctx;
  const subscription = await currentSubscription(ctx.db, user.id);
  const providerId = subscription?.provider_subscription_id;
  if (!subscription || !providerId) return;
  try {
    await provider.cancelSubscription(providerId, "now");
  } catch (error) {
    // Cancelling one the provider has already ended may fail; only a live one blocks deletion.
    const periodEnd = new Date(subscription.current_period_end ?? Date.now());
    const state = await provider.subscriptionState(providerId, periodEnd).catch(() => undefined);
    if (state && !state.active) return;
    log.error({ err: error, userId: user.id }, "cancelling the subscription for deletion failed");
    fail("SUBSCRIPTION_CANCEL_FAILED");
  }
}
