import type { Config } from "../config.js";
import type { User } from "../users/repo.js";

/** Who is asking: the signed-in user, and whether they are an admin. */
export interface Actor {
  userId: string;
  admin: boolean;
}

/** Whether the user is one of the designated admin accounts (`ADMIN_EMAILS`, lower-cased). */
export function isAdmin(config: Pick<Config, "adminEmails">, user: Pick<User, "email">): boolean {
  return config.adminEmails.includes(user.email.toLowerCase());
}

/** The actor a signed-in user is. */
export function actorOf(
  user: Pick<User, "id" | "email">,
  config: Pick<Config, "adminEmails">,
): Actor {
  return { userId: user.id, admin: isAdmin(config, user) };
}
