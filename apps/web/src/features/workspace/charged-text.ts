import type { TFunction } from "i18next";

/**
 * What a job that stopped before completing was charged, as a sentence: it pays for the audio
 * it had transcribed (docs/architecture.md, "The minutes ledger"). Undefined when it was free.
 * Minutes with one decimal, rounded up, so a few seconds never read as "0 min".
 */
export function chargedText(
  t: TFunction,
  chargedSeconds: number | null | undefined,
  why: "cancelled" | "stopped" | "history",
): string | undefined {
  if (!chargedSeconds || chargedSeconds <= 0) return undefined;
  const minutes = Math.ceil(chargedSeconds / 6) / 10;
  return t(`workspace.charged.${why}`, { minutes });
}
