import { escapeHtml, type RenderedMail } from "../mail/templates.js";
import type { Locale } from "../users/repo.js";

interface SupportMailCopy {
  toUserSubject: string;
  toUserIntro: string;
  toAdminSubject: (who: string) => string;
  toAdminIntro: (who: string) => string;
  open: string;
}

const COPY: Readonly<Record<Locale, SupportMailCopy>> = {
  en: {
    toUserSubject: "Verbatim support replied to you",
    toUserIntro: "Support answered your message. Open the chat to read it and reply:",
    toAdminSubject: (who) => `[Support chat] New message from ${who}`,
    toAdminIntro: (who) => `${who} wrote in the support chat and no admin has read it yet:`,
    open: "Open the conversation",
  },
  "zh-HK": {
    toUserSubject: "Verbatim 支援團隊已回覆你",
    toUserIntro: "支援團隊已回覆你的訊息。請開啟對話閱讀及回覆：",
    toAdminSubject: (who) => `[支援對話] ${who} 的新訊息`,
    toAdminIntro: (who) => `${who} 在支援對話留言，尚未有管理員閱讀：`,
    open: "開啟對話",
  },
};

/**
 * The one e-mail about unread chat messages: to the user (support's replies) or to an admin
 * (the user's messages), with the messages' text and a link to the conversation.
 */
export function renderSupportMail(
  values: { to: "user" | "admin"; who: string; messages: string[]; link: string },
  locale: Locale,
): RenderedMail {
  const copy = COPY[locale];
  const subject =
    values.to === "user"
      ? copy.toUserSubject
      : copy.toAdminSubject(values.who.replace(/\s+/g, " "));
  const intro = values.to === "user" ? copy.toUserIntro : copy.toAdminIntro(values.who);
  const text = [
    intro,
    "",
    ...values.messages.map((m) => `> ${m.replace(/\n/g, "\n> ")}\n`),
    `${copy.open}: ${values.link}`,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(intro)}</p>`,
    ...values.messages.map(
      (m) =>
        `<div style="white-space:pre-wrap;margin:8px 0;padding:8px 12px;border-left:3px solid #2563eb;background:#f8fafc">${escapeHtml(m)}</div>`,
    ),
    `<p><a href="${escapeHtml(values.link)}">${escapeHtml(copy.open)}</a></p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}
