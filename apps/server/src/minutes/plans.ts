// Plans and packs are written down once, in @verbatim/contract (the web app shows the same).

export { MINUTE_PACKS, PLAN_TYPES, PLANS, type Plan, type PlanType } from "@verbatim/contract";

/** Whole minutes shown to users for a number of seconds (rounded down: never promise more). */
export function secondsToMinutes(seconds: number): number {
  return Math.max(0, Math.floor(seconds / 60));
}
