import type { TFunction } from "i18next";

// Prices and minutes as the server defines them (apps/server/src/minutes/plans.ts).
export const PLAN_CARDS = [
  { type: "free", minutes: 20, priceCents: 0 },
  { type: "basic", minutes: 200, priceCents: 600 },
  { type: "standard", minutes: 500, priceCents: 1350, saving: 10 },
  { type: "pro", minutes: 1000, priceCents: 2400, saving: 20 },
] as const;

export const MINUTE_PACK_CARDS = [
  { pack: 500, priceCents: 1350, saving: 10 },
  { pack: 1000, priceCents: 2400, saving: 20 },
] as const;

/** US dollars: "$6", "$13.50"; `cents: true` always shows cents ("$24.00"). */
export function formatPrice(
  priceCents: number,
  { cents = false }: { cents?: boolean } = {},
): string {
  const whole = priceCents % 100 === 0 && !cents;
  return `$${(priceCents / 100).toFixed(whole ? 0 : 2)}`;
}

/** A translated list (an array in the locale file). */
export function tList(t: TFunction, key: string): string[] {
  const value = t(key, { returnObjects: true }) as unknown;
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}
