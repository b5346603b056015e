import type { BackgroundWork } from "../background-work.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import type { Mailer } from "../mail/mailer.js";
import type { TeamRemovalContext } from "./team-removal.js";

/** What the teams' commands need (teams/commands/): the database, mail, the job queue, a clock. */
export interface TeamsContext extends TeamRemovalContext {
  db: Db;
  config: Pick<Config, "publicUrl" | "adminEmails">;
  mailer: Mailer;
  background: BackgroundWork;
  now: () => Date;
}
