import type { Kysely } from "kysely";

/**
 * Teams (docs/teams.md): a team, its members with their roles, and invitations by e-mail (only
 * a SHA-256 of each invitation's token is stored). A transcription may belong to a team
 * (`team_id`), and names the account whose minutes pay for it (`payer_id`: the team owner's for
 * a team's job; null for jobs from before teams, paid by their `user_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("teams")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("teams_owner").on("teams").column("owner_id").execute();
  await db.schema
    .createTable("team_members")
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("team_members_pk", ["team_id", "user_id"])
    .execute();
  await db.schema.createIndex("team_members_user").on("team_members").column("user_id").execute();
  await db.schema
    .createTable("team_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("team_invitations_team")
    .on("team_invitations")
    .column("team_id")
    .execute();
  await db.schema
    .alterTable("transcriptions")
    .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("transcriptions").addColumn("payer_id", "text").execute();
  await db.schema
    .createIndex("transcriptions_team")
    .on("transcriptions")
    .columns(["team_id", "created_at"])
    .execute();
}

/** Drops what `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("transcriptions_team").execute();
  await db.schema.alterTable("transcriptions").dropColumn("payer_id").execute();
  await db.schema.alterTable("transcriptions").dropColumn("team_id").execute();
  await db.schema.dropTable("team_invitations").execute();
  await db.schema.dropTable("team_members").execute();
  await db.schema.dropTable("teams").execute();
}
