// Command: delete a saved glossary the user may edit.
import { authorize } from "../../policies/authorize.js";
import { glossary } from "../../policies/policies.js";
import { actorInTeam } from "../../teams/membership.js";
import type { User } from "../../users/repo.js";
import { deleteGlossary as deleteGlossaryRow, findGlossary } from "../glossary-store.js";
import type { TranslationContext } from "../translation-context.js";

/** Deletes it: 404 for one the user may not read, 403 for one they may read but not change. */
export async function deleteGlossary(
  ctx: Pick<TranslationContext, "db" | "config">,
  { user, id }: { user: User; id: string },
): Promise<void> {
  const row = await findGlossary(ctx.db, id);
  const actor = await actorInTeam(ctx.db, ctx.config, user, row?.team_id ?? null);
  authorize(actor, "edit", row && glossary(row));
  await deleteGlossaryRow(ctx.db, id);
}
