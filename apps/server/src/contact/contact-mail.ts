import { escapeHtml, type RenderedMail } from "../mail/templates.js";
import type { Locale } from "../users/repo.js";

/** A contact-form message as support receives it. */
export interface ContactMailValues {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: Locale;
  /** The sender's account, when they were signed in. */
  userId: string | null;
}

interface ContactCopy {
  subject: (subject: string, name: string) => string;
  intro: string;
  from: string;
  topic: string;
  language: string;
  account: string;
  anonymous: string;
  reference: string;
  replyHint: string;
}

const COPY: Readonly<Record<Locale, ContactCopy>> = {
  en: {
    subject: (subject, name) => `[Contact] ${subject} from ${name}`,
    intro: "A new message arrived through the contact form.",
    from: "From",
    topic: "Subject",
    language: "Language",
    account: "Account",
    anonymous: "not signed in",
    reference: "Reference",
    replyHint: "Reply to this e-mail to answer the sender directly.",
  },
  "zh-HK": {
    subject: (subject, name) => `[聯絡表格] ${name}：${subject}`,
    intro: "聯絡表格收到一則新訊息。",
    from: "寄件人",
    topic: "主題",
    language: "語言",
    account: "帳戶",
    anonymous: "未登入",
    reference: "參考編號",
    replyHint: "直接回覆此電郵即可回覆寄件人。",
  },
};

/** The e-mail to support for one contact-form message (sent with Reply-To: the sender). */
export function renderContactMail(values: ContactMailValues, locale: Locale): RenderedMail {
  const copy = COPY[locale];
  // Header fields must stay on one line whatever the sender typed.
  const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
  const details: [string, string][] = [
    [copy.from, `${values.name} <${values.email}>`],
    [copy.topic, values.subject],
    [copy.language, values.locale],
    [copy.account, values.userId ?? copy.anonymous],
    [copy.reference, values.id],
  ];
  const text = [
    copy.intro,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    values.message,
    "",
    "--",
    copy.replyHint,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(copy.intro)}</p>`,
    `<table style="border-collapse:collapse">`,
    ...details.map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
    ),
    `</table>`,
    `<div style="white-space:pre-wrap;margin:16px 0;padding:12px;border-left:3px solid #2563eb;background:#f8fafc">${escapeHtml(values.message)}</div>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(copy.replyHint)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: oneLine(copy.subject(values.subject, oneLine(values.name))), text, html };
}
