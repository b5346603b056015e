/** How the test checkout answers a card. */
export type CardOutcome =
  { ok: true } | { ok: false; status: 400 | 402; message: { en: string; zh: string } };

const PAYS = "4242424242424242";
const DECLINED = "4000000000000002";

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Checks a card as a payment network would for the two standard test cards: the form first
 * (number, expiry in the future, CVC), then 4242… pays and 4000…0002 is declined.
 */
export function checkTestCard(
  { cardNumber, expiry, cvc }: { cardNumber?: string; expiry?: string; cvc?: string },
  now: Date,
): CardOutcome {
  const digits = (cardNumber ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    return bad("Your card number is incorrect.", "卡號不正確。");
  }
  const match = (expiry ?? "").trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  const month = Number(match?.[1]);
  const year = match?.[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match?.[2]);
  if (!match || month < 1 || month > 12) {
    return bad("Your card's expiry date is incorrect (MM/YY).", "到期日不正確（MM/YY）。");
  }
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return bad("Your card has expired.", "此卡已過期。");
  }
  if (!/^\d{3,4}$/.test((cvc ?? "").trim())) {
    return bad("Your card's security code is incorrect.", "安全碼不正確。");
  }
  if (digits === PAYS) return { ok: true };
  if (digits === DECLINED) {
    return {
      ok: false,
      status: 402,
      message: { en: "Your card was declined.", zh: "你的卡被拒絕。" },
    };
  }
  return bad(
    "This test checkout accepts only the test cards 4242 4242 4242 4242 (pays) and 4000 0000 0000 0002 (declined).",
    "此測試付款頁面只接受測試卡 4242 4242 4242 4242（成功）及 4000 0000 0000 0002（拒絕）。",
  );
}

function bad(en: string, zh: string): CardOutcome {
  return { ok: false, status: 400, message: { en, zh } };
}
