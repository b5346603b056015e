import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A small stand-in for api.stripe.com: the few endpoints the Stripe provider calls, answering
// with objects shaped like Stripe's (API 2025-03-31+: a subscription's period lives on its
// items), state in memory. The real SDK talks to it through STRIPE_API_URL. Tests mark
// sessions paid, change what Stripe reports, and read back what was asked.

type Json = Record<string, unknown>;

/** A request the stand-in received: method, path, and the decoded form or query parameters. */
export interface StandInRequest {
  method: string;
  path: string;
  params: Json;
  /** The Idempotency-Key header, when the SDK sent one. */
  idempotencyKey?: string;
}

/** A refund as the stand-in keeps it (Stripe's fields, the ones used). */
export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

/** A checkout session as the stand-in keeps it (Stripe's fields, the ones used). */
export interface StandInSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Kept for assertions (Stripe shows them through `line_items`, not expanded here). */
  line_items_params: Json[];
  subscription_data_params: Json | null;
}

/** A subscription as the stand-in keeps it. */
export interface StandInSubscription {
  id: string;
  object: "subscription";
  status: "active" | "trialing" | "past_due" | "canceled" | "incomplete";
  customer: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  currency: string;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  livemode: false;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      current_period_start: number;
      current_period_end: number;
      quantity: number;
      price: Json;
    }[];
    has_more: false;
    url: string;
  };
}

