import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

/** A received e-mail, decoded enough for tests: recipient, subject, text and HTML bodies. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The top-level headers as sent (names lower-cased, values not decoded): `reply-to`, … */
  headers: Record<string, string>;
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
export interface SmtpInbox {
  /** `smtp://127.0.0.1:port` for `config.smtpUrl`. */
  url: string;
  /** Every message received so far. */
  messages: ReceivedMail[];
  /** Resolves with the next message to that address (or one already received and not taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts the inbox. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, ...parseMessage(Buffer.concat(chunks).toString("utf8")) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const next = (to: string, timeoutMs = 10_000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no e-mail to ${to}`)), timeoutMs);
      const look = () => {
        const found = messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
        if (!found) return void waiters.push(look);
        taken.add(found);
        clearTimeout(timer);
        resolve(found);
      };
      look();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A small MIME reader: enough for nodemailer's multipart/alternative with QP or base64 parts.

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  // Byte by byte: `=XX` is one byte, anything else (a literal `%` included) is itself.
  const parts = text
    .replace(/=\r?\n/g, "")
    .split(/(=[0-9A-F]{2})/i)
    .map((part) =>
      /^=[0-9A-F]{2}$/i.test(part) ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part),
    );
  return Buffer.concat(parts).toString("utf8");
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function parseMessage(raw: string): Omit<ReceivedMail, "to"> {
  const { headers, body } = splitHead(raw);
  const subject = decodeWords(headers.get("subject") ?? "");
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitHead(part.replace(/^\r?\n/, "")))
    : [{ headers, body }];
  let text = "";
  let html = "";
  for (const part of parts) {
    const partType = part.headers.get("content-type") ?? "text/plain";
    const decoded = decodeBody(part.headers, part.body).replace(/\r\n/g, "\n");
    if (partType.startsWith("text/html")) html = decoded;
    else if (partType.startsWith("text/plain")) text = decoded;
  }
  return { subject, text, html, headers: Object.fromEntries(headers) };
}
