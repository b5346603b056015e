import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { createMailer } from "../src/mail/mailer.js";
import { renderMail } from "../src/mail/templates.js";
import { startTestApi, tokenFromMail, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox } from "./support/smtp-inbox.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

describe("the account e-mails", () => {
  it.each(["setup", "reset", "already-registered"] as const)(
    "renders %s in both languages",
    (template) => {
      const values = {
        name: "<Ann>",
        link: "https://verbatim.test/reset-password?token=abc&setup=true",
      };
      const en = renderMail(template, "en", values);
      const zh = renderMail(template, "zh-HK", values);
      expect(en.text).toContain(values.link);
      expect(zh.text).toContain(values.link);
      expect(en.html).toContain("token=abc&#38;setup=true");
      expect(en.html).toContain("&#60;Ann&#62;");
      expect(zh.subject).not.toBe(en.subject);
      expect(zh.subject).toMatch(/[\u4e00-\u9fff]/);
    },
  );
});

describe.each(DATABASE_KINDS)("the mail outbox on %s", (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(() => api.close());

  it("logs and keeps a message when no SMTP server is configured", async () => {
    await api.post("/api/auth/register", { name: "Offline", email: "offline@example.com" });
    let rows: { to_address: string; subject: string; text_body: string; status: string }[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await api.db
        .selectFrom("mail_outbox")
        .select(["to_address", "subject", "text_body", "status"])
        .execute();
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to_address: "offline@example.com",
      subject: "Set up your Verbatim account",
      status: "logged",
    });
    expect(tokenFromMail(rows[0]?.text_body ?? "").url.searchParams.get("setup")).toBe("true");
  });
});

describe.each(DATABASE_KINDS)("the SMTP mailer on %s", (kind) => {
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>["db"];
  const log = Fastify({ logger: { level: "silent" } }).log;
  const message = { to: "x@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>" };

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(kind));
  });
  afterAll(() => close());

  it("records a delivered message as sent and an undeliverable one as failed", async () => {
    const inbox = await startSmtpInbox();
    const mailer = createMailer({
      config: { smtpUrl: inbox.url, mailFrom: "Verbatim <v@example.com>" },
      db,
      log,
    });
    expect(await mailer.send(message)).toBe("sent");
    expect((await inbox.next("x@example.com")).text.trim()).toBe("Hello");
    mailer.close();
    await inbox.close();

    const broken = createMailer({
      config: { smtpUrl: inbox.url, mailFrom: "v@example.com" },
      db,
      log,
    });
    expect(await broken.send(message)).toBe("failed");
    broken.close();
    const statuses = await db
      .selectFrom("mail_outbox")
      .select(["status", "error"])
      .orderBy("id")
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(["sent", "failed"]);
    expect(statuses[1]?.error).toBeTruthy();
  });
});
