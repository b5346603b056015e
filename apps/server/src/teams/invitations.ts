import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { hashToken } from "../auth/tokens.js";
import { isTeamRole } from "../policies/team-roles.js";
import { normalizeEmail, type User } from "../users/repo.js";
import { addMember } from "./teams-repo.js";

// The team_invitations table (docs/teams.md): invitations by e-mail, a long random token in a
// link (only its SHA-256 is kept). Only an account with the invited address may accept it, once,
// within 7 days. Sending one is the command teams/commands/invite-member.ts.

/** How long an invitation works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** An open invitation, as the team's admins see it. */
export interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  role: string;
  expires_at: string;
  created_at: string;
}

/** A new invitation's row (its token only as its hash). */
export interface NewInvitation extends InvitationRow {
  token_hash: string;
  invited_by: string;
  accepted_at: null;
}

/** Withdraws the open invitation of `email` to the team, if any (a new one replaces it). */
export async function dropOpenInvitation(db: Db, teamId: string, email: string): Promise<void> {
  await db
    .deleteFrom("team_invitations")
    .where("team_id", "=", teamId)
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .execute();
}

/** Stores a new invitation. */
export async function insertInvitation(db: Db, row: NewInvitation): Promise<void> {
  await db.insertInto("team_invitations").values(row).execute();
}

/** The team's invitations not yet accepted nor expired, newest first. */
export async function openInvitations(db: Db, teamId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .selectFrom("team_invitations")
    .select(["id", "team_id", "email", "role", "expires_at", "created_at"])
    .where("team_id", "=", teamId)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
}

/** Withdraws an open invitation; false when the team has none with that id. */
export async function revokeInvitation(db: Db, teamId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("team_invitations")
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Redeems an invitation for the signed-in user: 404 TEAM_INVITATION_NOT_FOUND for a token that
 * is unknown, used or expired, 403 TEAM_INVITATION_OTHER_ADDRESS when it was sent to another
 * address than the account's. Joins the team with the invited role (a member already keeps
 * theirs). Returns the team's id.
 */
export async function redeemInvitation(
  db: Db,
  user: Pick<User, "id" | "email">,
  token: string,
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const invitation = await tx
      .selectFrom("team_invitations")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .where("accepted_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    if (!invitation || !isTeamRole(invitation.role)) fail("TEAM_INVITATION_NOT_FOUND");
    if (invitation.email !== normalizeEmail(user.email)) fail("TEAM_INVITATION_OTHER_ADDRESS");
    const used = await tx
      .updateTable("team_invitations")
      .set({ accepted_at: at })
      .where("id", "=", invitation.id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) fail("TEAM_INVITATION_NOT_FOUND");
    await addMember(tx, invitation.team_id, user.id, invitation.role, now);
    return invitation.team_id;
  });
}
