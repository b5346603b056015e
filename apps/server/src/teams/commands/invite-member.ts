// Command: invite someone to a team by e-mail, with a role.
import { randomBytes, randomUUID } from "node:crypto";
import { hashToken } from "../../auth/tokens.js";
import { fail } from "../../http/app-error.js";
import { renderMail } from "../../mail/templates.js";
import type { TeamRole } from "../../policies/team-roles.js";
import { normalizeEmail, type Locale, type User } from "../../users/repo.js";
import {
  dropOpenInvitation,
  INVITATION_LIFETIME_MS,
  insertInvitation,
  openInvitations,
  type InvitationRow,
} from "../invitations.js";
import type { TeamRow } from "../membership.js";
import type { TeamsContext } from "../teams-context.js";
import { MAX_TEAM_MEMBERS, memberCount } from "../teams-repo.js";

/**
 * Invites `email` to the team with `role` (the caller has checked the inviter may give it) and
 * mails the link, through the same mailer as the sign-up mail. An earlier open invitation of the
 * address to the team is replaced. 409 TEAM_ALREADY_MEMBER when the address's account is already
 * in the team, 409 TEAM_LIMIT_REACHED past the member bound (members and open invitations).
 */
export async function inviteMember(
  ctx: Pick<TeamsContext, "db" | "config" | "mailer" | "background" | "now">,
  {
    team,
    inviter,
    email: address,
    role,
  }: {
    team: TeamRow;
    inviter: Pick<User, "id" | "name" | "email" | "locale">;
    email: string;
    role: TeamRole;
  },
): Promise<InvitationRow> {
  const { db, now } = ctx;
  const email = normalizeEmail(address);
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
  await dropOpenInvitation(db, team.id, email);
  const open = await openInvitations(db, team.id, at);
  if ((await memberCount(db, team.id)) + open.length >= MAX_TEAM_MEMBERS) {
    fail("TEAM_LIMIT_REACHED", { limit: MAX_TEAM_MEMBERS });
  }
  const token = randomBytes(32).toString("base64url");
  const row = {
    id: randomUUID(),
    team_id: team.id,
    email,
    role,
    token_hash: hashToken(token),
    invited_by: inviter.id,
    expires_at: new Date(at.getTime() + INVITATION_LIFETIME_MS).toISOString(),
    accepted_at: null,
    created_at: at.toISOString(),
  };
  await insertInvitation(db, row);
  const locale: Locale =
    invitee?.locale === "zh-HK" || invitee?.locale === "en" ? invitee.locale : inviter.locale;
  const from = inviter.name?.trim() || inviter.email;
  const detail =
    locale === "zh-HK"
      ? `${from} 邀請你以「${roleName(role, locale)}」身份加入團隊「${team.name}」。`
      : `${from} invited you to join the team “${team.name}” as ${roleName(role, locale)}.`;
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
