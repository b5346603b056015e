import type { Config } from "../config.js";
import type { User } from "../users/repo.js";
import type { TeamRole } from "./team-roles.js";

/** Who is asking: a signed-in user, or someone holding a share link. */
export type Actor = UserActor | ShareLinkActor;

/** A signed-in user, and whether they are an admin. */
export interface UserActor {
  userId: string;
  admin: boolean;
  /**
   * Their roles in the teams the request concerns (loaded by teams/membership.ts for the team
   * of the resource asked for); a team not listed is one they are not in.
   */
  teams?: Readonly<Record<string, TeamRole>>;
}

/**
 * Someone holding a live share link (docs/sharing.md), account or not: read access to one
 * transcription, plus comment and download access when its owner allowed them.
 */
export interface ShareLinkActor {
  link: { id: string; transcriptionId: string; comment: boolean; download: boolean };
}

/** Whether the actor is a signed-in user (not a share link). */
export function isUser(actor: Actor): actor is UserActor {
  return "userId" in actor;
}

/** Whether the user is one of the designated admin accounts (`ADMIN_EMAILS`, lower-cased). */
export function isAdmin(config: Pick<Config, "adminEmails">, user: Pick<User, "email">): boolean {
  return config.adminEmails.includes(user.email.toLowerCase());
}

/** The actor a signed-in user is. */
export function actorOf(
  user: Pick<User, "id" | "email">,
  config: Pick<Config, "adminEmails">,
): UserActor {
  return { userId: user.id, admin: isAdmin(config, user) };
}
