import { MINUTE_PACKS, PLANS, savingPercent, type PlanType } from "@verbatim/contract";
import type { TFunction } from "i18next";

// Prices and minutes from @verbatim/contract, where the server reads them too.
function planCard<T extends PlanType>(type: T) {
  const { minutesPerMonth: minutes, priceCents } = PLANS[type];
  return { type, minutes, priceCents, saving: savingPercent(minutes, priceCents) };
}

export const PLAN_CARDS = [
  planCard("free"),
  planCard("basic"),
  planCard("standard"),
  planCard("pro"),
] as const;

export const MINUTE_PACK_CARDS = ([500, 1000] as const).map((pack) => ({
  pack,
  priceCents: MINUTE_PACKS[pack].priceCents,
  saving: savingPercent(MINUTE_PACKS[pack].minutes, MINUTE_PACKS[pack].priceCents),
}));

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
