import type { Db } from "../db/database.js";
import { AppError } from "../http/app-error.js";
import { minuteBalance, reserveMinutes } from "../minutes/minute-ledger.js";

// Live minutes are reserved in small steps as the audio arrives (docs/live.md), each step its
// own reference in the ledger, settled by the second when the session stops.

/** Seconds each reservation step takes. */
export const LIVE_STEP_SECONDS = 30;
/** The next step is reserved this long before the reserved time runs out. */
export const LIVE_STEP_AHEAD_SECONDS = 10;
/** The speaker is warned when this little time is left (reserved and balance together). */
export const LIVE_WARN_SECONDS = 120;

/** The ledger reference of a session's step. */
export function liveStepReference(sessionId: string, step: number): string {
  return `live:${sessionId}:${step}`;
}

/** Reserves step `step`; false when the balance cannot cover it (402 INSUFFICIENT_MINUTES). */
export async function reserveLiveStep(
  db: Db,
  userId: string,
  sessionId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  try {
    await reserveMinutes(db, userId, liveStepReference(sessionId, step), LIVE_STEP_SECONDS, now);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "INSUFFICIENT_MINUTES") return false;
    throw error;
  }
}

/** Seconds of balance left beyond the session's reservations. */
export async function unreservedSeconds(db: Db, userId: string, now: Date): Promise<number> {
  const balance = await minuteBalance(db, userId, now);
  return Math.max(0, balance.planSeconds) + Math.max(0, balance.packSeconds);
}
