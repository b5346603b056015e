import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/database.js";
import { isTeamRole, TEAM_ROLES, type TeamRole } from "../policies/team-roles.js";
import type { TeamRow } from "./membership.js";

// The teams tables: teams, their members and roles. Who may change what is the policies'
// (team-roles.ts); this module only reads and writes.

/** How many teams one user may own (a bound on what one account can make). */
export const MAX_OWNED_TEAMS = 20;
/** How many members (and open invitations) one team may have. */
export const MAX_TEAM_MEMBERS = 100;

/** Makes a team with `ownerId` as its owner (and first member). */
export async function insertTeam(
  db: Db,
  ownerId: string,
  name: string,
  now: Date,
): Promise<TeamRow> {
  const team = { id: randomUUID(), name, owner_id: ownerId, created_at: now.toISOString() };
  await db.transaction().execute(async (tx) => {
    await tx.insertInto("teams").values(team).execute();
    await addMember(tx, team.id, ownerId, "owner", now);
  });
  return team;
}

export async function addMember(
  db: Db | Tx,
  teamId: string,
  userId: string,
  role: TeamRole,
  now: Date,
): Promise<void> {
  await db
    .insertInto("team_members")
    .values({ team_id: teamId, user_id: userId, role, joined_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["team_id", "user_id"]).doNothing())
    .execute();
}

/** How many teams the user owns. */
export async function ownedTeamCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("teams")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("owner_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The teams the user is in, with their role and the member count, oldest first. */
export async function teamsOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom("team_members as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(["t.id", "t.name", "t.owner_id", "t.created_at", "m.role"])
    .select((eb) =>
      eb
        .selectFrom("team_members as peers")
        .select((c) => c.fn.countAll<number | string>().as("n"))
        .whereRef("peers.team_id", "=", "t.id")
        .as("member_count"),
    )
    .where("m.user_id", "=", userId)
    .orderBy("t.created_at")
    .orderBy("t.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    role: isTeamRole(row.role) ? row.role : ("viewer" as TeamRole),
    member_count: Number(row.member_count ?? 0),
  }));
}

/** A team's members with their names and addresses, by role then by when they joined. */
export async function membersOf(db: Db, teamId: string) {
  const rows = await db
    .selectFrom("team_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.role", "m.joined_at", "u.name", "u.email"])
    .where("m.team_id", "=", teamId)
    .execute();
  const order = (role: string) => TEAM_ROLES.indexOf(isTeamRole(role) ? role : "viewer");
  return rows
    .map((row) => ({ ...row, role: isTeamRole(row.role) ? row.role : ("viewer" as TeamRole) }))
    .sort((a, b) => order(a.role) - order(b.role) || a.joined_at.localeCompare(b.joined_at));
}

export async function memberCount(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("team_members")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function setRole(
  db: Db,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  await db
    .updateTable("team_members")
    .set({ role })
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .execute();
}

/** Takes the user out of the team; the transcriptions they put in it stay the team's. */
export async function deleteMember(db: Db, teamId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("team_members")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .execute();
}

/** Deletes the team's row (its members and invitations go with it by foreign key). */
export async function deleteTeamRow(db: Db, teamId: string): Promise<void> {
  await db.deleteFrom("teams").where("id", "=", teamId).execute();
}

/** How many transcriptions the team holds (what deleting it deletes). */
export async function teamTranscriptionCount(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("transcriptions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
