import type { Locale } from "../users/repo.js";

/** The e-mails the account flows (and team invitations) send. */
export type MailTemplate =
  | "setup"
  | "reset"
  | "already-registered"
  | "email-change"
  | "email-changed"
  | "password-changed"
  | "team-invitation";

/** A rendered e-mail, ready for the {@link Mailer}. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Copy {
  subject: string;
  greeting: (name: string | null) => string;
  /** `{detail}` is replaced by `values.detail` (the new address of an e-mail change). */
  body: string;
  action: string;
  footer: string;
}

const COPY: Readonly<Record<Locale, Readonly<Record<MailTemplate, Copy>>>> = {
  en: {
    setup: {
      subject: "Set up your Verbatim account",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "Welcome to Verbatim. Choose a password to finish setting up your account. The link is valid for 7 days.",
      action: "Set your password",
      footer: "If you did not sign up, you can ignore this e-mail.",
    },
    reset: {
      subject: "Reset your Verbatim password",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "We received a request to reset your password. The link is valid for 1 hour and works once.",
      action: "Reset your password",
      footer:
        "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
    },
    "already-registered": {
      subject: "You already have a Verbatim account",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "Someone tried to sign up with this e-mail address, but you already have an account. If you forgot your password, reset it here. The link is valid for 1 hour.",
      action: "Reset your password",
      footer: "If this was not you, you can ignore this e-mail.",
    },
    "email-change": {
      subject: "Confirm your new Verbatim e-mail address",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "You asked to use this address for your Verbatim account. Confirm it to make the change; until then you keep signing in with your current address. The link is valid for 24 hours and works once.",
      action: "Confirm this address",
      footer: "If you did not ask for this, you can ignore this e-mail; nothing changes.",
    },
    "email-changed": {
      subject: "Your Verbatim e-mail address was changed",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "The e-mail address of your Verbatim account was changed to {detail}. You now sign in with that address, and this one gets no more account e-mails.",
      action: "Tell us if this was not you",
      footer: "If you made this change, you need not do anything.",
    },
    "password-changed": {
      subject: "Your Verbatim password was changed",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "The password of your Verbatim account was just changed, and your other sessions were signed out.",
      action: "Not you? Reset your password",
      footer: "If you made this change, you need not do anything.",
    },
    "team-invitation": {
      subject: "You are invited to a team on Verbatim",
      greeting: (name) => (name ? `Hello ${name},` : "Hello,"),
      body: "{detail} Open the link to join; if you have no Verbatim account yet, sign up with this e-mail address first, then open the link again. The link is valid for 7 days and works once.",
      action: "Join the team",
      footer: "If you do not know the sender, you can ignore this e-mail.",
    },
  },
  "zh-HK": {
    setup: {
      subject: "設定你的 Verbatim 帳戶",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "歡迎使用 Verbatim。請設定密碼以完成帳戶設定。此連結在 7 日內有效。",
      action: "設定密碼",
      footer: "如你沒有註冊，請忽略此電郵。",
    },
    reset: {
      subject: "重設你的 Verbatim 密碼",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "我們收到重設你密碼的要求。此連結在 1 小時內有效，並只可使用一次。",
      action: "重設密碼",
      footer: "如你沒有提出此要求，請忽略此電郵，你的密碼不會改變。",
    },
    "already-registered": {
      subject: "你已擁有 Verbatim 帳戶",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "有人嘗試以此電郵地址註冊，但你已擁有帳戶。如你忘記了密碼，可在此重設。此連結在 1 小時內有效。",
      action: "重設密碼",
      footer: "如這不是你本人，請忽略此電郵。",
    },
    "email-change": {
      subject: "確認你的 Verbatim 新電郵地址",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "你要求以此地址登入你的 Verbatim 帳戶。請確認以完成更改；在確認之前，你仍以現有地址登入。此連結在 24 小時內有效，並只可使用一次。",
      action: "確認此地址",
      footer: "如你沒有提出此要求，請忽略此電郵，一切不會改變。",
    },
    "email-changed": {
      subject: "你的 Verbatim 電郵地址已更改",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "你的 Verbatim 帳戶電郵地址已更改為 {detail}。你現在要以該地址登入，此地址不會再收到帳戶電郵。",
      action: "如這不是你本人，請告訴我們",
      footer: "如這是你本人所作的更改，你無須採取任何行動。",
    },
    "password-changed": {
      subject: "你的 Verbatim 密碼已更改",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "你的 Verbatim 帳戶密碼剛剛已更改，你在其他裝置的登入亦已登出。",
      action: "不是你本人？請重設密碼",
      footer: "如這是你本人所作的更改，你無須採取任何行動。",
    },
    "team-invitation": {
      subject: "你獲邀加入 Verbatim 的團隊",
      greeting: (name) => (name ? `${name}，你好：` : "你好："),
      body: "{detail} 請開啟連結加入；如你還沒有 Verbatim 帳戶，請先以此電郵地址註冊，然後再開啟連結。此連結在 7 日內有效，並只可使用一次。",
      action: "加入團隊",
      footer: "如你不認識寄件人，請忽略此電郵。",
    },
  },
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Renders an account e-mail in the user's language, as plain text and simple HTML. */
export function renderMail(
  template: MailTemplate,
  locale: Locale,
  values: { name: string | null; link: string; detail?: string },
): RenderedMail {
  const template_ = COPY[locale][template];
  const copy = { ...template_, body: template_.body.replace("{detail}", values.detail ?? "") };
  const greeting = copy.greeting(values.name);
  const text = [
    greeting,
    "",
    copy.body,
    "",
    `${copy.action}: ${values.link}`,
    "",
    copy.footer,
    "",
    "Verbatim",
  ].join("\n");
  const link = escapeHtml(values.link);
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(copy.body)}</p>`,
    `<p><a href="${link}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(copy.action)}</a></p>`,
    `<p style="font-size:12px;color:#555">${link}</p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(copy.footer)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: copy.subject, text, html };
}
