import { randomBytes, randomUUID } from "node:crypto";
import type { BackgroundWork } from "../background-work.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import type { Mailer } from "../mail/mailer.js";
import { renderMail } from "../mail/templates.js";
import { hashToken } from "../auth/tokens.js";
import type { TeamRole } from "../policies/team-roles.js";
import { isTeamRole } from "../policies/team-roles.js";
import { normalizeEmail, type Locale, type User } from "../users/repo.js";
import type { TeamRow } from "./membership.js";
import { addMember, memberCount, MAX_TEAM_MEMBERS } from "./teams-repo.js";

// Invitations by e-mail (docs/teams.md): a long random token in a link, sent through the same
// mailer as the sign-up mail; only its SHA-256 is kept. Only an account with the invited
// address may accept it, once, within 7 days.

/** How long an invitation works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What sending an invitation needs. */
export interface InvitationContext {
  db: Db;
  config: Pick<Config, "publicUrl">;
  mailer: Mailer;
  background: BackgroundWork;
  now: () => Date;
}

/** An open invitation, as the team's admins see it. */
export interface InvitationRow {
  id: string;
  team_id: string;
  email: string;
  role: string;
  expires_at: string;
  created_at: string;
}

/**
 * Invites `email` to the team with `role` (the caller has checked the inviter may give it) and
 * mails the link. An earlier open invitation of the address to the team is replaced. 409
 * TEAM_ALREADY_MEMBER when the address's account is already in the team, 409
 * TEAM_LIMIT_REACHED past the member bound (members and open invitations together).
 */
export async function invite(
  ctx: InvitationContext,
  team: TeamRow,
  inviter: Pick<User, "id" | "name" | "email" | "locale">,
  input: { email: string; role: TeamRole },
): Promise<InvitationRow> {
  const { db, now } = ctx;
  const email = normalizeEmail(input.email);
  const invitee = await db
    .selectFrom("users")
    .select(["id", "name", "locale"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (invitee) {
    const member = await db
      .selectFrom("team_members")
      .select("user_id")
      .where("team_id", "=", team.id)
      .where("user_id", "=", invitee.id)
      .executeTakeFirst();
    if (member) fail("TEAM_ALREADY_MEMBER");
  }
  const at = now();
  await db
    .deleteFrom("team_invitations")
    .where("team_id", "=", team.id)
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .execute();
  const open = await openInvitations(db, team.id, at);
  if ((await memberCount(db, team.id)) + open.length >= MAX_TEAM_MEMBERS) {
    fail("TEAM_LIMIT_REACHED", { limit: MAX_TEAM_MEMBERS });
  }
  const token = randomBytes(32).toString("base64url");
  const row = {
    id: randomUUID(),
    team_id: team.id,
    email,
    role: input.role,
    token_hash: hashToken(token),
    invited_by: inviter.id,
    expires_at: new Date(at.getTime() + INVITATION_LIFETIME_MS).toISOString(),
    accepted_at: null,
    created_at: at.toISOString(),
  };
  await db.insertInto("team_invitations").values(row).execute();
  const locale: Locale =
    invitee?.locale === "zh-HK" || invitee?.locale === "en" ? invitee.locale : inviter.locale;
  const from = inviter.name?.trim() || inviter.email;
  const detail =
    locale === "zh-HK"
      ? `${from} 邀請你以「${roleName(input.role, locale)}」身份加入團隊「${team.name}」。`
      : `${from} invited you to join the team “${team.name}” as ${roleName(input.role, locale)}.`;
  const mail = renderMail("team-invitation", locale, {
    name: invitee?.name ?? null,
    link: `${ctx.config.publicUrl}/teams?invitation=${token}`,
    detail,
  });
  ctx.background.run("team invitation e-mail", () => ctx.mailer.send({ to: email, ...mail }));
  return row;
}

function roleName(role: TeamRole, locale: Locale): string {
  const names: Record<Locale, Record<TeamRole, string>> = {
    en: { owner: "owner", admin: "an admin", member: "a member", viewer: "a viewer" },
    "zh-HK": { owner: "擁有人", admin: "管理員", member: "成員", viewer: "檢視者" },
  };
  return names[locale][role];
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
 * Accepts an invitation for the signed-in user: 404 TEAM_INVITATION_NOT_FOUND for a token that
 * is unknown, used or expired, 403 TEAM_INVITATION_OTHER_ADDRESS when it was sent to another
 * address than the account's. Joins the team with the invited role (a member already keeps
 * theirs). Returns the team's id.
 */
export async function acceptInvitation(
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
