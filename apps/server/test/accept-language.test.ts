// A client that is not our web app (curl, an SDK, a script) reads the server's messages: they
// follow its Accept-Language, as do the e-mails of an account it signs up without naming a
// language. The web app shows its own texts for each code and is not affected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";

describe("messages in the language the request asks for", () => {
  let api: TestApi;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    api = await startTestApi("sqlite", { SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    await api.close();
    await inbox.close();
  });

  const login = (language?: string) =>
    fetch(`${api.base}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(language ? { "accept-language": language } : {}),
      },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong password 123" }),
    });

  it("answers in Traditional Chinese to zh-HK, zh-TW and zh-Hant, by weight", async () => {
    const english = (await (await login()).json()) as { code: string; message: string };
    expect(english.message).toMatch(/[a-z]/i);
    for (const header of ["zh-HK", "zh-TW,zh;q=0.9", "en;q=0.3, zh-Hant;q=0.8"]) {
      const response = await login(header);
      const body = (await response.json()) as { code: string; message: string };
      expect(response.status).toBe(401);
      expect(body.code).toBe(english.code);
      expect(body.message).not.toBe(english.message);
      expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("answers in English to English, Simplified Chinese (not offered) and no header", async () => {
    for (const header of [undefined, "en-GB", "zh-CN", "zh-HK;q=0.2, en;q=0.9"]) {
      const body = (await (await login(header)).json()) as { message: string };
      expect(body.message).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("puts the framework's own refusals in Chinese too", async () => {
    const response = await fetch(`${api.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "zh-HK" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("INVALID_JSON");
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("writes the sign-up e-mail in the request's language when the body names none", async () => {
    const response = await fetch(`${api.base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "zh-HK,en;q=0.5" },
      body: JSON.stringify({ name: "李小明", email: "lee@example.hk" }),
    });
    expect(response.status).toBe(200);
    const mail = await inbox.next("lee@example.hk");
    expect(mail.subject).toBe("設定你的 Verbatim 帳戶");
  });
});
