import { dateLocale } from "../../i18n/language";

/** A date as the UI language writes it ("March 1, 2023" / "2023年3月1日"); the raw text if unreadable. */
export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: "long" }).format(date);
}
