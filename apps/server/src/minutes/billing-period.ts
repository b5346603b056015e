/** The start of the month-long period that contains `now`, counting whole months from `anchor`. */
export function currentPeriodStart(anchor: Date, now: Date): Date {
  let months = 0;
  while (addMonths(anchor, months + 1) <= now) months++;
  return addMonths(anchor, months);
}

/** `date` plus `months` calendar months, clamped to the month's last day (Jan 31 + 1 = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
