import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addComment } from "../src/sharing/comments.js";
import { addMember, insertTeam } from "../src/teams/teams-repo.js";
import {
  roleAllows,
  TEAM_ACTIONS,
  TEAM_POLICY,
  TEAM_ROLES,
  type TeamAction,
  type TeamRole,
} from "../src/policies/team-roles.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

// The team policy table (team-roles.ts: TEAM_POLICY), route by route: every role, and someone
// outside the team, calls every team route, and may do exactly what its row allows — a call
// its row does not allow is refused (403, or 404 outside the team) and changes nothing. The
// way the IDOR tests check users, for teams.

/** A fresh team: its owner, one member of each other role, a viewer to manage, its work. */
interface Fixture {
  teamId: string;
  /** A completed transcription in the team, with one comment. */
  transcriptionId: string;
  commentId: string;
  /** A personal transcription of the caller's, to move into the team. */
  personalId: string;
  /** A viewer the managing routes act on. */
  targetId: string;
  /** An open invitation. */
  invitationId: string;
}

type Caller = TeamRole | "outsider";

// Who may call each route, as the product promises it (docs/teams.md), written out so that a
// change to TEAM_POLICY that lets the wrong role in fails here instead of moving the test with it.
const EVERY_ROLE: readonly TeamRole[] = ["owner", "admin", "member", "viewer"];
const WORKERS: readonly TeamRole[] = ["owner", "admin", "member"];
const MANAGERS: readonly TeamRole[] = ["owner", "admin"];
const OWNER_ONLY: readonly TeamRole[] = ["owner"];
const NOT_THE_OWNER: readonly TeamRole[] = ["admin", "member", "viewer"];
const CALLERS: readonly Caller[] = [...TEAM_ROLES, "outsider"];

interface Route {
  name: string;
  /** The action of the table it needs. */
  action: TeamAction;
  /** The roles that may call it, written out here rather than read from the table under test. */
  allows: readonly TeamRole[];
  call(fixture: Fixture, caller: TestUser): Promise<Response>;
}