/** A coupon as Stripe returns one (the fields used here). */
export interface StandInCoupon {
  id: string;
  object: "coupon";
  amount_off: number;
  currency: string;
  duration: string;
  max_redemptions: number | null;
  name: string | null;
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:port`, for STRIPE_API_URL. */
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  /** Coupons created (an upgrade's credit is one, good once). */
  coupons: Map<string, StandInCoupon>;
  /** Refunds made, in order (one per payment intent, however often it was asked for). */
  refunds: StandInRefund[];
  /** While true, `POST /v1/refunds` fails with a 500 Stripe asks not to retry (an outage). */
  refundsFail: boolean;
  /** The buyer paid: the session completes (and for plans a subscription starts, a month long). */
  pay(sessionId: string): StandInSession;
  /** The session as Stripe shows it (a webhook's `data.object`). */
  sessionJson(sessionId: string): Json;
  /** Renews a subscription: its period moves on by a month; returns the new period. */
  renew(subscriptionId: string): { start: number; end: number };
  /**
   * The period ends, as Stripe ends it: a subscription set to cancel at the period end is
   * cancelled (then send `customer.subscription.deleted`); any other renews, as `renew`.
   */
  endPeriod(subscriptionId: string): "canceled" | "renewed";
  /** A `subscription_cycle` invoice for the subscription's current period (after `renew`). */
  cycleInvoice(subscriptionId: string, options?: { paid?: boolean; withLines?: boolean }): Json;
  close(): Promise<void>;
}

const DAY = 86_400;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  const coupons = new Map<string, StandInCoupon>();
  const refunds: StandInRefund[] = [];
  /** The payment intent that paid each subscription's first invoice (its InvoicePayment). */
  const invoicePayments = new Map<string, string>();
  /** Answers already given to an Idempotency-Key (Stripe replays them for 24 h). */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const control = { refundsFail: false };
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

  const server = createServer((request, response) => {
    void readBody(request).then(
      (raw) => {
        const [pathname = "/", query = ""] = (request.url ?? "/").split("?");
        const method = request.method ?? "GET";
        const params = parseForm(method === "GET" || method === "DELETE" ? query : raw);
        const key = request.headers["idempotency-key"];
        const idempotencyKey = typeof key === "string" ? key : undefined;
        requests.push({
          method,
          path: pathname,
          params,
          ...(idempotencyKey ? { idempotencyKey } : {}),
        });
        if (!String(request.headers.authorization ?? "").startsWith("Bearer sk_")) {
          return send(response, 401, stripeError("authentication_error", undefined, "No key"));
        }
        route(method, pathname, params, response, idempotencyKey);
      },
      () => send(response, 400, stripeError("invalid_request_error", undefined, "bad body")),
    );
  });

  function route(
    method: string,
    path: string,
    params: Json,
    response: ServerResponse,
    idempotencyKey: string | undefined,
  ): void {
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/refunds") {
      const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (replay) return send(response, replay.status, replay.body);
      if (control.refundsFail) {
        return send(response, 500, stripeError("api_error", undefined, "Refunds are down"), {
          "stripe-should-retry": "false",
        });
      }
      const answer = createRefund(params);
      if (idempotencyKey) idempotent.set(idempotencyKey, answer);
      return send(response, answer.status, answer.body);
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const invoice = String(params.invoice ?? "");
      const intent = invoicePayments.get(invoice);
      const data = intent
        ? [
            {
              id: `inpay_${invoice}`,
              object: "invoice_payment",
              invoice,
              is_default: true,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: intent },
            },
          ]
        : [];
      return send(response, 200, { object: "list", data, has_more: false, url: path });
    }
    if (method === "POST" && path === "/v1/coupons") {
      const coupon: StandInCoupon = {
        id: newId("coupon"),
        object: "coupon",
        amount_off: Number(params.amount_off),
        currency: String(params.currency ?? "usd"),
        duration: String(params.duration ?? "once"),
        max_redemptions: params.max_redemptions ? Number(params.max_redemptions) : null,
        name: typeof params.name === "string" ? params.name : null,
        metadata: (params.metadata ?? {}) as Record<string, string>,
      };
      coupons.set(coupon.id, coupon);
      return send(response, 200, coupon);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      return send(response, 200, presentSession(createSession(params)));
    }
    if (method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ""));
      if (!session) return send(response, 404, missing("checkout session", match[1]));
      return send(response, 200, presentSession(session, expansions(params)));
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const id = decodeURIComponent(match[1] ?? "");
      const subscription = subscriptions.get(id);
      if (!subscription) return send(response, 404, missing("subscription", id));
      if (method === "GET") return send(response, 200, subscription);
      if (method === "DELETE") {
        subscription.status = "canceled";
        subscription.canceled_at = nowSeconds();
        subscription.ended_at = nowSeconds();
        return send(response, 200, subscription);
      }
      if (method === "POST") {
        if (subscription.status === "canceled") {
          // Stripe: an ended subscription cannot be resumed (nor its cancellation changed).
          return send(
            response,
            400,
            stripeError(
              "invalid_request_error",
              undefined,
              "A canceled subscription can only update its cancellation_details and metadata.",
            ),
          );
        }
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        }
        return send(response, 200, subscription);
      }
    }
    send(
      response,
      404,
      stripeError(
        "invalid_request_error",
        undefined,
        `Unrecognized request URL (${method}: ${path})`,
      ),
    );
  }

  function createSession(params: Json): StandInSession {
    const lineItems = Array.isArray(params.line_items) ? (params.line_items as Json[]) : [];
    let total = 0;
    let currency = "usd";
    for (const item of lineItems) {
      const price = (item.price_data ?? {}) as Json;
      total += Number(price.unit_amount ?? 0) * Number(item.quantity ?? 1);
      currency = String(price.currency ?? currency);
    }
    // A discount with an amount-off coupon lowers what the session charges, as Stripe's does.
    const discounts = Array.isArray(params.discounts) ? (params.discounts as Json[]) : [];
    const subtotal = total;
    for (const discount of discounts) {
      const coupon = coupons.get(String(discount.coupon));
      if (coupon) total = Math.max(0, total - coupon.amount_off);
    }
    const id = newId("cs_test");
    const session: StandInSession = {
      id,
      object: "checkout.session",
      mode: String(params.mode ?? "payment"),
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: subtotal,
      amount_total: total,
      currency,
      customer: null,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      client_reference_id:
        typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      subscription: null,
      payment_intent: null,
      invoice: null,
      success_url: String(params.success_url ?? ""),
      cancel_url: String(params.cancel_url ?? ""),
      url: `https://checkout.stripe.com/c/pay/${id}#stand-in`,
      created: nowSeconds(),
      expires_at: nowSeconds() + DAY,
      livemode: false,
      line_items_params: lineItems,
      subscription_data_params: (params.subscription_data ?? null) as Json | null,
    };
    sessions.set(id, session);
    return session;
  }

  /** A full refund of a paid session's payment intent; Stripe refuses a second one. */
  function createRefund(params: Json): { status: number; body: unknown } {
    const paymentIntent = String(params.payment_intent ?? "");
    const session = [...sessions.values()].find(
      (s) =>
        s.payment_intent === paymentIntent ||
        (s.invoice !== null && invoicePayments.get(s.invoice) === paymentIntent),
    );
    if (!paymentIntent || !session) {
      return { status: 404, body: missing("payment_intent", paymentIntent) };
    }
    if (refunds.some((refund) => refund.payment_intent === paymentIntent)) {
      return {
        status: 400,
        body: stripeError(
          "invalid_request_error",
          "charge_already_refunded",
          `Charge for ${paymentIntent} has already been refunded.`,
        ),
      };
    }
    const refund: StandInRefund = {
      id: newId("re"),
      object: "refund",
      amount: session.amount_total,
      currency: session.currency,
      payment_intent: paymentIntent,
      status: "succeeded",
      metadata: (params.metadata ?? {}) as Record<string, string>,
      created: nowSeconds(),
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function presentSession(session: StandInSession, expand: string[] = []): Json {
    const body: Json = Object.fromEntries(
      Object.entries(session).filter(([key]) => !key.endsWith("_params")),
    );
    const subscription =
      expand.includes("subscription") && session.subscription
        ? (subscriptions.get(session.subscription) ?? session.subscription)
        : session.subscription;
    return { ...body, subscription };
  }

  function pay(sessionId: string): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stand-in: no session ${sessionId}`);
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    session.customer ??= newId("cus");
    if (session.mode === "subscription" && !session.subscription) {
      const start = nowSeconds();
      const price = ((session.line_items_params[0] ?? {}).price_data ?? {}) as Json;
      const id = newId("sub");
      subscriptions.set(id, {
        id,
        object: "subscription",
        status: "active",
        customer: session.customer,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        currency: session.currency,
        metadata: ((session.subscription_data_params ?? {}).metadata ?? {}) as Record<
          string,
          string
        >,
        latest_invoice: newId("in"),
        livemode: false,
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: addMonth(start),
              quantity: 1,
              price: {
                object: "price",
                unit_amount: Number(price.unit_amount ?? 0),
                currency: session.currency,
              },
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
      });
      session.subscription = id;
      session.invoice = subscriptions.get(id)?.latest_invoice ?? null;
      if (session.invoice) invoicePayments.set(session.invoice, newId("pi"));
    } else if (session.mode === "payment") {
      session.payment_intent = newId("pi");
    }
    return session;
  }

  function renew(subscriptionId: string): { start: number; end: number } {
    const item = subscriptions.get(subscriptionId)?.items.data[0];
    if (!item) throw new Error(`stand-in: no subscription ${subscriptionId}`);
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonth(item.current_period_start);
    return { start: item.current_period_start, end: item.current_period_end };
  }

  function endPeriod(subscriptionId: string): "canceled" | "renewed" {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`stand-in: no subscription ${subscriptionId}`);
    if (!subscription.cancel_at_period_end) {
      renew(subscriptionId);
      return "renewed";
    }
    subscription.status = "canceled";
    subscription.canceled_at ??= nowSeconds();
    subscription.ended_at = subscription.items.data[0]?.current_period_end ?? nowSeconds();
    return "canceled";
  }

  function cycleInvoice(
    subscriptionId: string,
    { paid = true, withLines = true }: { paid?: boolean; withLines?: boolean } = {},
  ): Json {
    const subscription = subscriptions.get(subscriptionId);
    const item = subscription?.items.data[0];
    if (!subscription || !item) throw new Error(`stand-in: no subscription ${subscriptionId}`);
    const amount = Number(item.price.unit_amount ?? 0);
    const id = newId("in");
    subscription.latest_invoice = id;
    return {
      id,
      object: "invoice",
      billing_reason: "subscription_cycle",
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: subscription.currency,
      customer: subscription.customer,
      period_start: item.current_period_start - 30 * DAY,
      period_end: item.current_period_start,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      lines: {
        object: "list",
        data: withLines
          ? [
              {
                id: newId("il"),
                object: "line_item",
                amount,
                currency: subscription.currency,
                period: { start: item.current_period_start, end: item.current_period_end },
                parent: {
                  type: "subscription_item_details",
                  invoice_item_details: null,
                  subscription_item_details: {
                    subscription: subscription.id,
                    subscription_item: item.id,
                    proration: false,
                  },
                },
              },
            ]
          : [],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      created: nowSeconds(),
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    coupons,
    refunds,
    get refundsFail() {
      return control.refundsFail;
    },
    set refundsFail(value: boolean) {
      control.refundsFail = value;
    },
    pay,
    sessionJson: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no session ${sessionId}`);
      return presentSession(session);
    },
    renew,
    endPeriod,
    cycleInvoice,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A signed-webhook event wrapping `object`, as Stripe delivers it. */
