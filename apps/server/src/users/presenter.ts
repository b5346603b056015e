import type { UserResponse } from "@verbatim/contract/api";
import type { z } from "zod";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { minuteCredits } from "../minutes/minute-ledger.js";
import { isAdmin } from "../policies/actor.js";
import type { User } from "./repo.js";

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
    isAdmin: isAdmin(config, user),
    commentMails: user.commentMails,
  };
}
