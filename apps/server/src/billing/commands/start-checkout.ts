// Command: start a hosted checkout (a paid plan or a minute pack), and quote a plan change.
import { randomUUID } from "node:crypto";
import { fail } from "../../http/app-error.js";
import type { PurchaseKind } from "../../payments/payment-provider.js";
import { effectivePlan, packPurchaseRefusal } from "../../plans/plan-limits.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { parsePackSize, parsePaidPlan, productDescription, productPriceCents } from "../catalog.js";
import { insertCheckout } from "../checkout-repo.js";
import { providerError } from "../provider-error.js";
import { currentSubscription } from "../subscription-changes.js";
import { planBasis, upgradeQuote, type UpgradeQuote } from "../upgrade-credit.js";

/**
 * Starts a hosted checkout for a paid plan → `{url}`. `plan` is the raw route parameter (400 for
 * an unknown plan); 409 ALREADY_SUBSCRIBED when the user already has it and has not cancelled.
 * The price is less the credit for an unused paid period, quoted against the plan held now.
 */
export async function startPlanCheckout(
  ctx: BillingContext,
  { user, plan: planParam }: { user: User; plan: string },
): Promise<{ url: string }> {
  const plan = parsePaidPlan(planParam);
  const subscription = await currentSubscription(ctx.db, user.id);
  if (effectivePlan(subscription) === plan && !subscription?.cancel_at_period_end) {
    fail("ALREADY_SUBSCRIBED", { plan });
  }
  const quote = upgradeQuote(subscription, plan, ctx.now());
  return startCheckout(ctx, user, "plan", plan, `plan=${plan}`, "/pricing", {
    creditCents: quote.creditCents,
    quotedPlan: planBasis(subscription),
  });
}

/** What moving to `plan` costs `user` today, with the credit for an unused paid period. */
export async function quotePlan(
  ctx: BillingContext,
  { user, plan: planParam }: { user: User; plan: string },
): Promise<UpgradeQuote> {
  const plan = parsePaidPlan(planParam);
  return upgradeQuote(await currentSubscription(ctx.db, user.id), plan, ctx.now());
}

/** Starts a hosted checkout for a minute pack → `{url}`; only Basic subscribers may buy one. */
export async function startPackCheckout(
  ctx: BillingContext,
  { user, pack }: { user: User; pack: string },
): Promise<{ url: string }> {
  const size = parsePackSize(pack);
  const refusal = packPurchaseRefusal(await currentSubscription(ctx.db, user.id));
  if (refusal) fail(refusal);
  return startCheckout(ctx, user, "pack", String(size), `minutes=${size}`, "/account");
}

/** Opens the checkout at the provider and records it (checkout-repo) as pending. */
async function startCheckout(
  { db, config, provider, log, now }: BillingContext,
  user: User,
  kind: PurchaseKind,
  product: string,
  query: string,
  cancelPath: string,
  { creditCents = 0, quotedPlan = null }: { creditCents?: number; quotedPlan?: string | null } = {},
): Promise<{ url: string }> {
  const priceCents = productPriceCents(kind, product);
  // What this checkout takes: the price, less an upgrade's credit (plans renew at the price).
  const amountCents = priceCents - creditCents;
  const successUrl = `${config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&${query}`;
  const cancelUrl = `${config.publicUrl}${cancelPath}`;
  const created = await provider
    .createCheckout({
      kind,
      product,
      amountCents: priceCents,
      creditCents,
      description: productDescription(kind, product),
      userId: user.id,
      email: user.email,
      successUrl,
      cancelUrl,
    })
    .catch((error: unknown) => {
      throw providerError(log, error, "Failed to create checkout session");
    });
  await insertCheckout(db, {
    id: randomUUID(),
    user_id: user.id,
    provider: provider.name,
    provider_session_id: created.sessionId,
    kind,
    product,
    amount_cents: amountCents,
    created_at: now().toISOString(),
    success_url: successUrl,
    cancel_url: cancelUrl,
    quoted_plan: quotedPlan,
  });
  return { url: created.url };
}