export function stripeEvent(
  type: string,
  object: Json,
  id = `evt_${randomBytes(12).toString("hex")}`,
): Json {
  return {
    id,
    object: "event",
    api_version: "2025-09-30.clover",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "request-id": `req_${randomBytes(8).toString("hex")}`,
    ...headers,
  });
  response.end(text);
}

function stripeError(type: string, code: string | undefined, message: string): Json {
  return { error: { type, ...(code ? { code } : {}), message } };
}

function missing(what: string, id: string | undefined): Json {
  return {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "id",
      message: `No such ${what}: '${id ?? ""}'`,
    },
  };
}

/** `expand[]=a` and `expand[0]=a` both. */
function expansions(params: Json): string[] {
  const expand = params.expand;
  if (Array.isArray(expand)) return expand.map(String);
  return typeof expand === "string" ? [expand] : [];
}

/**
 * Decodes Stripe's form encoding (`a[b][0][c]=1`, `expand[]=x`) into nested objects; objects
 * whose keys are all indices become arrays.
 */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    path.forEach((part, index) => {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[name] = value;
      } else {
        const next = node[name];
        node = (typeof next === "object" && next !== null ? next : (node[name] = {})) as Json;
      }
    });
  }
  return arraysFromIndices(root) as Json;
}

function arraysFromIndices(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arraysFromIndices(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
