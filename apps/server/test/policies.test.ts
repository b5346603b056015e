import { describe, expect, it } from "vitest";
import { AppError } from "../src/http/app-error.js";
import { actorOf, isAdmin, type Actor } from "../src/policies/actor.js";
import { authorize } from "../src/policies/authorize.js";
import {
  adminArea,
  apiKey,
  can,
  checkout,
  transcription,
  voice,
  webhook,
} from "../src/policies/policies.js";

// The rules, one by one: who may read, change or delete each resource, and enter the admin area.

const owner: Actor = { userId: "u-1", admin: false };
const stranger: Actor = { userId: "u-2", admin: false };
const admin: Actor = { userId: "u-3", admin: true };
const ownedBy = (userId: string) => ({ user_id: userId });

describe("the policies", () => {
  it.each(["read", "edit", "cancel", "delete"] as const)(
    "lets only the owner %s a transcription (an admin is no exception)",
    (action) => {
      expect(can(owner, action, transcription(ownedBy("u-1")))).toBe(true);
      expect(can(stranger, action, transcription(ownedBy("u-1")))).toBe(false);
      expect(can(admin, action, transcription(ownedBy("u-1")))).toBe(false);
    },
  );

  it("lets a share link read its one transcription, and comment or download only when allowed", () => {
    const row = transcription({ user_id: "u-1", id: "t-1" });
    const other = transcription({ user_id: "u-1", id: "t-2" });
    const link = (comment: boolean, download: boolean): Actor => ({
      link: { id: "l-1", transcriptionId: "t-1", comment, download },
    });
    expect(can(link(false, false), "read", row)).toBe(true);
    expect(can(link(false, false), "read", other)).toBe(false);
    expect(can(link(false, false), "comment", row)).toBe(false);
    expect(can(link(true, false), "comment", row)).toBe(true);
    expect(can(link(true, false), "download", row)).toBe(false);
    expect(can(link(false, true), "download", row)).toBe(true);
    for (const action of ["edit", "cancel", "delete", "share", "moderateComments"] as const) {
      expect(can(link(true, true), action, row)).toBe(false);
      expect(can(owner, action, transcription({ user_id: "u-1", id: "t-1" }))).toBe(true);
      expect(can(stranger, action, row)).toBe(false);
    }
    expect(can(link(true, true), "read", voice({ user_id: "u-1", id: "t-1" }))).toBe(false);
    expect(can(link(true, true), "enter", adminArea)).toBe(false);
  });

  it.each(["read", "edit", "delete"] as const)("lets only the owner %s a voice", (action) => {
    expect(can(owner, action, voice(ownedBy("u-1")))).toBe(true);
    expect(can(stranger, action, voice(ownedBy("u-1")))).toBe(false);
    expect(can(admin, action, voice(ownedBy("u-1")))).toBe(false);
  });

  it.each(["read", "revoke"] as const)("lets only the owner %s an API key", (action) => {
    expect(can(owner, action, apiKey(ownedBy("u-1")))).toBe(true);
    expect(can(stranger, action, apiKey(ownedBy("u-1")))).toBe(false);
  });

  it.each(["read", "test", "delete"] as const)("lets only the owner %s a webhook", (action) => {
    expect(can(owner, action, webhook(ownedBy("u-1")))).toBe(true);
    expect(can(stranger, action, webhook(ownedBy("u-1")))).toBe(false);
  });

  it("lets only the buyer confirm a checkout", () => {
    expect(can(owner, "confirm", checkout(ownedBy("u-1")))).toBe(true);
    expect(can(stranger, "confirm", checkout(ownedBy("u-1")))).toBe(false);
  });

  it.each(["enter", "grantMinutes", "answerSupport"] as const)(
    "lets only admins %s in the admin area",
    (action) => {
      expect(can(admin, action, adminArea)).toBe(true);
      expect(can(owner, action, adminArea)).toBe(false);
    },
  );

  it("makes an admin of whoever ADMIN_EMAILS names, whatever the case of the address", () => {
    const config = { adminEmails: ["boss@example.com"] };
    expect(isAdmin(config, { email: "Boss@Example.com" })).toBe(true);
    expect(isAdmin(config, { email: "boss@example.org" })).toBe(false);
    expect(actorOf({ id: "u-9", email: "BOSS@example.com" }, config)).toEqual({
      userId: "u-9",
      admin: true,
    });
  });

  it("answers 404 for what the actor may not read, so nobody learns it exists", () => {
    const refused = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return error instanceof AppError ? [error.status, error.code] : error;
      }
      return "allowed";
    };
    const row = transcription(ownedBy("u-1"));
    expect(refused(() => authorize(owner, "delete", row))).toBe("allowed");
    expect(refused(() => authorize(stranger, "delete", row))).toEqual([404, "NOT_FOUND"]);
    expect(refused(() => authorize(owner, "read", undefined))).toEqual([404, "NOT_FOUND"]);
  });
});
