import type { GlossaryEntry } from "@verbatim/subtitles/translation";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { authorize } from "../policies/authorize.js";
import { glossary as glossarySubject } from "../policies/policies.js";
import { actorInTeam } from "../teams/membership.js";
import { findGlossary } from "./glossary-store.js";

/**
 * The entries of a saved glossary the user may read (its maker, or a member of its team;
 * 403/404 otherwise); none without an id. Asked by POST …/translations and by an upload that
 * names one for "translate when done".
 */
export async function savedGlossary(
  ctx: { db: Db; config: Config },
  user: Parameters<typeof actorInTeam>[2],
  id: string | undefined,
): Promise<GlossaryEntry[]> {
  if (id === undefined) return [];
  const row = await findGlossary(ctx.db, id);
  const actor = await actorInTeam(ctx.db, ctx.config, user, row?.team_id ?? null);
  authorize(actor, "read", row && glossarySubject(row));
  if (!row) fail("NOT_FOUND");
  return JSON.parse(row.entries_json) as GlossaryEntry[];
}
