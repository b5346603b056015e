// Command: save a glossary (a new one, or changes to one the user may edit), the user's own or a team's.
import { randomUUID } from "node:crypto";
import type { GlossaryBody } from "@verbatim/contract/api";
import type { z } from "zod";
import { fail } from "../../http/app-error.js";
import { authorize } from "../../policies/authorize.js";
import { can, glossary } from "../../policies/policies.js";
import { actorInTeam } from "../../teams/membership.js";
import type { User } from "../../users/repo.js";
import {
  findGlossary,
  insertGlossary,
  updateGlossary,
  type GlossaryRow,
} from "../glossary-store.js";
import type { TranslationContext } from "../translation-context.js";

/**
 * Creates a glossary (`id` absent) for the user or for `teamId` (403 ROLE_NOT_ALLOWED unless
 * their role there may edit; 404 for a team they are not in), or replaces the name and entries
 * of glossary `id` (404 for one they may not read, 403 for one they may not change).
 */
export async function saveGlossary(
  ctx: Pick<TranslationContext, "db" | "config" | "now">,
  { user, id, body }: { user: User; id?: string; body: z.output<typeof GlossaryBody> },
): Promise<GlossaryRow> {
  const at = ctx.now().toISOString();
  const entries = JSON.stringify(body.entries);
  if (id !== undefined) {
    const row = await findGlossary(ctx.db, id);
    const actor = await actorInTeam(ctx.db, ctx.config, user, row?.team_id ?? null);
    authorize(actor, "edit", row && glossary(row));
    await updateGlossary(ctx.db, id, { name: body.name, entries_json: entries, updated_at: at });
    return (await findGlossary(ctx.db, id))!;
  }
  const teamId = body.teamId ?? null;
  const actor = await actorInTeam(ctx.db, ctx.config, user, teamId);
  const subject = glossary({ user_id: user.id, team_id: teamId });
  if (teamId !== null) authorize(actor, "edit", subject);
  else if (!can(actor, "edit", subject)) fail("NOT_FOUND");
  const made = randomUUID();
  await insertGlossary(ctx.db, {
    id: made,
    user_id: user.id,
    team_id: teamId,
    name: body.name,
    entries_json: entries,
    created_at: at,
    updated_at: at,
  });
  return (await findGlossary(ctx.db, made))!;
}
