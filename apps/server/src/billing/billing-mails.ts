import type { Config } from "../config.js";
import type { Mailer } from "../mail/mailer.js";
import { escapeHtml } from "../mail/templates.js";
import { PLANS, type PlanType } from "../minutes/plans.js";
import type { Locale, User } from "../users/repo.js";
import { formatUsd, planName } from "./catalog.js";

/** The billing e-mails: receipts, refunds and plan changes. */
export type BillingMail =
  | {
      kind: "plan-receipt" | "pack-receipt" | "pack-refunded" | "plan-refunded";
      product: string;
      amountCents: number;
      minutes: number;
    }
  | { kind: "downgraded-now" | "lapsed"; product: string }
  | { kind: "downgrade-scheduled"; product: string; periodEnd: string | null };

interface Rendered {
  subject: string;
  lines: string[];
}

function date(iso: string | null, locale: Locale): string {
  if (!iso) return locale === "zh-HK" ? "本計費期結束時" : "the end of this billing period";
  return new Intl.DateTimeFormat(locale === "zh-HK" ? "zh-HK" : "en-GB", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(iso));
}

function render(mail: BillingMail, locale: Locale): Rendered {
  const zh = locale === "zh-HK";
  const plan = planName(mail.product as PlanType);
  switch (mail.kind) {
    case "plan-receipt": {
      const minutes = PLANS[mail.product as PlanType].minutesPerMonth;
      return zh
        ? {
            subject: `收據：Verbatim ${plan} 計劃`,
            lines: [
              `感謝你訂閱 Verbatim ${plan} 計劃。`,
              `已收取：${formatUsd(mail.amountCents)}（每月）。`,
              `你每月可使用 ${minutes} 分鐘，由今日起計。`,
            ],
          }
        : {
            subject: `Receipt: Verbatim ${plan} plan`,
            lines: [
              `Thank you for subscribing to Verbatim ${plan}.`,
              `Charged: ${formatUsd(mail.amountCents)} (monthly).`,
              `You have ${minutes} minutes a month, starting today.`,
            ],
          };
    }
    case "pack-receipt":
      return zh
        ? {
            subject: `收據：${mail.minutes} 分鐘額外時數`,
            lines: [
              `感謝你購買 ${mail.minutes} 分鐘額外時數。`,
              `已收取：${formatUsd(mail.amountCents)}。`,
              "額外分鐘會在計劃分鐘用完後使用；只要你保留 Basic 計劃，便不會過期。",
            ],
          }
        : {
            subject: `Receipt: ${mail.minutes} extra minutes`,
            lines: [
              `Thank you for buying ${mail.minutes} extra minutes.`,
              `Charged: ${formatUsd(mail.amountCents)}.`,
              "Extra minutes are used after your plan's minutes and never expire while you keep Basic.",
            ],
          };
    case "pack-refunded":
      // A pack paid for after the account moved to Free (see confirmCheckout): say why.
      return zh
        ? {
            subject: `已退款：${mail.minutes} 分鐘額外時數`,
            lines: [
              `你購買 ${mail.minutes} 分鐘額外時數所付的 ${formatUsd(mail.amountCents)} 已全數退還。`,
              "額外時數只適用於付費計劃；由於你的帳戶在付款確認前已轉為免費計劃，這些分鐘沒有加入你的帳戶。",
              "款項會退回你付款時使用的卡，可能需要數天才會顯示。",
              "如需額外時數，請先重新訂閱 Basic 計劃。",
            ],
          }
        : {
            subject: `Refunded: ${mail.minutes} extra minutes`,
            lines: [
              `Your payment of ${formatUsd(mail.amountCents)} for ${mail.minutes} extra minutes has been refunded in full.`,
              "Extra minutes are only for paid plans, and your account moved to the Free plan before the payment was confirmed, so the minutes were not added.",
              "The money goes back to the card you paid with; it may take a few days to show.",
              "To buy extra minutes, subscribe to Basic again first.",
            ],
          };
    case "plan-refunded":
      // A plan paid for after the plan it was priced against changed (see confirmCheckout).
      return zh
        ? {
            subject: `已退款：Verbatim ${plan} 計劃`,
            lines: [
              `你訂閱 ${plan} 計劃所付的 ${formatUsd(mail.amountCents)} 已全數退還。`,
              `在這次付款確認前，你的計劃已有改變（另一筆付款先完成，或計劃已更改），這次的價格因此不再適用，${plan} 計劃沒有開始。`,
              "款項會退回你付款時使用的卡，可能需要數天才會顯示。",
              "請在價格頁由你現時的計劃重新選擇。",
            ],
          }
        : {
            subject: `Refunded: Verbatim ${plan} plan`,
            lines: [
              `Your payment of ${formatUsd(mail.amountCents)} for the ${plan} plan has been refunded in full.`,
              "Your plan changed before this payment was confirmed (another payment or a plan change came first), so its price no longer applied and the plan was not started.",
              "The money goes back to the card you paid with; it may take a few days to show.",
              "Choose again on the pricing page, from the plan you have now.",
            ],
          };
    case "downgraded-now":
      return zh
        ? {
            subject: "你已轉為免費計劃",
            lines: [
              `你的 ${plan} 計劃已取消，不會再收費。`,
              "你現在使用免費計劃：每月 20 分鐘。未用完的額外分鐘已失效。",
              "你的轉錄紀錄會保留。",
            ],
          }
        : {
            subject: "You are now on the Free plan",
            lines: [
              `Your ${plan} plan is cancelled; you will not be charged again.`,
              "You are on Free now: 20 minutes a month. Unused extra minutes have been forfeited.",
              "Your transcription history stays.",
            ],
          };
    case "downgrade-scheduled":
      return zh
        ? {
            subject: `你的 ${plan} 計劃將於期末結束`,
            lines: [
              `你的 ${plan} 計劃會維持至 ${date(mail.periodEnd, locale)}，之後轉為免費計劃，不會再收費。`,
              "在此之前，你可繼續使用剩餘的分鐘。",
            ],
          }
        : {
            subject: `Your ${plan} plan ends at the end of this period`,
            lines: [
              `Your ${plan} plan stays active until ${date(mail.periodEnd, locale)}, then moves to Free; you will not be charged again.`,
              "Until then, your remaining minutes are yours to use.",
            ],
          };
    case "lapsed":
      return zh
        ? {
            subject: "你的計劃已轉為免費計劃",
            lines: [
              `你的 ${plan} 計劃已結束，現在使用免費計劃：每月 20 分鐘。`,
              "如要繼續使用更多分鐘，可隨時重新訂閱。",
            ],
          }
        : {
            subject: "Your plan has moved to Free",
            lines: [
              `Your ${plan} plan has ended and you are on Free now: 20 minutes a month.`,
              "You can subscribe again at any time.",
            ],
          };
  }
}

/** Sends a billing e-mail in the user's language, plain text and HTML, linking to the account. */
export async function sendBillingMail(
  { mailer, config }: { mailer: Mailer; config: Pick<Config, "publicUrl"> },
  user: User,
  mail: BillingMail,
): Promise<void> {
  const { subject, lines } = render(mail, user.locale);
  const zh = user.locale === "zh-HK";
  const greeting = user.name
    ? zh
      ? `${user.name}，你好：`
      : `Hello ${user.name},`
    : zh
      ? "你好："
      : "Hello,";
  const link = `${config.publicUrl}/account`;
  const action = zh ? "查看你的帳戶" : "See your account";
  const text = [greeting, "", ...lines, "", `${action}: ${link}`, "", "Verbatim"].join("\n");
  const html = [
    `<!doctype html><html lang="${user.locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `</body></html>`,
  ].join("\n");
  await mailer.send({ to: user.email, subject, text, html });
}
