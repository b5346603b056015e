import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, issueToken } from "../auth/tokens.js";
import { findUserBySessionToken, insertUser } from "../users/repo.js";
import { compiledOnce } from "./compiled-once.js";
import { migrateToLatest, openDatabase, type Db } from "./database.js";

// A query compiled once runs with each call's own values: a lookup must never answer with the
// values of the call that compiled it.

const db = openDatabase({ kind: "sqlite", path: ":memory:" });
const at = new Date("2026-03-01T10:00:00.000Z");
const users: { id: string; tokenHash: string }[] = [];

beforeAll(async () => {
  await migrateToLatest(db);
  for (const email of ["a@example.com", "b@example.com"]) {
    const user = await insertUser(db, { id: randomUUID(), email, name: "", locale: "en" }, at);
    const { token } = await issueToken(db, user.id, "session", at);
    users.push({ id: user.id, tokenHash: hashToken(token) });
  }
});
afterAll(() => db.destroy());

describe("compiledOnce", () => {
  it("answers each call with its own values", async () => {
    const emailsOf = compiledOnce((executor: Db, email: string) =>
      executor.selectFrom("users").select("id").where("email", "=", email),
    );
    expect(await emailsOf(db, "a@example.com")).toEqual([{ id: users[0]!.id }]);
    expect(await emailsOf(db, "b@example.com")).toEqual([{ id: users[1]!.id }]);
    expect(await emailsOf(db, "nobody@example.com")).toEqual([]);
  });

  it("refuses a query that computes with a value instead of sending it", async () => {
    const computed = compiledOnce((executor: Db, email: string) =>
      executor.selectFrom("users").select("id").where("email", "=", String(email).toLowerCase()),
    );
    await expect(computed(db, "a@example.com")).rejects.toThrow(/value 0 is not a parameter/);
  });

  it("finds each session's own user, and none once it expired or for a wrong token", async () => {
    for (const user of users) {
      expect((await findUserBySessionToken(db, user.tokenHash, at))?.user.id).toBe(user.id);
    }
    const later = new Date(at.getTime() + 400 * 24 * 3600 * 1000);
    expect(await findUserBySessionToken(db, users[0]!.tokenHash, later)).toBeUndefined();
    expect(await findUserBySessionToken(db, hashToken("not a token"), at)).toBeUndefined();
    expect((await findUserBySessionToken(db, users[1]!.tokenHash, at))?.user.id).toBe(users[1]!.id);
  });
});
