import { MAX_ACTIVE_RENDERS } from "@verbatim/contract";
import type { Db } from "../db/database.js";
import { fail } from "../http/app-error.js";
import { minuteBalance } from "../minutes/minute-ledger.js";
import type { User } from "../users/repo.js";
import { activeRenderCount } from "./render-store.js";

/**
 * 429 TOO_MANY_RENDERS with MAX_ACTIVE_RENDERS already queued or running; 402
 * INSUFFICIENT_MINUTES when fewer than `cost` seconds are left (0: the reservation checks).
 */
export async function checkCanRender(db: Db, user: User, cost: number, now: Date): Promise<void> {
  if ((await activeRenderCount(db, user.id)) >= MAX_ACTIVE_RENDERS) {
    fail("TOO_MANY_RENDERS", { activeRenders: MAX_ACTIVE_RENDERS });
  }
  if (cost <= 0) return;
  const balance = await minuteBalance(db, user.id, now);
  const available = Math.max(0, balance.planSeconds) + Math.max(0, balance.packSeconds);
  if (available < cost) {
    fail("INSUFFICIENT_MINUTES", {
      neededMinutes: Math.ceil(cost / 60),
      availableMinutes: Math.floor(available / 60),
    });
  }
}
