import { session, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/** Bursa Malaysia: 09:00–12:30 and 14:30–17:00. */
const HOLIDAY_ROWS = [
  "2025: 01-01 01-29 01-30 02-11 03-31 04-01 05-01 05-12 06-02 06-09 06-27 09-01 09-05 09-16 10-20 12-25",
  "2026: 01-01 02-02 02-17 02-18 03-20 03-23 05-01 05-27 06-01 06-17 08-25 08-31 09-16 11-09 12-25",
  "2027: 01-01 01-22 02-08 02-09 03-10 03-11 05-17 05-20 06-07 08-31 09-16 10-28",
];

export const MALAYSIA: MarketCalendar = {
  sessions: [session("09:00", "12:30"), session("14:30", "17:00")],
  earlierSessions: [],
  holidays: expandRows(HOLIDAY_ROWS),
  specialDays: {},
};
