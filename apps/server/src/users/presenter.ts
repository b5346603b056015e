import { z } from "zod";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { minuteCredits } from "../minutes/minute-ledger.js";
import type { User } from "./repo.js";

/** The current user as the API shows it. */
export const UserResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  /** Plan minutes left this period, whole minutes. */
  credits: z.number().int().describe("Plan minutes left this period, in whole minutes."),
  /** Purchased pack minutes left, whole minutes. */
  additionalCredits: z.number().int().describe("Purchased pack minutes left, in whole minutes."),
  /** One of the designated admin accounts (ADMIN_EMAILS). */
  isAdmin: z.boolean(),
});

/** The shape of {@link UserResponse}. */
export type UserView = z.infer<typeof UserResponse>;

/** Shapes a user for the API, with their minutes; the database row never leaves the server. */
export async function presentUser(
  user: User,
  { db, config }: { db: Db; config: Config },
): Promise<UserView> {
  const { credits, additionalCredits } = await minuteCredits(db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt,
    credits,
    additionalCredits,
    isAdmin: config.adminEmails.includes(user.email.toLowerCase()),
  };
}
