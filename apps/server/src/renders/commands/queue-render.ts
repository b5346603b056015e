// Command: reserve a render's minutes and queue it.
import { randomUUID } from "node:crypto";
import { renderCostSeconds } from "@verbatim/contract";
import type { RenderBody } from "@verbatim/contract/api";
import type { z } from "zod";
import type { TranscriptionRow } from "../../jobs/job-row.js";
import { reserveMinutes } from "../../minutes/minute-ledger.js";
import type { User } from "../../users/repo.js";
import { checkCanRender } from "../render-limits.js";
import type { RenderRow } from "../render-row.js";
import { findRender, insertRender } from "../render-store.js";
import type { RenderContext } from "../render-context.js";

/**
 * Reserves a render's minutes and queues it (over `sourcePath`, the user's video, or over the
 * waveform of the kept audio when null), inside the user's lock: 402 INSUFFICIENT_MINUTES, 429
 * TOO_MANY_RENDERS.
 */
export async function queueRender(
  ctx: Pick<RenderContext, "db" | "now" | "renders">,
  {
    user,
    job,
    options,
    sourcePath,
  }: {
    user: User;
    job: TranscriptionRow;
    options: z.output<typeof RenderBody>;
    sourcePath: string | null;
  },
): Promise<RenderRow> {
  const id = randomUUID();
  const now = ctx.now();
  const cost = renderCostSeconds(job.duration_ms);
  await reserveMinutes(ctx.db, user.id, id, cost, now, async (tx) => {
    // Inside the user's lock: two requests at once cannot both pass the count.
    await checkCanRender(tx, user, 0, now);
    await insertRender(tx, {
      id,
      user_id: user.id,
      transcription_id: job.id,
      status: "queued",
      options_json: JSON.stringify(options),
      cost_seconds: cost,
      created_at: now.toISOString(),
      picture: sourcePath === null ? "waveform" : "video",
      source_path: sourcePath,
    });
  });
  // Read before waking the workers: the answer is the render as queued, not as a worker that
  // took it at once left it (a race the loaded CI machine lost).
  const queued = (await findRender(ctx.db, id))!;
  ctx.renders.notify();
  return queued;
}
