import type { Config } from "../config.js";
import type { Db, Tx } from "../db/database.js";
import { actorOf, type UserActor } from "../policies/actor.js";
import { authorize } from "../policies/authorize.js";
import { teamSubject, type ActionOn } from "../policies/policies.js";
import { isTeamRole, type TeamRole } from "../policies/team-roles.js";
import type { User } from "../users/repo.js";

/** A team's row. */
export interface TeamRow {
  id: string;
  name: string;
  owner_id: string;
  created_at: string;
}

/** The user's role in the team; undefined when they are not in it. */
export async function roleIn(
  db: Db | Tx,
  teamId: string,
  userId: string,
): Promise<TeamRole | undefined> {
  const row = await db
    .selectFrom("team_members")
    .select("role")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && isTeamRole(row.role) ? row.role : undefined;
}

/**
 * The actor a signed-in user is, with their role in `teamId` (the team of the resource asked
 * about) loaded for the policies; no team: the user alone.
 */
export async function actorInTeam(
  db: Db,
  config: Pick<Config, "adminEmails">,
  user: Pick<User, "id" | "email">,
  teamId: string | null | undefined,
): Promise<UserActor> {
  const actor = actorOf(user, config);
  if (!teamId) return actor;
  const role = await roleIn(db, teamId, user.id);
  return role ? { ...actor, teams: { [teamId]: role } } : actor;
}

export async function findTeam(db: Db | Tx, id: string): Promise<TeamRow | undefined> {
  return db.selectFrom("teams").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The team, when the user may do `action` in it: 404 NOT_FOUND for a team
 * they are not in (nobody learns it exists), 403 ROLE_NOT_ALLOWED for one their role does not allow.
 * Returns the team and the user's role.
 */
export async function teamFor(
  { db, config }: { db: Db; config: Pick<Config, "adminEmails"> },
  user: Pick<User, "id" | "email">,
  teamId: string,
  action: ActionOn<"team">,
): Promise<{ team: TeamRow; role: TeamRole }> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(teamId);
  const team = uuid ? await findTeam(db, teamId) : undefined;
  const actor = await actorInTeam(db, config, user, team?.id);
  authorize(actor, action, team && teamSubject(team));
  // authorize let it through: the user is in the team.
  return { team: team as TeamRow, role: actor.teams?.[teamId] as TeamRole };
}

/** Whose job a new upload is: the user's own, or a team's (paid by the team's owner). */
export interface JobAccount {
  teamId: string | null;
  payerId: string;
}

/**
 * The account a new job goes to: the user's own without `teamId`; with it, the team's, when
 * the user's role may upload there (404 for a team they are not in, 403 for a viewer), paid
 * from the team owner's minutes.
 */
export async function jobAccount(
  ctx: { db: Db; config: Pick<Config, "adminEmails"> },
  user: Pick<User, "id" | "email">,
  teamId: string | undefined,
): Promise<JobAccount> {
  if (teamId === undefined) return { teamId: null, payerId: user.id };
  const { team } = await teamFor(ctx, user, teamId, "upload");
  return { teamId: team.id, payerId: team.owner_id };
}

/**
 * The `teamId` query parameter of an upload (its route's validation is for the document only,
 * the body being multipart): a team named twice is refused as not found.
 */
export function teamIdOf(query: unknown): string | undefined {
  const value = (query as { teamId?: unknown } | undefined)?.teamId;
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : "not-a-team";
}
