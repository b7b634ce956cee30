import { session, specialDays, type MarketCalendar } from "../sessions.js";
import { isoFromDayNum, weekdayOf, type DayNum } from "../time.js";
import { dayOf, easterSunday, lastWeekday, nthWeekday } from "./rules.js";

/**
 * NYSE and NASDAQ, computed by rule for 2016–2030 (years of simulated history and a margin beyond).
 *
 * Holidays: NYSE Rule 7.2 (NYSE Rules, "Holidays"; https://www.nyse.com/markets/hours-calendars, read
 * 2026-12-01): New Year's Day, Martin Luther King Jr. Day, Washington's Birthday, Good Friday, Memorial Day,
 * Juneteenth (from 2022), Independence Day, Labor Day, Thanksgiving and Christmas. A holiday on a Saturday
 * is observed the Friday before and one on a Sunday the Monday after, "unless unusual business conditions
 * exist, such as the ending of a monthly or the yearly accounting period": so New Year's Day on a Saturday
 * (2022) closes no day. Nasdaq follows the same days (https://www.nasdaq.com/market-activity/stock-market-holiday-schedule).
 *
 * Early closes at 13:00 ET, NYSE's published practice (the same calendar page, and its yearly notices):
 * the day after Thanksgiving, and 24 December and 3 July when they are weekdays and not themselves holidays.
 */
export const US_RULE_YEARS = { first: 2016, last: 2030 } as const;

/** Closures by proclamation (national days of mourning), from NYSE's notices. */
const PROCLAIMED: readonly string[] = [
  "2018-12-05", // President George H. W. Bush (NYSE notice, 2018-12-01)
  "2025-01-09", // President Jimmy Carter (NYSE notice, 2024-12-30)
];

const observed = (day: DayNum): DayNum => {
  const weekday = weekdayOf(day);
  return weekday === 6 ? day - 1 : weekday === 0 ? day + 1 : day;
};

/** The NYSE Rule 7.2 holidays of one year, in date order. */
export function usHolidays(year: number): DayNum[] {
  const newYear = dayOf(year, 1, 1);
  const days = [
    ...(weekdayOf(newYear) === 6 ? [] : [observed(newYear)]),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    easterSunday(year) - 2,
    lastWeekday(year, 5, 1),
    ...(year >= 2022 ? [observed(dayOf(year, 6, 19))] : []),
    observed(dayOf(year, 7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(dayOf(year, 12, 25)),
  ];
  return days.sort((a, b) => a - b);
}

/** The 13:00 early closes of one year. */
export function usEarlyCloses(year: number): DayNum[] {
  const holidays = new Set(usHolidays(year));
  const weekdayOpen = (day: DayNum) => weekdayOf(day) !== 0 && weekdayOf(day) !== 6 && !holidays.has(day);
  return [dayOf(year, 7, 3), nthWeekday(year, 11, 4, 4) + 1, dayOf(year, 12, 24)]
    .filter(weekdayOpen)
    .sort((a, b) => a - b);
}

const years = Array.from(
  { length: US_RULE_YEARS.last - US_RULE_YEARS.first + 1 },
  (_, i) => US_RULE_YEARS.first + i,
);

export const UNITED_STATES: MarketCalendar = {
  sessions: [session("09:30", "16:00")],
  earlierSessions: [],
  holidays: [...years.flatMap((year) => usHolidays(year).map(isoFromDayNum)), ...PROCLAIMED].sort(),
  specialDays: specialDays(
    "earlyClose",
    [session("09:30", "13:00")],
    years.flatMap((year) => usEarlyCloses(year).map(isoFromDayNum)),
  ),
};
