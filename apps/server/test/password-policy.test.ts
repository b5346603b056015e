import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkNewPassword } from "../src/auth/password-policy.js";
import { issueToken } from "../src/auth/tokens.js";
import { AppError } from "../src/http/app-error.js";
import { insertUser } from "../src/users/repo.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { DATABASE_KINDS } from "./test-database.js";

// Weak passwords are refused where a password is set (the set-up and reset links), over HTTP,
// with a stable code the web app shows in the user's language.

const codeOf = (run: () => void): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe("the password rule", () => {
  it.each([
    ["        ", "PASSWORD_BLANK"],
    ["\t\n ", "PASSWORD_BLANK"],
    ["short1!", "PASSWORD_TOO_SHORT"],
    ["password", "PASSWORD_TOO_WEAK"],
    ["12345678", "PASSWORD_TOO_WEAK"],
    ["qwertyuiop", "PASSWORD_TOO_WEAK"],
    ["Password1", "PASSWORD_TOO_WEAK"],
    ["iloveyou123", "PASSWORD_TOO_WEAK"],
  ])("refuses %j with %s", (password, code) => {
    expect(codeOf(() => checkNewPassword(password))).toBe(code);
  });

  it("refuses the account's own e-mail address or name", () => {
    expect(
      codeOf(() => checkNewPassword("margaret.hale@example.com", ["margaret.hale@example.com"])),
    ).toBe("PASSWORD_TOO_WEAK");
    expect(codeOf(() => checkNewPassword("MargaretHale", ["x@example.com", "Margaret Hale"]))).toBe(
      "PASSWORD_TOO_WEAK",
    );
  });

  it.each(["violet lamp under rain", "correct horse battery", "長頸鹿在雨中跳舞了嗎"])(
    "accepts %j",
    (password) => {
      expect(codeOf(() => checkNewPassword(password))).toBeUndefined();
    },
  );
});

describe.each(DATABASE_KINDS)("setting a password over HTTP on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind);
  });
  afterAll(() => api.close());

  async function resetWith(password: string, email = `${randomUUID()}@example.com`) {
    const user = await insertUser(
      api.db,
      { id: randomUUID(), email, name: "Winnie Chan", locale: "en" },
      new Date(),
    );
    const { token } = await issueToken(api.db, user.id, "reset", new Date());
    return api.post("/api/auth/reset-password", { token, password });
  }

  it.each([
    ["        ", "PASSWORD_BLANK"],
    ["password", "PASSWORD_TOO_WEAK"],
    ["12345678", "PASSWORD_TOO_WEAK"],
    ["qwertyuiop", "PASSWORD_TOO_WEAK"],
  ])("refuses %j with 400 %s", async (password, code) => {
    const response = await resetWith(password);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe(code);
  });

  it("refuses the account's own e-mail address, and accepts a decent passphrase", async () => {
    const email = `winnie.chan.${Date.now()}@example.com`;
    const own = await resetWith(email, email);
    expect(own.status).toBe(400);
    expect(((await own.json()) as { code: string }).code).toBe("PASSWORD_TOO_WEAK");
    expect((await resetWith("violet lamp under rain")).status).toBe(200);
  });
});
