import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS } from "./test-database.js";
import { startTestApi, tokenFromMail, type TestApi } from "./support/auth-app.js";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox.js";

describe.each(DATABASE_KINDS)("the auth rules on %s", (kind) => {
  let api: TestApi;
  let inbox: SmtpInbox;

  /** Registers and returns the set-up token from the e-mail. */
  async function signUp(email: string): Promise<string> {
    await api.post("/api/auth/register", { name: "Tester", email });
    return tokenFromMail((await inbox.next(email)).text).token;
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    api = await startTestApi(kind, { SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    await api.close();
    await inbox.close();
  });

  it.each([
    [
      "/api/auth/register",
      { name: "A", email: "a@example.com" },
      "Name must be at least 2 characters",
    ],
    ["/api/auth/register", { name: "Ann", email: "not-an-email" }, "Invalid email address"],
    ["/api/auth/register", { name: "Ann", email: "a@example.com", language: "fr" }, "language"],
    ["/api/auth/login", { email: "nope", password: "secret1" }, "Invalid email address"],
    [
      "/api/auth/login",
      { email: "a@example.com", password: "12345" },
      "Password must be at least 6 characters",
    ],
    ["/api/auth/forgot-password", { email: "" }, "Invalid email address"],
    [
      "/api/auth/reset-password",
      { token: "t", password: "1234567" },
      "Password must be at least 8 characters",
    ],
  ])("rejects a bad body for %s with the spec's message", async (path, body, message) => {
    const response = await api.post(path, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; message: string };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toContain(message);
  });

  it("answers a wrong password and an unknown address with the same 401", async () => {
    await api.post("/api/auth/reset-password", {
      token: await signUp("wrong@example.com"),
      password: "the right one",
    });
    const wrong = await api.post("/api/auth/login", {
      email: "wrong@example.com",
      password: "the wrong one",
    });
    const unknown = await api.post("/api/auth/login", {
      email: "ghost@example.com",
      password: "whatever",
    });
    const body = { code: "INVALID_CREDENTIALS", message: "Invalid email or password." };
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(body);
    expect(await unknown.json()).toEqual(body);
  });

  it("does not log in an account whose password was never set", async () => {
    await signUp("pending@example.com");
    const response = await api.post("/api/auth/login", {
      email: "pending@example.com",
      password: "anything",
    });
    expect(response.status).toBe(401);
  });

  it("uses a set-up token once, and spends the other links with it", async () => {
    const setup = await signUp("once@example.com");
    await api.post("/api/auth/forgot-password", { email: "once@example.com" });
    const reset = tokenFromMail((await inbox.next("once@example.com")).text).token;
    expect(
      (await api.post("/api/auth/reset-password", { token: setup, password: "first password" }))
        .status,
    ).toBe(200);
    const invalid = { code: "INVALID_TOKEN", message: "The link is invalid or has expired." };
    for (const token of [setup, reset, "made-up-token"]) {
      const again = await api.post("/api/auth/reset-password", {
        token,
        password: "second password",
      });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual(invalid);
    }
  });

  it("refuses an expired reset link", async () => {
    await api.post("/api/auth/reset-password", {
      token: await signUp("late@example.com"),
      password: "a password",
    });
    await api.post("/api/auth/forgot-password", { email: "late@example.com" });
    const { token } = tokenFromMail((await inbox.next("late@example.com")).text);
    await api.db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("kind", "=", "reset")
      .execute();
    const response = await api.post("/api/auth/reset-password", {
      token,
      password: "too late now",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });

  it("signs out existing sessions when the password is reset", async () => {
    await api.post("/api/auth/reset-password", {
      token: await signUp("reset@example.com"),
      password: "old password",
    });
    const login = await api.post("/api/auth/login", {
      email: "reset@example.com",
      password: "old password",
    });
    const { token: session } = (await login.json()) as { token: string };
    await api.post("/api/auth/forgot-password", { email: "reset@example.com" });
    const { token } = tokenFromMail((await inbox.next("reset@example.com")).text);
    await api.post("/api/auth/reset-password", { token, password: "new password" });
    const me = await fetch(`${api.base}/api/auth/me`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.status).toBe(401);
    const old = await api.post("/api/auth/login", {
      email: "reset@example.com",
      password: "old password",
    });
    expect(old.status).toBe(401);
    const fresh = await api.post("/api/auth/login", {
      email: "reset@example.com",
      password: "new password",
    });
    expect(fresh.status).toBe(200);
  });

  it("stores tokens only as hashes and passwords only as scrypt", async () => {
    const token = await signUp("hashes@example.com");
    const rows = await api.db.selectFrom("auth_tokens").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    await api.post("/api/auth/reset-password", { token, password: "hash me please" });
    const user = await api.db
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", "hashes@example.com")
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  it("rejects a malformed or unknown Bearer token", async () => {
    for (const authorization of ["Bearer", "Bearer nonsense", "Basic abc"]) {
      const response = await fetch(`${api.base}/api/auth/me`, { headers: { authorization } });
      expect(response.status).toBe(401);
    }
    expect((await api.post("/api/auth/refresh")).status).toBe(401);
  });

  it("lists the auth routes in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${api.base}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      "register",
      "login",
      "me",
      "refresh",
      "logout",
      "forgot-password",
      "reset-password",
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/auth/${path}`);
    }
  });
});

describe.each(DATABASE_KINDS)("the auth rate limits on %s", (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(
      kind,
      {},
      {
        rateLimits: { perIp: { max: 6, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 } },
      },
    );
  });
  afterAll(() => api.close());

  it("limits attempts per e-mail address, then per client address", async () => {
    const attempt = (email: string) => api.post("/api/auth/login", { email, password: "guessing" });
    expect((await attempt("target@example.com")).status).toBe(401);
    expect((await attempt("TARGET@example.com")).status).toBe(401);
    const limited = await attempt("target@example.com");
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as {
      code: string;
      message: string;
      details: { retryAfterSeconds: number };
    };
    expect(body.code).toBe("RATE_LIMITED");
    expect(body.message).toMatch(/^Too many attempts\./);
    expect(body.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.headers.get("retry-after")).toBe(String(body.details.retryAfterSeconds));

    for (const email of ["b@example.com", "c@example.com", "d@example.com"]) {
      expect((await attempt(email)).status).toBe(401);
    }
    expect((await attempt("e@example.com")).status).toBe(429);
    expect((await api.post("/api/auth/forgot-password", { email: "f@example.com" })).status).toBe(
      200,
    );
  });
});
