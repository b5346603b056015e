import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { findCheckout, markCheckoutPaid, type CheckoutRow } from "../billing/checkout-repo.js";
import { formatUsd, productDescription, productPriceCents } from "../billing/catalog.js";
import type { Db } from "../db/database.js";
import { requestLanguage } from "../http/request-language.js";
import { findUserById } from "../users/repo.js";
import { chineseDescription, renderCheckoutPage } from "./local-checkout-page.js";
import { checkTestCard } from "./test-card.js";

type CardForm = { name?: string; cardNumber?: string; expiry?: string; cvc?: string };

/**
 * The local provider's hosted checkout (PAYMENT_PROVIDER=local): GET shows the test page, POST
 * takes a test card, marks the session paid and redirects to the success URL with the session
 * id, as Stripe Checkout does. The sale itself is granted by billing when the buyer returns.
 */
export function localCheckoutRoutes({ db, now }: { db: Db; now: () => Date }): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    // The buyer's own language (the account's, which the web app keeps in step with the
    // interface); the browser's only when the account is gone.
    const chinese = async (request: FastifyRequest, row: CheckoutRow) => {
      const user = await findUserById(db, row.user_id);
      return user ? user.locale === "zh-HK" : prefersChinese(request);
    };

    const page = async (
      request: FastifyRequest,
      reply: FastifyReply,
      row: CheckoutRow,
      status: number,
      extra: { error?: string; values?: CardForm } = {},
    ) => {
      const zh = await chinese(request, row);
      return reply
        .status(status)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' " +
            originOf(row.success_url) +
            "; frame-ancestors 'none'",
        )
        .send(
          renderCheckoutPage({
            sessionId: row.provider_session_id,
            description: zh
              ? chineseDescription(row.kind as "plan" | "pack", row.product)
              : productDescription(row.kind as "plan" | "pack", row.product),
            price: formatUsd(row.amount_cents),
            recurring: row.kind === "plan",
            ...upgradeLine(row),
            cancelUrl: row.cancel_url ?? "/",
            zh,
            ...extra,
          }),
        );
    };

    const load = async (
      request: FastifyRequest<{ Params: { sessionId: string } }>,
      reply: FastifyReply,
    ) => {
      const row = await findCheckout(db, request.params.sessionId);
      if (!row || row.provider !== "local") {
        await reply
          .status(404)
          .header("content-type", "text/plain; charset=utf-8")
          .send("Payment session not found.");
        return undefined;
      }
      if (["paid", "completed", "refunding", "refunded"].includes(row.status)) {
        // Already paid (and maybe refunded since): straight back, never a second payment.
        await reply.redirect(successUrl(row), 303);
        return undefined;
      }
      return row;
    };

    app.get<{ Params: { sessionId: string } }>(
      "/api/payments/local/checkout/:sessionId",
      { schema: { hide: true } },
      async (request, reply) => {
        const row = await load(request, reply);
        return row ? page(request, reply, row, 200) : reply;
      },
    );

    app.post<{ Params: { sessionId: string }; Body: CardForm }>(
      "/api/payments/local/checkout/:sessionId",
      { schema: { hide: true } },
      async (request, reply) => {
        const row = await load(request, reply);
        if (!row) return reply;
        const form = (typeof request.body === "object" && request.body) || {};
        const outcome = checkTestCard(form, now());
        if (!outcome.ok) {
          const zh = await chinese(request, row);
          return page(request, reply, row, outcome.status, {
            error: zh ? outcome.message.zh : outcome.message.en,
            values: { name: form.name, cardNumber: form.cardNumber, expiry: form.expiry },
          });
        }
        await markCheckoutPaid(db, row.provider_session_id);
        return reply.redirect(successUrl(row), 303);
      },
    );
  };
}

function successUrl(row: CheckoutRow): string {
  return (row.success_url ?? "/payment-success?session_id={CHECKOUT_SESSION_ID}").replace(
    "{CHECKOUT_SESSION_ID}",
    encodeURIComponent(row.provider_session_id),
  );
}

function originOf(url: string | null): string {
  try {
    return url ? new URL(url).origin : "";
  } catch {
    return "";
  }
}

function prefersChinese(request: FastifyRequest): boolean {
  return requestLanguage(request) === "zh-HK";
}

/** A plan checkout that takes less than the price carries an upgrade's credit. */
function upgradeLine(row: CheckoutRow): { upgrade?: { credit: string; monthly: string } } {
  if (row.kind !== "plan") return {};
  const monthly = productPriceCents("plan", row.product);
  if (row.amount_cents >= monthly) return {};
  return {
    upgrade: { credit: formatUsd(monthly - row.amount_cents), monthly: formatUsd(monthly) },
  };
}
