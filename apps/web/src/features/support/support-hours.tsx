import { SUPPORT_HOURS } from "@verbatim/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dateLocale } from "../../i18n/language";

/** An instant from a wall-clock time in a time zone (Intl has no direct way). */
function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(new Date(guess));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(guess - (wall - guess));
}

/** Opening and closing on the coming Monday, in the operator's zone (SUPPORT_HOURS). */
export function supportOpening(now: Date): { opens: Date; closes: Date } {
  const monday = new Date(now);
  monday.setUTCDate(now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7));
  const [y, m, d] = [monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()];
  return {
    opens: zonedInstant(y, m, d, SUPPORT_HOURS.opens, SUPPORT_HOURS.timeZone),
    closes: zonedInstant(y, m, d, SUPPORT_HOURS.closes, SUPPORT_HOURS.timeZone),
  };
}

/** A time zone's name in words ("Eastern Time", "北美東部時間"). */
function zoneName(locale: string, timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" });
  return parts.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "9:00 AM – 6:00 PM" in a zone, the close said to be the next day when it is. */
function hoursIn(
  locale: string,
  timeZone: string,
  { opens, closes }: { opens: Date; closes: Date },
  nextDay: (time: string) => string,
): string {
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" });
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" });
  const close = time.format(closes);
  return `${time.format(opens)} – ${day.format(opens) === day.format(closes) ? close : nextDay(close)}`;
}

/**
 * Support's hours as the operator keeps them (their zone, SUPPORT_HOURS), then converted into
 * the reader's own zone when it differs: the reader's zone is only known in the browser, so
 * that line comes after the page has started (the prerendered page says the first line).
 */
export function SupportHours({ readerZone }: { readerZone?: string }) {
  const { t, i18n } = useTranslation();
  const locale = dateLocale(i18n.language);
  const [zone, setZone] = useState<string | null>(readerZone ?? null);
  useEffect(() => {
    if (!readerZone) setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [readerZone]);
  const opening = supportOpening(new Date());
  const nextDay = (time: string) => t("supportHours.nextDay", { time });
  const there = t("supportHours.there", {
    range: hoursIn(locale, SUPPORT_HOURS.timeZone, opening, nextDay),
    zone: zoneName(locale, SUPPORT_HOURS.timeZone, opening.opens),
  });
  const here =
    zone &&
    hoursIn("en-GB", zone, opening, String) !==
      hoursIn("en-GB", SUPPORT_HOURS.timeZone, opening, String)
      ? t("supportHours.here", {
          range: hoursIn(locale, zone, opening, nextDay),
          zone: zoneName(locale, zone, opening.opens),
        })
      : null;
  return (
    <>
      <span className="block">{there}</span>
      {here && <span className="block">{here}</span>}
    </>
  );
}
