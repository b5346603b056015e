import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "./test-database.js";
import { startTestApi, tokenFromMail, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";

interface LoginBody {
  token: string;
  tokenExpiration: string;
  user: { id: string; email: string; name: string; credits: number; additionalCredits: number };
}

describe.each(DATABASE_KINDS)("the account journey on %s", (kind) => {
  let api: TestApi;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    api = await startTestApi(kind, { SMTP_URL: inbox.url, ADMIN_EMAILS: "boss@example.com" });
  });
  afterAll(async () => {
    await api.close();
    await inbox.close();
  });

  it("registers, sets a password from the e-mailed link, logs in, refreshes and logs out", async () => {
    const register = await api.post("/api/auth/register", {
      name: "Ada Lovelace",
      email: "Ada@Example.com",
    });
    expect(register.status).toBe(200);
    expect(await register.json()).toEqual({ emailSent: true });

    const mail = await inbox.next("ada@example.com");
    expect(mail.subject).toBe("Set up your Verbatim account");
    expect(mail.text).toContain("Hello Ada Lovelace,");
    expect(mail.html).toContain("<a href=");
    const { token, url } = tokenFromMail(mail.text);
    expect(url.origin + url.pathname).toBe("https://verbatim.test/reset-password");
    expect(url.searchParams.get("setup")).toBe("true");
    expect(token).toMatch(/^[\w-]{43}$/);

    const reset = await api.post("/api/auth/reset-password", { token, password: "correct horse" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ ok: true });

    const login = await api.post("/api/auth/login", {
      email: "ada@example.com",
      password: "correct horse",
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as LoginBody;
    const days = (Date.parse(session.tokenExpiration) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    expect(session.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace" });
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^verbatim_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);

    const bearer = { authorization: `Bearer ${session.token}` };
    const me = await fetch(`${api.base}/api/auth/me`, { headers: bearer });
    expect(me.status).toBe(200);
    const user = (await me.json()) as Record<string, unknown>;
    expect(user).toEqual({
      id: session.user.id,
      email: "ada@example.com",
      name: "Ada Lovelace",
      createdAt: expect.any(String) as string,
      credits: 20,
      additionalCredits: 0,
      isAdmin: false,
      commentMails: true, // e-mails about reviewers' comments, on until turned off
    });

    const refresh = await api.post("/api/auth/refresh", undefined, bearer);
    expect(refresh.status).toBe(200);
    const renewed = (await refresh.json()) as { token: string; tokenExpiration: string };
    expect(renewed.token).not.toBe(session.token);
    expect((await fetch(`${api.base}/api/auth/me`, { headers: bearer })).status).toBe(401);
    const newBearer = { authorization: `Bearer ${renewed.token}` };
    expect((await fetch(`${api.base}/api/auth/me`, { headers: newBearer })).status).toBe(200);

    const logout = await api.post("/api/auth/logout", undefined, newBearer);
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toMatch(/verbatim_session=;/);
    const after = await fetch(`${api.base}/api/auth/me`, { headers: newBearer });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      code: "UNAUTHORIZED",
      message: "Please log in to continue.",
    });
  });

  it("accepts the session cookie as well as the Bearer header", async () => {
    await api.post("/api/auth/register", { name: "Cookie Monster", email: "cookie@example.com" });
    const { token } = tokenFromMail((await inbox.next("cookie@example.com")).text);
    await api.post("/api/auth/reset-password", { token, password: "biscuits and jam!" });
    const login = await api.post("/api/auth/login", {
      email: "cookie@example.com",
      password: "biscuits and jam!",
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const me = await fetch(`${api.base}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe("cookie@example.com");
    expect((await fetch(`${api.base}/api/auth/me`)).status).toBe(401);
    const logout = await api.post("/api/auth/logout", undefined, { cookie });
    expect(logout.status).toBe(200);
    expect((await fetch(`${api.base}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it("marks the designated admin accounts", async () => {
    await api.post("/api/auth/register", { name: "The Boss", email: "boss@example.com" });
    const { token } = tokenFromMail((await inbox.next("boss@example.com")).text);
    await api.post("/api/auth/reset-password", { token, password: "in charge" });
    const login = await api.post("/api/auth/login", {
      email: "boss@example.com",
      password: "in charge",
    });
    expect(((await login.json()) as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
  });

  it("writes to a zh-HK sign-up in Traditional Chinese", async () => {
    await api.post("/api/auth/register", {
      name: "陳大文",
      email: "chan@example.hk",
      language: "zh-HK",
    });
    const mail = await inbox.next("chan@example.hk");
    expect(mail.subject).toBe("設定你的 Verbatim 帳戶");
    expect(mail.text).toContain("陳大文，你好：");
    expect(mail.html).toContain('lang="zh-HK"');
    expect(tokenFromMail(mail.text).url.searchParams.get("setup")).toBe("true");
  });

  it("answers a second sign-up the same and mails the owner an 'already registered' link", async () => {
    const first = await api.post("/api/auth/register", {
      name: "Grace",
      email: "grace@example.com",
    });
    await inbox.next("grace@example.com");
    const second = await api.post("/api/auth/register", {
      name: "Mallory",
      email: "GRACE@example.com",
    });
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual({ emailSent: true });
    const mail = await inbox.next("grace@example.com");
    expect(mail.subject).toBe("You already have a Verbatim account");
    const { token, url } = tokenFromMail(mail.text);
    expect(url.searchParams.get("setup")).toBeNull();
    expect(
      (await api.post("/api/auth/reset-password", { token, password: "amazing grace" })).status,
    ).toBe(200);
    const users = await api.db
      .selectFrom("users")
      .select("name")
      .where("email", "=", "grace@example.com")
      .execute();
    expect(users).toEqual([{ name: "Grace" }]);
  });

  it("mails a reset link for a known address and answers an unknown one the same", async () => {
    await api.post("/api/auth/register", { name: "Linus", email: "linus@example.com" });
    await inbox.next("linus@example.com");
    const known = await api.post("/api/auth/forgot-password", { email: "linus@example.com" });
    const unknown = await api.post("/api/auth/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mail = await inbox.next("linus@example.com");
    expect(mail.subject).toBe("Reset your Verbatim password");
    const { token } = tokenFromMail(mail.text);
    expect(
      (await api.post("/api/auth/reset-password", { token, password: "new password" })).status,
    ).toBe(200);
    await expect(inbox.next("nobody@example.com", 300)).rejects.toThrow("no e-mail");
  });
});
