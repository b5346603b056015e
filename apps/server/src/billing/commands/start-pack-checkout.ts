// Command: start a hosted checkout for a minute pack (Basic subscribers only).
import { fail } from "../../http/app-error.js";
import { packPurchaseRefusal } from "../../plans/plan-limits.js";
import type { User } from "../../users/repo.js";
import type { BillingContext } from "../billing-context.js";
import { parsePackSize } from "../catalog.js";
import { openCheckout } from "../open-checkout.js";
import { currentSubscription } from "../subscription-changes.js";

/** Starts a hosted checkout for a minute pack → `{url}`; only Basic subscribers may buy one. */
export async function startPackCheckout(
  ctx: BillingContext,
  { user, pack }: { user: User; pack: string },
): Promise<{ url: string }> {
  const size = parsePackSize(pack);
  const refusal = packPurchaseRefusal(await currentSubscription(ctx.db, user.id));
  if (refusal) fail(refusal);
  return openCheckout(ctx, {
    user,
    kind: "pack",
    product: String(size),
    query: `minutes=${size}`,
    cancelPath: "/account",
  });
}
