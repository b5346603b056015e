import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/password.js";
import { issueToken } from "../src/auth/tokens.js";
import { setPasswordHash, type Locale } from "../src/users/repo.js";
import { startTestApi, tokenFromMail, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";
import { signedInUser } from "./support/transcription-app.js";

const PASSWORD = "correct horse battery staple";

describe("changing one's name, e-mail address and password (HTTP)", () => {
  let api: TestApi;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    api = await startTestApi("sqlite", { SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    await api?.close();
    await inbox?.close();
  });

  async function account(locale: Locale = "en") {
    const email = `${randomUUID()}@example.com`;
    const user = await signedInUser(api.db, { email, locale });
    await setPasswordHash(api.db, user.id, await hashPassword(PASSWORD), new Date());
    return { ...user, email };
  }
  const send = (method: string, path: string, body: unknown, auth: Record<string, string> = {}) =>
    fetch(`${api.base}${path}`, {
      method,
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(body),
    });
  const me = async (auth: Record<string, string>) =>
    (await (await fetch(`${api.base}/api/auth/me`, { headers: auth })).json()) as {
      email: string;
      name: string;
    };

  it("changes the name, trimmed; refuses a blank one", async () => {
    const user = await account();
    const changed = await send(
      "PATCH",
      "/api/account/name",
      { name: "  Ada Lovelace " },
      user.auth,
    );
    expect(changed.status).toBe(200);
    expect(await me(user.auth)).toMatchObject({ name: "Ada Lovelace" });
    const blank = await send("PATCH", "/api/account/name", { name: "   " }, user.auth);
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ code: "INVALID_NAME" });
    expect((await send("PATCH", "/api/account/name", { name: "X" })).status).toBe(401);
  });

  it("changes the e-mail only through the link sent to the new address, in the user's language", async () => {
    const user = await account("zh-HK");
    const other = await account();
    const next = `new-${randomUUID()}@example.com`;
    const ask = (body: object) => send("POST", "/api/account/email", body, user.auth);

    expect(await (await ask({ email: next, password: "wrong password!" })).json()).toMatchObject({
      code: "WRONG_PASSWORD",
    });
    expect(await (await ask({ email: user.email, password: PASSWORD })).json()).toMatchObject({
      code: "SAME_EMAIL",
    });
    const taken = await ask({ email: other.email.toUpperCase(), password: PASSWORD });
    expect(taken.status).toBe(409);
    expect((await ask({ email: "not an address", password: PASSWORD })).status).toBe(400);

    const asked = await ask({ email: ` ${next.toUpperCase()} `.trim(), password: PASSWORD });
    expect(asked.status).toBe(202);
    const mail = await inbox.next(next);
    expect(mail.subject).toBe("確認你的 Verbatim 新電郵地址");
    const { token, url } = tokenFromMail(mail.text);
    expect(url.pathname).toBe("/confirm-email");
    expect(url.searchParams.get("email")).toBe(next);
    // Nothing changed yet.
    expect(await me(user.auth)).toMatchObject({ email: user.email });

    // The link is bound to its address: another one with the same token is refused.
    const altered = await send("POST", "/api/account/email/confirm", {
      token,
      email: `evil-${randomUUID()}@example.com`,
    });
    expect(altered.status).toBe(400);
    expect(await altered.json()).toMatchObject({ code: "INVALID_TOKEN" });

    const confirmed = await send("POST", "/api/account/email/confirm", { token, email: next });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: next });
    expect(await me(user.auth)).toMatchObject({ email: next });
    // The old address is told, in the user's language, naming the new one.
    const notice = await inbox.next(user.email);
    expect(notice.subject).toBe("你的 Verbatim 電郵地址已更改");
    expect(notice.text).toContain(next);
    const login = await send("POST", "/api/auth/login", { email: next, password: PASSWORD });
    expect(login.status).toBe(200);
    const again = await send("POST", "/api/account/email/confirm", { token, email: next });
    expect(again.status).toBe(400);
  });

  it("refuses a confirmation when the address was taken in the meantime", async () => {
    const user = await account();
    const { token } = await issueToken(
      api.db,
      user.id,
      "email-change",
      new Date(),
      "late@example.com",
    );
    await account().then((taker) =>
      api.db
        .updateTable("users")
        .set({ email: "late@example.com" })
        .where("id", "=", taker.id)
        .execute(),
    );
    const response = await send("POST", "/api/account/email/confirm", {
      token,
      email: "late@example.com",
    });
    expect(response.status).toBe(409);
    expect(await me(user.auth)).toMatchObject({ email: user.email });
  });

  it("changes the password with the current one; other sessions end, this one stays", async () => {
    const user = await account();
    const elsewhere = (await (
      await send("POST", "/api/auth/login", { email: user.email, password: PASSWORD })
    ).json()) as { token: string };
    const change = (body: object) => send("POST", "/api/account/password", body, user.auth);

    const wrong = await change({
      currentPassword: "not my password",
      newPassword: "a new long passphrase 42",
    });
    expect(await wrong.json()).toMatchObject({ code: "WRONG_PASSWORD" });
    const weak = await change({ currentPassword: PASSWORD, newPassword: "password1" });
    expect(await weak.json()).toMatchObject({ code: "PASSWORD_TOO_WEAK" });

    const done = await change({
      currentPassword: PASSWORD,
      newPassword: "violet tractor ocean 42",
    });
    expect(done.status).toBe(200);
    const notice = await inbox.next(user.email);
    expect(notice.subject).toBe("Your Verbatim password was changed");
    expect(notice.text).toContain("https://verbatim.test/forgot-password");
    expect((await fetch(`${api.base}/api/auth/me`, { headers: user.auth })).status).toBe(200);
    const old = await fetch(`${api.base}/api/auth/me`, {
      headers: { authorization: `Bearer ${elsewhere.token}` },
    });
    expect(old.status).toBe(401);
    const login = (password: string) =>
      send("POST", "/api/auth/login", { email: user.email, password });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login("violet tractor ocean 42")).status).toBe(200);
  });
});
