import { randomUUID } from "node:crypto";
import { CONTACT_SUBJECTS } from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderContactMail } from "../src/contact/contact-mail.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";
import { signedInUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

const SUPPORT = "help@verbatim.test";
/** Tight limits so the rate-limit test meets them; every other test uses its own IP and address. */
const LIMITS = { perIp: { max: 3, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 } };

let ipCounter = 0;
/** A client address of its own (the API trusts this test as its proxy: TRUST_PROXY below). */
const freshIp = () => ({
  "x-forwarded-for": `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
});
const freshEmail = () => `${randomUUID().slice(0, 8)}@example.com`;

const valid = () => ({
  name: "Ann Lee",
  email: freshEmail(),
  subject: "Technical Support",
  message: "My upload stops at 50%.\nCan you help?",
});

describe("the contact e-mail", () => {
  it("renders in both languages and escapes what the sender typed", () => {
    const values = {
      id: "ref-1",
      name: "<b>Ann</b>",
      email: "ann@example.com",
      subject: "Other",
      message: "<script>x</script>",
      locale: "zh-HK" as const,
      userId: null,
    };
    const en = renderContactMail(values, "en");
    const zh = renderContactMail(values, "zh-HK");
    expect(en.text).toContain("<script>x</script>");
    expect(en.html).not.toContain("<script>");
    expect(en.html).toContain("&#60;script&#62;");
    expect(zh.subject).not.toBe(en.subject);
    expect(zh.text).toMatch(/[\u4e00-\u9fff]/);
    expect(renderContactMail({ ...values, name: "Ann\r\nBcc: x@evil" }, "en").subject).not.toMatch(
      /[\r\n]/,
    );
  });
});

describe.each(DATABASE_KINDS)("POST /api/contact on %s", (kind) => {
  let api: TestApi;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // The test is the proxy in front: its X-Forwarded-For stands for distinct clients.
    api = await startTestApi(
      kind,
      { SMTP_URL: inbox.url, SUPPORT_EMAIL: SUPPORT, TRUST_PROXY: "127.0.0.1" },
      undefined,
      {
        contact: { rateLimits: LIMITS },
      },
    );
  });
  afterAll(async () => {
    await api?.close();
    await inbox?.close();
  });

  const stored = (email: string) =>
    api.db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();

  it("stores a visitor's message and mails it to support with Reply-To the sender", async () => {
    const body = { ...valid(), name: "  Ann Lee  " };
    const response = await api.post("/api/contact", body, freshIp());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const rows = await stored(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: null,
      name: "Ann Lee",
      email: body.email,
      subject: "Technical Support",
      message: body.message,
      locale: "en",
    });
    expect(Date.now() - Date.parse(rows[0]?.created_at ?? "")).toBeLessThan(60_000);

    const mail = await inbox.next(SUPPORT);
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.headers["reply-to"]).toBe(body.email);
    expect(mail.subject).toContain("Technical Support");
    expect(mail.subject).toContain("Ann Lee");
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain(body.email);
    expect(mail.text).toContain(rows[0]?.id ?? "missing id");
    expect(mail.html).toContain("My upload stops at 50%.");
  });

  it("links a signed-in sender's account and language; a stale token counts as anonymous", async () => {
    const user = await signedInUser(api.db, { locale: "zh-HK" });
    const mine = valid();
    const response = await api.post("/api/contact", mine, { ...user.auth, ...freshIp() });
    expect(response.status).toBe(200);
    expect(await stored(mine.email)).toMatchObject([{ user_id: user.id, locale: "zh-HK" }]);
    expect((await inbox.next(SUPPORT)).text).toContain(user.id);

    const stale = { ...valid(), language: "zh-HK" };
    const anonymous = await api.post("/api/contact", stale, {
      authorization: "Bearer expired-or-made-up",
      ...freshIp(),
    });
    expect(anonymous.status).toBe(200);
    expect(await stored(stale.email)).toMatchObject([{ user_id: null, locale: "zh-HK" }]);
    await inbox.next(SUPPORT);
  });

  it.each(CONTACT_SUBJECTS)("accepts the subject %s", async (subject) => {
    const body = { ...valid(), subject };
    expect((await api.post("/api/contact", body, freshIp())).status).toBe(200);
    expect(await stored(body.email)).toMatchObject([{ subject }]);
    await inbox.next(SUPPORT);
  });

  it.each([
    ["no name", { name: undefined }, "(name): Name is required"],
    ["a blank name", { name: "   " }, "(name): Name is required"],
    ["a name over 200 characters", { name: "a".repeat(201) }, "Name must be at most 200"],
    ["no e-mail", { email: undefined }, "(email): Email is required"],
    ["a bad e-mail", { email: "ann@" }, "(email): Invalid email address"],
    ["a blank e-mail", { email: "  " }, "(email): Invalid email address"],
    ["no subject", { subject: undefined }, "(subject): Subject must be one of"],
    ["an unknown subject", { subject: "Complaint" }, "(subject): Subject must be one of"],
    ["no message", { message: undefined }, "(message): Message is required"],
    ["a blank message", { message: "\n \t" }, "(message): Message is required"],
    ["a message over 5000 characters", { message: "x".repeat(5001) }, "at most 5000"],
    ["an unknown language", { language: "fr" }, "(language): Language must be en or zh-HK"],
  ])("refuses %s with 400 and a clear message", async (_name, change, message) => {
    const body: Record<string, unknown> = { ...valid(), ...change };
    const response = await api.post("/api/contact", body, freshIp());
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; message: string };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toContain(message);
    if (typeof body.email === "string") expect(await stored(body.email)).toEqual([]);
  });

  it("accepts the longest allowed name and message", async () => {
    const body = { ...valid(), name: "n".repeat(200), message: "m".repeat(5000) };
    expect((await api.post("/api/contact", body, freshIp())).status).toBe(200);
    await inbox.next(SUPPORT);
  });

  it("limits messages per e-mail address and per client address (429)", async () => {
    const email = freshEmail();
    const first = freshIp();
    for (let i = 0; i < LIMITS.perEmail.max; i++) {
      expect((await api.post("/api/contact", { ...valid(), email }, first)).status).toBe(200);
    }
    const sameEmail = await api.post("/api/contact", { ...valid(), email }, freshIp());
    expect(sameEmail.status).toBe(429);
    expect(Number(sameEmail.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await sameEmail.json()) as { code: string }).code).toBe("RATE_LIMITED");
    // The address is limited whatever its case.
    const shouted = await api.post(
      "/api/contact",
      { ...valid(), email: email.toUpperCase() },
      freshIp(),
    );
    expect(shouted.status).toBe(429);
    expect(await stored(email)).toHaveLength(LIMITS.perEmail.max);

    const ip = freshIp();
    for (let i = 0; i < LIMITS.perIp.max; i++) {
      expect((await api.post("/api/contact", valid(), ip)).status).toBe(200);
    }
    const sameIp = await api.post("/api/contact", valid(), ip);
    expect(sameIp.status).toBe(429);
    expect(((await sameIp.json()) as { code: string }).code).toBe("RATE_LIMITED");
    // Other senders are not affected.
    expect((await api.post("/api/contact", valid(), freshIp())).status).toBe(200);
  });
});
