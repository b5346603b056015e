import { describe, expect, it } from "vitest";
import { AppError } from "../src/http/app-error.js";
import { actorOf, isAdmin, type Actor } from "../src/policies/actor.js";
import { authorize } from "../src/policies/authorize.js";
import {
  adminArea,
  apiKey,
  can,
  checkout,
  render,
  transcription,
  teamSubject,
  voice,
  webhook,
} from "../src/policies/policies.js";
import { mayAssignRole, TEAM_POLICY, type TeamRole } from "../src/policies/team-roles.js";

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

  it("decides a team's transcription by the caller's role in its team, not by who uploaded it", () => {
    const row = transcription({ user_id: "u-1", id: "t-1", team_id: "team-1" });
    const inTeam = (role: TeamRole): Actor => ({
      userId: "u-2",
      admin: false,
      teams: { "team-1": role },
    });
    // The uploader (u-1) without a role in the team has no rights left on it.
    expect(can(owner, "read", row)).toBe(false);
    expect(can(inTeam("viewer"), "read", row)).toBe(true);
    expect(can(inTeam("viewer"), "comment", row)).toBe(true);
    expect(can(inTeam("viewer"), "edit", row)).toBe(false);
    expect(can(inTeam("member"), "edit", row)).toBe(true);
    expect(can(inTeam("member"), "delete", row)).toBe(false);
    expect(can(inTeam("admin"), "delete", row)).toBe(true);
    // A role in another team counts for nothing; nor does being an admin of the service.
    expect(can({ userId: "u-2", admin: true, teams: { "team-2": "owner" } }, "read", row)).toBe(
      false,
    );
    // Only one's own personal transcription can be moved into a team.
    expect(can(owner, "moveToTeam", transcription(ownedBy("u-1")))).toBe(true);
    expect(can(inTeam("owner"), "moveToTeam", row)).toBe(false);
  });

  it("lets a render's requester see it only while they may read its transcription", () => {
    const member: Actor = { userId: "u-1", admin: false, teams: { "team-1": "viewer" } };
    const removed: Actor = { userId: "u-1", admin: false };
    const ofTeam = render({ user_id: "u-1", id: "r-1", team_id: "team-1" });
    expect(can(member, "download", ofTeam)).toBe(true);
    expect(can(removed, "read", ofTeam)).toBe(false);
    expect(can(removed, "download", ofTeam)).toBe(false);
    // They pay for it: they may still stop it.
    expect(can(removed, "cancel", ofTeam)).toBe(true);
    // A teammate is not its requester; a render of one's own transcription stays one's own.
    expect(can({ userId: "u-2", admin: false, teams: { "team-1": "owner" } }, "read", ofTeam)).toBe(
      false,
    );
    expect(can(removed, "download", render(ownedBy("u-1")))).toBe(true);
  });

  it("gives each team role exactly its row of the table for the team itself", () => {
    const team = teamSubject({ id: "team-1", owner_id: "u-1" });
    const actions = {
      read: "read",
      upload: "upload",
      invite: "invite",
      manageMembers: "manageMembers",
      pay: "pay",
      delete: "deleteTeam",
      leave: "leave",
    } as const;
    for (const role of ["owner", "admin", "member", "viewer"] as const) {
      const actor: Actor = { userId: "u-2", admin: false, teams: { "team-1": role } };
      for (const [action, tableAction] of Object.entries(actions)) {
        expect(can(actor, action as keyof typeof actions, team), `${role} ${action}`).toBe(
          TEAM_POLICY[role].includes(tableAction),
        );
      }
    }
    expect(can(stranger, "read", team)).toBe(false);
  });

  it("lets a role give and take only roles below its own, and nobody touch the owner", () => {
    expect(mayAssignRole("owner", "member", "admin")).toBe(true);
    expect(mayAssignRole("admin", "viewer", "member")).toBe(true);
    expect(mayAssignRole("admin", "member", "admin")).toBe(false);
    expect(mayAssignRole("admin", "admin", "member")).toBe(false);
    expect(mayAssignRole("owner", "owner", "admin")).toBe(false);
    expect(mayAssignRole("admin", undefined, "viewer")).toBe(true);
    expect(mayAssignRole("admin", undefined, "admin")).toBe(false);
    expect(mayAssignRole("member", undefined, "viewer")).toBe(false);
    expect(mayAssignRole("owner", "admin", undefined)).toBe(true);
    expect(mayAssignRole("admin", "admin", undefined)).toBe(false);
  });
});
