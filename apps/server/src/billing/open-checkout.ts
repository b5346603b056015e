// Opening a hosted checkout at the payment provider, recorded pending (checkout-repo): what the
// plan and pack checkouts (commands/start-plan-checkout.ts, start-pack-checkout.ts) share.
import { randomUUID } from "node:crypto";
import type { PurchaseKind } from "../payments/payment-provider.js";
import type { User } from "../users/repo.js";
import type { BillingContext } from "./billing-context.js";
import { productDescription, productPriceCents } from "./catalog.js";
import { insertCheckout } from "./checkout-repo.js";
import { providerError } from "./provider-error.js";

/** A checkout to open: who buys what, and where the provider sends the buyer back. */
export interface OpenCheckoutProps {
  user: User;
  kind: PurchaseKind;
  /** The plan, or the pack's minutes. */
  product: string;
  /** Added to the success page's query (`plan=…`, `minutes=…`). */
  query: string;
  /** The page a buyer who cancels returns to. */
  cancelPath: string;
  /** An upgrade's credit for the unused paid period, taken off the price (default 0). */
  creditCents?: number;
  /** The plan the credit was quoted against (a plan checkout), or null. */
  quotedPlan?: string | null;
}

/** Opens the checkout at the provider and records it (checkout-repo) as pending → `{url}`. */
export async function openCheckout(
  { db, config, provider, log, now }: BillingContext,
  { user, kind, product, query, cancelPath, creditCents = 0, quotedPlan = null }: OpenCheckoutProps,
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