describe.each(DATABASE_KINDS)("the team policy table, route by route, on %s", (kind) => {
  let api: TestApi;
  const users = {} as Record<Caller | "target", TestUser>;
  // Where the chunks an allowed upload sends are kept, and removed after.
  const uploads = mkdtempSync(join(tmpdir(), "verbatim-team-policy-"));

  beforeAll(async () => {
    api = await startTestApi(kind, { UPLOAD_DIR: uploads });
    for (const caller of [...CALLERS, "target"] as const) {
      users[caller] = await signedInUser(api.db);
    }
  });
  afterAll(async () => {
    await api?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const call = (method: string, path: string, caller: TestUser, body?: unknown) =>
    fetch(`${api.base}${path}`, {
      method,
      headers:
        body === undefined ? caller.auth : { ...caller.auth, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function fixture(caller: Caller): Promise<Fixture> {
    const now = new Date();
    const team = await insertTeam(api.db, users.owner.id, `Team ${randomUUID()}`, now);
    for (const role of ["admin", "member", "viewer"] as const) {
      await addMember(api.db, team.id, users[role].id, role, now);
    }
    await addMember(api.db, team.id, users.target.id, "viewer", now);
    const transcriptionId = await finishedTranscription(api.db, users.member.id, numberedCues(2));
    await api.db
      .updateTable("transcriptions")
      .set({ team_id: team.id })
      .where("id", "=", transcriptionId)
      .execute();
    const comment = await addComment(
      api.db,
      { id: transcriptionId, duration_ms: 6000, cues_json: null },
      { kind: "owner", name: "Member" },
      { body: "Look here", startMs: 1000 },
      now,
    );
    const personalId = await finishedTranscription(api.db, users[caller].id, numberedCues(1));
    const invitationId = randomUUID();
    await api.db
      .insertInto("team_invitations")
      .values({
        id: invitationId,
        team_id: team.id,
        email: `${randomUUID()}@example.com`,
        role: "viewer",
        token_hash: randomUUID(),
        invited_by: users.owner.id,
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        accepted_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return {
      teamId: team.id,
      transcriptionId,
      commentId: comment.id,
      personalId,
      targetId: users.target.id,
      invitationId,
    };
  }

  /** Everything a team route could change, to compare before and after a refused call. */
  async function snapshot(f: Fixture) {
    const db = api.db;
    return {
      team: await db.selectFrom("teams").selectAll().where("id", "=", f.teamId).execute(),
      members: await db
        .selectFrom("team_members")
        .select(["user_id", "role"])
        .where("team_id", "=", f.teamId)
        .orderBy("user_id")
        .execute(),
      invitations: await db
        .selectFrom("team_invitations")
        .select(["id", "email", "role", "accepted_at"])
        .where("team_id", "=", f.teamId)
        .orderBy("id")
        .execute(),
      transcriptions: await db
        .selectFrom("transcriptions")
        .select(["id", "file_name", "status", "team_id", "cues_json"])
        .where("id", "in", [f.transcriptionId, f.personalId])
        .orderBy("id")
        .execute(),
      shares: await db
        .selectFrom("share_links")
        .select("id")
        .where("transcription_id", "=", f.transcriptionId)
        .execute(),
      comments: await db
        .selectFrom("share_comments")
        .select(["id", "resolved_at"])
        .where("transcription_id", "=", f.transcriptionId)
        .orderBy("id")
        .execute(),
    };
  }

  const t = (f: Fixture) => `/api/transcriptions/${f.transcriptionId}`;
  const ROUTES: readonly Route[] = [
    {
      name: "GET /api/teams/{id}",
      action: "read",
      allows: EVERY_ROLE,
      call: (f, u) => call("GET", `/api/teams/${f.teamId}`, u),
    },
    {
      name: "GET /api/teams/{id}/members",
      action: "read",
      allows: EVERY_ROLE,
      call: (f, u) => call("GET", `/api/teams/${f.teamId}/members`, u),
    },
    {
      name: "GET /api/transcriptions?teamId (team History)",
      action: "read",
      allows: EVERY_ROLE,
      call: (f, u) => call("GET", `/api/transcriptions?teamId=${f.teamId}`, u),
    },
    {
      name: "GET /api/transcriptions/{id}",
      action: "read",
      allows: EVERY_ROLE,
      call: (f, u) => call("GET", t(f), u),
    },
    {
      name: "GET /api/transcriptions/{id}/export",
      action: "read",
      allows: EVERY_ROLE,
      call: (f, u) => call("GET", `${t(f)}/export?format=srt`, u),
    },
    {
      name: "GET /api/transcriptions/{id}/comments",
      action: "read",
      allows: EVERY_ROLE,
      call: (f, u) => call("GET", `${t(f)}/comments`, u),
    },
    {
      name: "POST /api/transcriptions/{id}/comments",
      action: "comment",
      allows: EVERY_ROLE,
      call: (f, u) => call("POST", `${t(f)}/comments`, u, { body: "Hi", startMs: 500 }),
    },
    {
      name: "PATCH /api/transcriptions/{id}",
      action: "edit",
      allows: WORKERS,
      call: (f, u) => call("PATCH", t(f), u, { fileName: "renamed.mp3" }),
    },
    {
      name: "POST /api/transcriptions/{id}/cancel",
      action: "edit",
      allows: WORKERS,
      call: (f, u) => call("POST", `${t(f)}/cancel`, u),
    },
    {
      name: "DELETE /api/transcriptions/{id}",
      action: "delete",
      allows: MANAGERS,
      call: (f, u) => call("DELETE", t(f), u),
    },
    {
      name: "PATCH /api/transcriptions/{id}/comments/{commentId}",
      action: "delete",
      allows: MANAGERS,
      call: (f, u) => call("PATCH", `${t(f)}/comments/${f.commentId}`, u, { resolved: true }),
    },
    {
      name: "DELETE /api/transcriptions/{id}/comments/{commentId}",
      action: "delete",
      allows: MANAGERS,
      call: (f, u) => call("DELETE", `${t(f)}/comments/${f.commentId}`, u),
    },
    {
      name: "POST /api/transcriptions/{id}/shares",
      action: "share",
      allows: MANAGERS,
      call: (f, u) =>
        call("POST", `${t(f)}/shares`, u, {
          expiresIn: "1d",
          allowDownload: false,
          allowComments: false,
        }),
    },
    {
      name: "GET /api/transcriptions/{id}/shares",
      action: "share",
      allows: MANAGERS,
      call: (f, u) => call("GET", `${t(f)}/shares`, u),
    },
    {
      name: "POST /api/transcriptions/{id}/team (move one's own in)",
      action: "upload",
      allows: WORKERS,
      call: (f, u) =>
        call("POST", `/api/transcriptions/${f.personalId}/team`, u, { teamId: f.teamId }),
    },
    {
      name: "POST /api/transcribe?teamId",
      action: "upload",
      allows: WORKERS,
      call: async (f, u) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(16)]), "a.mp3");
        return fetch(`${api.base}/api/transcribe?teamId=${f.teamId}`, {
          method: "POST",
          headers: u.auth,
          body: form,
        });
      },
    },
    {
      name: "POST /api/uploads/chunk?teamId (a large file's first chunk)",
      action: "upload",
      allows: WORKERS,
      call: async (f, u) => {
        const form = new FormData();
        form.append("chunkIndex", "0");
        form.append("totalChunks", "2");
        form.append("file", new Blob([new Uint8Array(16)]), "a.mp3");
        return fetch(`${api.base}/api/uploads/chunk?teamId=${f.teamId}`, {
          method: "POST",
          headers: u.auth,
          body: form,
        });
      },
    },
    {
      name: "POST /api/uploads/combine (teamId)",
      action: "upload",
      allows: WORKERS,
      call: (f, u) =>
        call("POST", "/api/uploads/combine", u, {
          sessionId: randomUUID(),
          fileName: "a.mp3",
          totalChunks: 1,
          originalFileSize: 16,
          teamId: f.teamId,
        }),
    },
    {
      name: "POST /api/teams/{id}/invitations",
      action: "invite",
      allows: MANAGERS,
      call: (f, u) =>
        call("POST", `/api/teams/${f.teamId}/invitations`, u, {
          email: `${randomUUID()}@example.com`,
          role: "viewer",
        }),
    },
    {
      name: "GET /api/teams/{id}/invitations",
      action: "invite",
      allows: MANAGERS,
      call: (f, u) => call("GET", `/api/teams/${f.teamId}/invitations`, u),
    },
    {
      name: "DELETE /api/teams/{id}/invitations/{invitationId}",
      action: "invite",
      allows: MANAGERS,
      call: (f, u) => call("DELETE", `/api/teams/${f.teamId}/invitations/${f.invitationId}`, u),
    },
    {
      name: "PATCH /api/teams/{id}/members/{userId}",
      action: "manageMembers",
      allows: MANAGERS,
      call: (f, u) =>
        call("PATCH", `/api/teams/${f.teamId}/members/${f.targetId}`, u, { role: "member" }),
    },
    {
      name: "DELETE /api/teams/{id}/members/{userId}",
      action: "manageMembers",
      allows: MANAGERS,
      call: (f, u) => call("DELETE", `/api/teams/${f.teamId}/members/${f.targetId}`, u),
    },
    {
      name: "GET /api/teams/{id}/usage",
      action: "pay",
      allows: OWNER_ONLY,
      call: (f, u) => call("GET", `/api/teams/${f.teamId}/usage`, u),
    },
    {
      name: "POST /api/teams/{id}/leave",
      action: "leave",
      allows: NOT_THE_OWNER,
      call: (f, u) => call("POST", `/api/teams/${f.teamId}/leave`, u),
    },
    {
      name: "DELETE /api/teams/{id}",
      action: "deleteTeam",
      allows: OWNER_ONLY,
      call: (f, u) => call("DELETE", `/api/teams/${f.teamId}?confirmTranscriptions=1`, u),
    },
  ];

  it("has a route for every action of the table", () => {
    const covered = new Set(ROUTES.map((route) => route.action));
    expect(TEAM_ACTIONS.filter((action) => !covered.has(action))).toEqual([]);
    // Each role's row only names actions that exist.
    for (const role of TEAM_ROLES) {
      for (const action of TEAM_POLICY[role]) expect(TEAM_ACTIONS).toContain(action);
    }
  });

  it("has the table allow exactly the roles written out for each route", () => {
    const disagreements = ROUTES.flatMap((route) => {
      const byTable = TEAM_ROLES.filter((role) => roleAllows(role, route.action));
      return [...byTable].sort().join() === [...route.allows].sort().join()
        ? []
        : [`${route.name}: table ${byTable.join(",")}, expected ${route.allows.join(",")}`];
    });
    expect(disagreements).toEqual([]);
  });

  describe.each(ROUTES.map((route) => [route.name, route] as const))("%s", (_name, route) => {
    it.each(CALLERS)("as %s: exactly what the role's row allows", async (caller) => {
      const f = await fixture(caller);
      const allowed = caller !== "outsider" && route.allows.includes(caller);
      const before = await snapshot(f);
      const response = await route.call(f, users[caller]);
      const body = await response.text();
      if (allowed) {
        // Allowed by the policy: whatever the route says next (a completed job cannot be
        // cancelled: 409; no model installed here: 503), it is not a refusal.
        expect([401, 403, 404], `${response.status} ${body}`).not.toContain(response.status);
      } else {
        expect(response.status, body).toBe(caller === "outsider" ? 404 : 403);
        expect(await snapshot(f)).toEqual(before);
      }
    });
  });
});
