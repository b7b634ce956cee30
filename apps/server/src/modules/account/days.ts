import { PORTFOLIO_TIME_ZONE, type PortfolioRange } from "@brokerage/api";
import {
  addMonths,
  dayNumFromIso,
  isoFromDayNum,
  zonedDayMinute,
  zonedToInstant,
  type DayNum,
} from "@brokerage/core";

/**
 * The portfolio's calendar: days of PORTFOLIO_TIME_ZONE (the platform's, as the money windows' and the
 * statements' default), each from its midnight to the next.
 */

export const dayOf = (at: Date): DayNum => zonedDayMinute(PORTFOLIO_TIME_ZONE, at.getTime()).day;

/** The day's first instant: its midnight in the zone (the end of the day before). */
export const dayStart = (day: DayNum): Date => new Date(zonedToInstant(PORTFOLIO_TIME_ZONE, day, 0));

export const isoDay = (day: DayNum): string => isoFromDayNum(day);
export const dayOfIso = (iso: string): DayNum => dayNumFromIso(iso);

/** The first day a range shows (undefined: every day there is). A week is the last seven days and today. */
export function rangeStart(today: DayNum, range: PortfolioRange): DayNum | undefined {
  switch (range) {
    case "1W":
      return today - 7;
    case "1M":
      return addMonths(today, -1);
    case "3M":
      return addMonths(today, -3);
    case "1Y":
      return addMonths(today, -12);
    case "ALL":
      return undefined;
  }
}
