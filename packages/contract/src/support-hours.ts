// When support answers live: Monday to Friday, 9:00 to 18:00 New York time (EST/EDT).

/** Support's time zone and opening hours (24-hour clock, local time there). */
export const SUPPORT_HOURS = {
  timeZone: "America/New_York",
  /** Monday = 1 … Friday = 5. */
  days: [1, 2, 3, 4, 5],
  opens: 9,
  closes: 18,
} as const;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Whether support is within its hours at `at`. */
export function supportIsOpen(at: Date): boolean {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: SUPPORT_HOURS.timeZone,
    weekday: "short",
    hour: "numeric",
    hourCycle: "h23",
  }).formatToParts(at);
  const weekday = WEEKDAYS.indexOf(parts.find((part) => part.type === "weekday")?.value ?? "");
  const hour = Number(parts.find((part) => part.type === "hour")?.value);
  return (
    (SUPPORT_HOURS.days as readonly number[]).includes(weekday) &&
    hour >= SUPPORT_HOURS.opens &&
    hour < SUPPORT_HOURS.closes
  );
}
