import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { UsageReport } from "../../api/types";
import { dateLocale } from "../../i18n/language";

/** Sales of one product (a plan type or a pack size) in the period. */
export type ProductRevenue = UsageReport["revenue"]["byPlan"][number];
/** One UTC day of the 30-day series. */
export type UsageDay = UsageReport["daily"][number];

export const adminUsageKey = ["admin", "usage"] as const;

/** The last 24 hours' figures and the 30-day series; fresh for 30 s. */
export function useAdminUsage() {
  return useQuery({
    queryKey: adminUsageKey,
    queryFn: ({ signal }) => api<UsageReport>("/api/admin/usage", { signal }),
    staleTime: 30_000,
    refetchOnMount: true,
  });
}

/** US cents as dollars in the interface language: 1350 → "US$13.50" / "$13.50". */
export function formatUsd(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(
    cents / 100,
  );
}

export function formatNumber(value: number, language: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits }).format(value);
}

/** A UTC calendar day ("2026-03-15") as a short date ("15 Mar"). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(dateLocale(language), {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** A moment as date and time in the interface language. */
export function formatMoment(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(language), {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}
