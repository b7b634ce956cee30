import { hm, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/**
 * Spot forex: the trading day D runs from 17:00 New York on the day before to 17:00 on D, Monday to
 * Friday; the interbank market closes on Christmas and New Year's Day.
 */
export const FOREX: MarketCalendar = {
  sessions: [{ open: hm("17:00") - 1440, close: hm("17:00") }],
  earlierSessions: [],
  holidays: expandRows(["2025: 01-01 12-25", "2026: 01-01 12-25", "2027: 01-01"]),
  specialDays: {},
};
