import { escapeHtml } from "../mail/templates.js";
import { PLANS, type PlanType } from "../minutes/plans.js";

/** What the test checkout page shows. */
export interface CheckoutPageModel {
  sessionId: string;
  description: string;
  /** What is paid now. */
  price: string;
  recurring: boolean;
  /** An upgrade: the credit taken off this first payment, and the monthly price after it. */
  upgrade?: { credit: string; monthly: string };
  cancelUrl: string;
  error?: string;
  values?: { name?: string; cardNumber?: string; expiry?: string };
  zh: boolean;
}

const COPY = {
  en: {
    title: "Verbatim checkout",
    banner:
      "Test payment page: no real money is taken. Pay with card 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.",
    perMonth: "a month",
    today: "today",
    upgrade: (credit: string, monthly: string) =>
      `${credit} off for the unused part of your current plan; then ${monthly} a month.`,
    name: "Name on card",
    card: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    pay: "Pay",
    cancel: "Cancel and go back",
  },
  zh: {
    title: "Verbatim 付款",
    banner:
      "測試付款頁面：不會收取任何真實款項。請使用卡號 4242 4242 4242 4242；4000 0000 0000 0002 會被拒絕。",
    perMonth: "每月",
    today: "今日",
    upgrade: (credit: string, monthly: string) =>
      `已扣除現有計劃未用部分 ${credit}；之後每月 ${monthly}。`,
    name: "持卡人姓名",
    card: "卡號",
    expiry: "到期日（MM/YY）",
    cvc: "安全碼",
    pay: "付款",
    cancel: "取消並返回",
  },
} as const;

const CHINESE_PLAN_NAMES: Readonly<Record<PlanType, string>> = {
  free: "免費",
  basic: "基本",
  standard: "標準",
  pro: "專業",
};

/** What is bought, in Chinese (the English one is the provider's product description). */
export function chineseDescription(kind: "plan" | "pack", product: string): string {
  if (kind === "plan") {
    const plan = PLANS[product as PlanType];
    return `Verbatim ${CHINESE_PLAN_NAMES[plan.type]}計劃：每月 ${plan.minutesPerMonth} 分鐘`;
  }
  return `Verbatim：額外 ${product} 分鐘`;
}

/** The hosted test checkout: what is bought, the price, a card form, clearly labelled a test. */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const copy = model.zh ? COPY.zh : COPY.en;
  const value = (key: keyof NonNullable<CheckoutPageModel["values"]>) =>
    escapeHtml(model.values?.[key] ?? "");
  const price = model.upgrade
    ? `${escapeHtml(model.price)} <small>${copy.today}</small>`
    : `${escapeHtml(model.price)}${model.recurring ? ` <small>${copy.perMonth}</small>` : ""}`;
  const upgrade = model.upgrade
    ? `<p class="upgrade">${escapeHtml(copy.upgrade(model.upgrade.credit, model.upgrade.monthly))}</p>`
    : "";
  return `<!doctype html>
<html lang="${model.zh ? "zh-HK" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${copy.title}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; color: #18181b; }
  main { max-width: 420px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 3px #0002; }
  .banner { background: #fef3c7; color: #78350f; border: 1px solid #f59e0b; border-radius: 8px; padding: 10px 12px; font-size: 14px; }
  .error { background: #fee2e2; color: #991b1b; border: 1px solid #ef4444; border-radius: 8px; padding: 10px 12px; }
  h1 { font-size: 20px; margin: 16px 0 4px; }
  .price { font-size: 28px; font-weight: 700; margin: 0 0 16px; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 16px; border: 1px solid #a1a1aa; border-radius: 6px; }
  input:focus { outline: 3px solid #2563eb55; border-color: #2563eb; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 20px; width: 100%; padding: 12px; font-size: 16px; font-weight: 600; color: #fff; background: #2563eb; border: 0; border-radius: 6px; cursor: pointer; }
  a { display: block; text-align: center; margin-top: 14px; color: #3f3f46; }
</style>
</head>
<body>
<main>
  <p class="banner" role="note">${copy.banner}</p>
  <h1>${escapeHtml(model.description)}</h1>
  <p class="price">${price}</p>
  ${upgrade}
  ${model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : ""}
  <form method="post" action="/api/payments/local/checkout/${encodeURIComponent(model.sessionId)}">
    <label for="name">${copy.name}</label>
    <input id="name" name="name" autocomplete="cc-name" value="${value("name")}" required>
    <label for="cardNumber">${copy.card}</label>
    <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${value("cardNumber")}" required>
    <div class="row">
      <div><label for="expiry">${copy.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" value="${value("expiry")}" required></div>
      <div><label for="cvc">${copy.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div>
    </div>
    <button type="submit">${copy.pay} ${escapeHtml(model.price)}</button>
  </form>
  <a href="${escapeHtml(model.cancelUrl)}">${copy.cancel}</a>
</main>
</body>
</html>
`;
}
