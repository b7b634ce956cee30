import { session, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/**
 * Stock Exchange of Thailand. Continuous trading 10:00–12:30 and 14:00–16:30 (pre-open 09:30–10:00 and
 * 13:30–14:00, random close 16:30–16:35) since 2024-03-25, when SET moved the afternoon open from 14:30 to
 * 14:00 (SET statement, reported by the Bangkok Post on 2024-03-19:
 * https://www.bangkokpost.com/business/general/2753684/local-bourses-extend-trading-hours).
 */
const SESSIONS = [session("10:00", "12:30"), session("14:00", "16:30")];
const BEFORE_2024_03_25 = [session("10:00", "12:30"), session("14:30", "16:30")];

const HOLIDAY_ROWS = [
  "2025: 01-01 02-12 04-07 04-14 04-15 05-01 05-05 05-12 06-02 06-03 07-10 07-28 08-12 10-13 10-23 12-05 12-10 12-31",
  "2026: 01-01 01-02 03-03 04-06 04-13 04-14 04-15 05-01 05-04 06-01 06-03 07-28 07-29 08-12 10-13 10-23 12-07 12-10 12-31",
  "2027: 01-01 02-22 04-06 04-13 04-14 04-15 05-03 05-04 05-20 06-03 07-19 07-28 08-12 10-13 10-25 12-06 12-10 12-31",
];

export const THAILAND: MarketCalendar = {
  sessions: SESSIONS,
  earlierSessions: [{ before: "2024-03-25", sessions: BEFORE_2024_03_25 }],
  holidays: expandRows(HOLIDAY_ROWS),
  specialDays: {
    // Trading halted from 14:07 after the Myanmar earthquake (SET and TFEX notice of 2025-03-28,
    // https://asawin.net/economy/?p=19986).
    "2025-03-28": { kind: "earlyClose", sessions: [session("10:00", "12:30"), session("14:00", "14:07")] },
  },
};
