import { session, specialDays, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/**
 * NSE and BSE share one calendar: normal market 09:15–15:30 IST (pre-open 09:00–09:08).
 *
 * Holidays are each year's trading-holiday circular of NSE and BSE
 * (https://www.nseindia.com/resources/exchange-communication-holidays,
 * https://www.bseindia.com/static/markets/marketinfo/listholi.aspx). 2016–2024 as transcribed in
 * exchange_calendars' XBOM list (compiled from those pages and Zerodha's yearly holiday posts), weekdays
 * only, including the holidays declared during a year: 2019-04-29 and 2024-05-20 (Lok Sabha polling in
 * Mumbai), 2019-10-21 and 2024-11-20 (Maharashtra assembly polling), 2024-01-22 (Ayodhya consecration).
 * 2025–2027 as kept in this table before (NSE's circulars for 2025 and 2026; 2027 not yet published
 * when written, so by the festival dates and to be checked against NSE's circular for 2027).
 */
const HOLIDAY_ROWS = [
  "2016: 01-26 03-07 03-24 03-25 04-14 04-15 04-19 07-06 08-15 09-05 09-13 10-11 10-12 10-31 11-14",
  "2017: 01-26 02-24 03-13 04-04 04-14 05-01 06-26 08-15 08-25 10-02 10-19 10-20 12-25",
  "2018: 01-26 02-13 03-02 03-29 03-30 05-01 08-15 08-22 09-13 09-20 10-02 10-18 11-07 11-08 11-23 12-25",
  "2019: 03-04 03-21 04-17 04-19 04-29 05-01 06-05 08-12 08-15 09-02 09-10 10-02 10-08 10-21 10-28 11-12 12-25",
  "2020: 02-21 03-10 04-02 04-06 04-10 04-14 05-01 05-25 10-02 11-16 11-30 12-25",
  "2021: 01-26 03-11 03-29 04-02 04-14 04-21 05-13 07-21 08-19 09-10 10-15 11-04 11-05 11-19",
  "2022: 01-26 03-01 03-18 04-14 04-15 05-03 08-09 08-15 08-31 10-05 10-24 10-26 11-08",
  "2023: 01-26 03-07 03-30 04-04 04-07 04-14 05-01 06-29 08-15 09-19 10-02 10-24 11-14 11-27 12-25",
  "2024: 01-22 01-26 03-08 03-25 03-29 04-11 04-17 05-01 05-20 06-17 07-17 08-15 10-02 11-01 11-15 11-20 12-25",
  "2025: 02-26 03-14 03-31 04-10 04-14 04-18 05-01 08-15 08-27 10-02 10-21 10-22 11-05 12-25",
  "2026: 01-26 03-03 03-26 03-31 04-03 04-14 05-01 05-28 06-26 09-14 10-02 10-20 11-10 11-24 12-25",
  "2027: 01-26 03-22 03-26 04-14 04-15 05-17 06-15 08-16 09-06 10-11 10-29 11-01 11-15",
];

const REGULAR = [session("09:15", "15:30")];

/**
 * Diwali Muhurat trading: one hour of normal market on Laxmi Pujan, a holiday or weekend otherwise, by the
 * exchanges' circular each year, as reported (read 2026-12-02): 2016 (Sunday 30 October, 18:30–19:30)
 * https://menglish.sakshi.com/muhurat-trading-at-bse-nse-on-diwali-day and
 * https://zerodha.com/marketintel/bulletin/53008/settlement-holiday-on-30th-october-2016, 2017 https://www.business-standard.com/article/markets/muharat-and-the-aftermath-117101900025_1.html,
 * 2018 https://www.moneycontrol.com/news/business/markets/diwali-2018-muhurat-trading-to-start-at-530-pm-on-november-7-3126511.html,
 * 2019 https://www.moneycontrol.com/news/business/markets/muhurat-trading-to-start-at-615-pm-on-october-27-4558391.html,
 * 2021 https://indianexpress.com/article/business/market/muhurat-trading-diwali-2021-samvat-2078-live-updates-stocks-shares-bse-sensex-nse-nifty-november-4-7607540/,
 * 2022 https://www.eastcoastdaily.in/2022/10/24/stock-market-here-is-the-muhurat-trading-time.html,
 * 2023 https://www.angelone.in/announcements/market/muhurat-trading-session-12-nov,
 * 2024 https://www.ndtvprofit.com/markets/diwali-muhurat-trading-bse-nse-announce-timing-of-one-hour-session-on-nov-1,
 * 2020 (Saturday 14 November, normal market 18:15–19:15, NSE's timetable as NDTV printed it)
 * https://www.ndtv.com/business/muhurat-trading-2020-special-session-to-begin-shortly-here-are-analysts-top-picks-other-details-2325145,
 * 2025 https://www.ndtvprofit.com/markets/mahurat-trading-2025-nse-to-hold-special-diwali-trading-session-on-oct-21-check-timings.
 * 2026 (Laxmi Pujan on Sunday 8 November) and 2027: no NSE circular with the session's times was found in
 * the sources at hand, so no entry.
 */
const MUHURAT = {
  ...specialDays("special", [session("18:30", "19:30")], ["2016-10-30", "2017-10-19"]),
  ...specialDays("special", [session("17:30", "18:30")], ["2018-11-07"]),
  ...specialDays(
    "special",
    [session("18:15", "19:15")],
    ["2019-10-27", "2020-11-14", "2021-11-04", "2022-10-24", "2023-11-12"],
  ),
  ...specialDays("special", [session("18:00", "19:00")], ["2024-11-01"]),
  ...specialDays("special", [session("13:45", "14:45")], ["2025-10-21"]),
};

/**
 * Weekend sessions. Union Budget days at regular hours: Saturday 2020-02-01
 * (https://www.caclubindia.com/articles/holiday-or-trading-day-on-1st-feb-2026-will-the-stock-market-really-be-open-on-sunday--54687.asp),
 * Saturday 2025-02-01 (https://www.angelone.in/news/will-bse-and-nse-be-open-on-budget-day-feb-1), Sunday
 * 2026-02-01 (NSE and BSE circulars, reported 2026-01-16:
 * https://www.business-standard.com/amp/budget/news/budget-2026-bse-nse-trading-session-sunday-february-1-time-126011601035_1.html).
 * Saturday 2024-01-20: a full session in place of 2024-01-22 (BSE media release,
 * https://www.bseindia.com/downloads/SPDJ_ANN/MediaReleasePDF/1470003_mediareleasespecialtradingsessionfors&pbseindices20240105.pdf).
 * Disaster-recovery live sessions: Saturday 2024-03-02, 09:15–10:00 and 11:30–12:30 (NSE circular of
 * 2024-02-14, https://www.hindustantimes.com/business/nse-to-conduct-special-live-trading-session-on-march-2-heres-why-check-timings-schedule-101707968553193.html),
 * and Saturday 2024-05-18, 09:15–10:00 and 11:45–12:40 (NSE circular, reported 2024-05-08:
 * https://www.eastcoastdaily.in/2024/05/08/national-stock-exchange-to-conduct-a-special-trading-session-on-may-18.html).
 */
const WEEKEND_SESSIONS = {
  ...specialDays("extraDay", REGULAR, ["2020-02-01", "2024-01-20", "2025-02-01", "2026-02-01"]),
  ...specialDays("special", [session("09:15", "10:00"), session("11:30", "12:30")], ["2024-03-02"]),
  ...specialDays("special", [session("09:15", "10:00"), session("11:45", "12:40")], ["2024-05-18"]),
};

export const INDIA: MarketCalendar = {
  sessions: REGULAR,
  earlierSessions: [],
  holidays: expandRows(HOLIDAY_ROWS),
  specialDays: { ...MUHURAT, ...WEEKEND_SESSIONS },
};
