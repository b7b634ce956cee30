import { weekdayOf, type DayNum } from "../time.js";

/** The day number of a civil date (month 1–12; day 0 is the previous month's last). */
export const dayOf = (year: number, month: number, day: number): DayNum =>
  Date.UTC(year, month - 1, day) / 86_400_000;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): DayNum {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, day);
}

/** The n-th (1-based) given weekday (0 = Sunday) of a month. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): DayNum {
  const first = dayOf(year, month, 1);
  return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
}

/** The last given weekday of a month. */
export function lastWeekday(year: number, month: number, weekday: number): DayNum {
  const last = dayOf(year, month + 1, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** Expands rows of "YYYY: MM-DD MM-DD …" into ISO dates. A row "YYYY:" (nothing after it) has none. */
export function expandRows(rows: readonly string[]): string[] {
  return rows.flatMap((row) => {
    const [year = "", days = ""] = row.split(":").map((part) => part.trim());
    return days === "" ? [] : days.split(/\s+/).map((monthDay) => `${year}-${monthDay}`);
  });
}
