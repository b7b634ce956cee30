/**
 * Time windows of deposits and withdrawals (DESIGN §4.1: `{days, from, to, timeZone}`, Sunday = 0, `to`
 * may be "24:00"). Pure: the instant is given, the wall-clock time is read in the window's time zone.
 */
export interface Window {
  days: readonly number[];
  from: string;
  to: string;
  timeZone: string;
}

const minutesOf = (hhmm: string): number => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The weekday (Sunday = 0) and minute of the day of `at` in `timeZone`. */
export function wallClock(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  return { day: WEEKDAYS[get("weekday")] ?? 0, minute: Number(get("hour")) * 60 + Number(get("minute")) };
}

/** Whether `at` falls inside the window: on one of its days, from `from` (inclusive) to `to` (exclusive; 23:59 inclusive of that minute). */
export function inWindow(window: Window, at: Date): boolean {
  const { day, minute } = wallClock(at, window.timeZone);
  if (!window.days.includes(day)) return false;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  // "23:59" means through the end of that minute; "24:00" is midnight at the end of the day.
  const end = window.to === "23:59" ? 24 * 60 : to;
  return minute >= from && minute < end;
}
