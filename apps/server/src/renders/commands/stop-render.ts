// Command: cancel a render under way, or delete one that has ended with its file.
import { releaseMinutes } from "../../minutes/minute-ledger.js";
import { removeStored } from "../../storage/stored-files.js";
import { ACTIVE_RENDER_STATUSES, type RenderRow } from "../render-row.js";
import { deleteRender, dropRenderSource, endRender, findRender } from "../render-store.js";
import type { RenderContext } from "../render-context.js";

/**
 * A queued or running render is cancelled (its ffmpeg stopped, its minutes given back in full)
 * and returned as it now stands; one that has ended is deleted with its file (null).
 */
export async function stopRender(
  ctx: Pick<RenderContext, "db" | "now" | "renders">,
  { render }: { render: RenderRow },
): Promise<RenderRow | null> {
  const at = ctx.now();
  const cancelled = await endRender(ctx.db, render.id, ACTIVE_RENDER_STATUSES, {
    status: "cancelled",
    finished_at: at.toISOString(),
  });
  if (cancelled) {
    await releaseMinutes(ctx.db, render.user_id, render.id, at);
    ctx.renders.cancel(render.id);
    await dropRenderSource(ctx.db, render.id);
    return (await findRender(ctx.db, render.id))!;
  }
  const ended = (await findRender(ctx.db, render.id))!;
  await deleteRender(ctx.db, ended.id);
  // A failure to delete leaves the file to the hourly sweep.
  if (ended.file_path) await removeStored(ended.file_path).catch(() => undefined);
  return null;
}
