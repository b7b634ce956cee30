import { session, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/** NSE and BSE share one calendar: 09:15–15:30 IST. */
const HOLIDAY_ROWS = [
  "2025: 02-26 03-14 03-31 04-10 04-14 04-18 05-01 08-15 08-27 10-02 10-21 10-22 11-05 12-25",
  "2026: 01-26 03-03 03-26 03-31 04-03 04-14 05-01 05-28 06-26 09-14 10-02 10-20 11-10 11-24 12-25",
  "2027: 01-26 03-22 03-26 04-14 04-15 05-17 06-15 08-16 09-06 10-11 10-29 11-01 11-15",
];

export const INDIA: MarketCalendar = {
  sessions: [session("09:15", "15:30")],
  earlierSessions: [],
  holidays: expandRows(HOLIDAY_ROWS),
  specialDays: {},
};
