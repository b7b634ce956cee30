import { session, specialDays, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/**
 * Bursa Malaysia: 09:00–12:30 and 14:30–17:00 (pre-opening 08:30 and 14:00, closing auction 16:45–17:00;
 * http://wrmp.bursamalaysia.com/market/securities/equities/trading/trading-sessions/). Closed
 * on the public holidays of the Federal Territory of Kuala Lumpur.
 *
 * Holidays: 2025–2027 as kept in this table before, with the special public holiday 2025-09-15 added
 * (Bursa statement of 2025-08-26, https://deimos.orientaldaily.com.my/news/business/2025/08/26/757118).
 * 2026-03-20 and 2026-03-23 depend on the sighting for Hari Raya Aidilfitri (Bursa statement of
 * 2026-03-13, https://www.malaymail.com/news/money/2026/03/13/bursa-malaysia-subsidiaries-to-close-in-conjunction-with-hari-raya-aidilfitri/212553)
 * and are to be checked against the closure Bursa confirmed. 2016–2024: not yet sourced here, so only
 * weekends close those years.
 */
const HOLIDAY_ROWS = [
  "2025: 01-01 01-29 01-30 02-11 03-31 04-01 05-01 05-12 06-02 06-09 06-27 09-01 09-05 09-15 09-16 10-20 12-25",
  "2026: 01-01 02-02 02-17 02-18 03-20 03-23 05-01 05-27 06-01 06-17 08-25 08-31 09-16 11-09 12-25",
  "2027: 01-01 01-22 02-08 02-09 03-10 03-11 05-17 05-20 06-07 08-31 09-16 10-28",
];

/**
 * Half days, the afternoon session closed: "Half day trading closure for the afternoon sessions on the eves
 * of Hari Raya Puasa and Chinese New Year" (Bursa Malaysia, Holidays, note 2,
 * http://www.bursamalaysia.com/corporate/about-us/holidays/, as published for 2015 and 2016). So
 * 2016-07-05 (eve of Hari Raya Puasa; the eve of Chinese New Year was a Sunday) and 2017-01-27 (eve of
 * Chinese New Year; Bursa statement reported by The Star on 2017-01-20,
 * http://www.thestar.com.my/business/business-news/2017/01/20/bursa-malaysia-to-close-for-cny-and-federal-territory-day).
 * 2018–2025: no published half day found, so none listed (to be checked against Bursa's notices). 2026:
 * Bursa announced normal trading hours on the eve of Hari Raya Aidilfitri (statement of 2026-03-13, above).
 */
const HALF_DAYS = specialDays("halfDay", [session("09:00", "12:30")], ["2016-07-05", "2017-01-27"]);

export const MALAYSIA: MarketCalendar = {
  sessions: [session("09:00", "12:30"), session("14:30", "17:00")],
  earlierSessions: [],
  holidays: expandRows(HOLIDAY_ROWS),
  specialDays: HALF_DAYS,
};
