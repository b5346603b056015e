import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/database.js";
import { linksIn, loggedMails } from "./mailer.js";
import { escapeHtml } from "./templates.js";
import { fail } from "../http/app-error.js";

const SHOWN = 50;

/** True for a peer on this machine (IPv4 loopback, IPv6 ::1 or its IPv4-mapped form). */
function isLoopbackPeer(address: string | undefined): boolean {
  return !!address && /^(::ffff:)?127\.|^::1$/.test(address);
}

/**
 * GET /dev/mailbox, only in development without SMTP: the mails the server would have sent
 * (sign-up confirmations, password resets), newest first, with their links. It answers only
 * requests from this machine, since those links open accounts.
 */
export function devMailboxRoute({ db }: { db: Db }): FastifyPluginAsync {
  return async (app) => {
    app.get("/dev/mailbox", { schema: { hide: true } }, async (request, reply) => {
      if (!isLoopbackPeer(request.socket.remoteAddress)) {
        // Shown only on the server's own machine: elsewhere it does not exist.
        fail("NOT_FOUND");
      }
      const rows = await loggedMails(db, SHOWN);
      const items = rows.map((row) => {
        const links = linksIn(row.text_body)
          .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
          .join("");
        return `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To ${escapeHtml(row.to_address)} · ${escapeHtml(row.created_at)}</p>
  ${links ? `<ul>${links}</ul>` : ""}
  <details><summary>Full text</summary><pre>${escapeHtml(row.text_body)}</pre></details>
</article>`;
      });
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        ).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Verbatim</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 760px; margin: 24px auto; padding: 0 16px; color: #18181b; }
  .note { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 8px; padding: 10px 12px; }
  article { border-bottom: 1px solid #e4e4e7; padding: 8px 0; }
  h2 { font-size: 18px; margin: 8px 0 2px; } .meta { color: #52525b; margin: 0; font-size: 14px; }
  pre { white-space: pre-wrap; background: #f4f4f5; padding: 8px; }
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p class="note" role="note">No SMTP_URL is set, so e-mails are not sent: the last ${SHOWN} are listed here (newest first) and printed on the server's console. Set SMTP_URL to send real mail; with NODE_ENV=production this page does not exist.</p>
${items.length ? items.join("\n") : "<p>No e-mails yet. Sign up or ask for a password reset, then reload this page.</p>"}
</body>
</html>`);
    });
  };
}
