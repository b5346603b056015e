import { escapeHtml, type RenderedMail } from "../mail/templates.js";
import type { Locale } from "../users/repo.js";

/** One comment as the owner's e-mail lists it (every field as the viewer typed it: hostile). */
export interface MailedComment {
  authorName: string;
  startMs: number;
  body: string;
  reply: boolean;
}

interface CommentMailCopy {
  subject: (count: number, file: string) => string;
  intro: (count: number, file: string) => string;
  reply: string;
  open: string;
  footer: string;
}

const COPY: Readonly<Record<Locale, CommentMailCopy>> = {
  en: {
    subject: (count, file) =>
      count === 1 ? `New comment on “${file}”` : `${count} new comments on “${file}”`,
    intro: (count, file) =>
      count === 1
        ? `Someone commented on “${file}” through a share link:`
        : `${count} comments were left on “${file}” through share links:`,
    reply: "reply",
    open: "Open it in the editor",
    footer:
      "You get one e-mail per batch of comments. To get none, turn off “E-mail me about comments on my share links” in your account settings.",
  },
  "zh-HK": {
    subject: (count, file) =>
      count === 1 ? `「${file}」有新留言` : `「${file}」有 ${count} 則新留言`,
    intro: (count, file) =>
      count === 1
        ? `有人透過分享連結在「${file}」留言：`
        : `有人透過分享連結在「${file}」留下 ${count} 則留言：`,
    reply: "回覆",
    open: "在編輯器開啟",
    footer:
      "每批留言只會寄出一封電郵。如不想收到，可在帳戶設定關閉「有人在我的分享連結留言時以電郵通知我」。",
  },
};

/** A time in the media as the editor shows it: m:ss, or h:mm:ss past an hour. */
export function cueClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Text for one line of a header or a label: no line breaks or controls, at most `max` characters. */
function oneLine(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- controls are exactly what is removed
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The owner's one e-mail about a batch of comments left through share links: who (the name the
 * viewer typed), where (the cue time) and what, with a link to the transcription in the editor.
 * Everything the viewers typed is escaped in the HTML part and kept off the subject, whose only
 * variable part (the file name) is flattened to one line.
 */
export function renderCommentMail(
  values: { fileName: string; comments: MailedComment[]; link: string },
  locale: Locale,
): RenderedMail {
  const copy = COPY[locale];
  const file = oneLine(values.fileName, 80);
  const count = values.comments.length;
  const label = (comment: MailedComment) =>
    `${oneLine(comment.authorName, 60)} · ${cueClock(comment.startMs)}${comment.reply ? ` · ${copy.reply}` : ""}`;
  const text = [
    copy.intro(count, file),
    "",
    ...values.comments.map(
      (comment) => `${label(comment)}\n> ${comment.body.replace(/\r?\n/g, "\n> ")}\n`,
    ),
    `${copy.open}: ${values.link}`,
    "",
    copy.footer,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(copy.intro(count, file))}</p>`,
    ...values.comments.map(
      (comment) =>
        `<div style="margin:8px 0;padding:8px 12px;border-left:3px solid #2563eb;background:#f8fafc"><p style="margin:0;font-size:13px;color:#52525b">${escapeHtml(label(comment))}</p><p style="margin:4px 0 0;white-space:pre-wrap">${escapeHtml(comment.body)}</p></div>`,
    ),
    `<p><a href="${escapeHtml(values.link)}">${escapeHtml(copy.open)}</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(copy.footer)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: copy.subject(count, file), text, html };
}
