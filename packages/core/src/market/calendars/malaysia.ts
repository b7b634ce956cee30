import { session, specialDays, type MarketCalendar } from "../sessions.js";
import { expandRows } from "./rules.js";

/**
 * Bursa Malaysia: 09:00–12:30 and 14:30–17:00 (pre-opening 08:30 and 14:00, closing auction 16:45–17:00;
 * http://wrmp.bursamalaysia.com/market/securities/equities/trading/trading-sessions/). Closed
 * on the public holidays of the Federal Territory of Kuala Lumpur.
 *
 * Holidays (all read 2026-12-02): the public holidays of the Federal Territory of Kuala Lumpur under the
 * Holidays Act 1951, s. 3 (a holiday on a Sunday moves to the Monday, or to the next day that is not
 * already a holiday; a Saturday holiday is not moved), plus the special holidays declared during a year.
 * Lunar and Islamic dates as in exchange_calendars' XKLS (github.com/w3stling/exchange_calendars,
 * exchange_calendars/xkls_holidays.py, citing publicholidays.com.my) and python-holidays' Malaysia
 * (github.com/vacanza/holidays, holidays/countries/malaysia.py, Kuala Lumpur subdivision); where they differ
 * the row says which is followed, and the days Bursa announced or declared are cited per row. 2016 and 2017 match the year
 * lists published before the year (2016: https://holidaystracker.com/stock-market/bursa-malaysia-stock-exchange-holidays-2016/;
 * 2017: https://konlinejobs.com/bursa-malaysia-holidays/, which gives Awal Muharram as 09-21 where both code
 * tables and the gazette have Friday 09-22). Since 10 January 2023 Bursa may stay open on a "surprise
 * holiday" (https://www.skrine.com/insights/alerts/january-2023/bursa-malaysia-announces-amendments-to-facilitate-);
 * none of 2023–2024's holidays was one.
 */
const HOLIDAY_ROWS = [
  "2016: 01-01 01-25 02-01 02-08 02-09 05-02 06-22 07-06 07-07 08-31 09-12 09-16 10-03 12-12 12-26",
  // 2017: 04-24 installation of the Yang di-Pertuan Agong (exchange_calendars XKLS misc_adhoc); 09-04 special
  // holiday for the SEA Games (Bursa statement, http://www.themalaymailonline.com/money/article/bursa-malaysia-closed-on-monday-for-special-public-holiday);
  // 01-30 for Chinese New Year's second day on a Sunday (The Star, 2017-01-20, cited with the half days below).
  "2017: 01-02 01-30 02-01 02-09 04-24 05-01 05-10 06-12 06-26 06-27 08-31 09-01 09-04 09-22 10-18 12-01 12-25",
  // 2018: polling day 05-09 and the special 05-10 and 05-11 (BNM via Bernama,
  // https://malaysianaccess.com/financial-institutions-markets-closed-for-ge14-public-holidays/); the Agong's
  // birthday 09-09 on a Sunday, so 09-10.
  "2018: 01-01 01-31 02-01 02-16 05-01 05-09 05-10 05-11 05-29 06-15 08-22 08-31 09-10 09-11 09-17 11-06 11-20 12-25",
  // 2019: 07-30 installation of the Agong, a federal holiday (https://www.thesundaily.my/local/kedah-declares-public-holiday-for-installation-of-king-FG1091340);
  // the Agong's birthday on Monday 09-09 (exchange_calendars XKLS and
  // https://time.astrosage.com/holidays/malaysia/agong-birthday?language=hi&year=2020; python-holidays' rule
  // gives 06-03, the rule only from 2020: https://www.nst.com.my/news/nation/2020/03/571660/agongs-birthday-moved-june-6-june-8).
  "2019: 01-01 01-21 02-01 02-05 02-06 05-01 05-20 05-22 06-05 06-06 07-30 08-12 09-02 09-09 09-16 10-28 12-25",
  // 2020: the Agong's birthday moved to 06-08 (Bursa notice, 2020-06-01,
  // https://mondovisione.com/media-and-resources/news/closure-of-bursa-malaysia-in-conjunction-with-yang-di-pertuan-agongs-birthday-1-202061).
  "2020: 01-01 01-27 05-01 05-07 05-11 05-25 05-26 06-08 07-31 08-20 08-31 09-16 10-29 12-25",
  // 2021: 12-03 Federal Territories holiday for the Malaysia Cup (Bursa statement, 2021-12-02,
  // https://themalaysianreserve.com/2021/12/02/bursa-malaysia-will-be-closed-tomorrow/).
  "2021: 01-01 01-28 02-01 02-12 04-29 05-13 05-14 05-26 06-07 07-20 08-10 08-31 09-16 10-19 11-04 12-03",
  // 2022: Labour Day (a Sunday) moved past Hari Raya to 05-04 (Bursa statement, 2022-05-02,
  // https://www.malaymail.com/news/money/2022/05/02/bursa-malaysia-to-remain-closed-on-wednesday/2056725);
  // 11-18 before the general election (Bursa via Reuters, https://www.nasdaq.com/articles/malaysia-markets-to-close-on-friday-ahead-of-general-election);
  // 11-28 special holiday for the new government (https://dev-v4.freemalaysiatoday.com/category/business/2023/01/03/bursa-malaysia-amends-rules-listing-requirements-on-surprise-holidays);
  // 12-26 for Christmas on a Sunday (Bursa statement, https://www.thesundaily.my/business/bursa-subsidiaries-to-close-for-christmas-new-year-2023-KF10400758).
  "2022: 01-18 02-01 02-02 04-19 05-02 05-03 05-04 05-16 06-06 07-11 08-31 09-16 10-10 10-24 11-18 11-28 12-26",
  // 2023: 01-02 (same Bursa statement); 04-21 the extra Hari Raya holiday, Hari Raya falling on Saturday 04-22
  // (https://www.theborneopost.com/2023/04/18/pm-anwar-says-malaysians-to-get-extra-public-holiday-for-aidilfitri-either-this-friday-or-next-monday/),
  // 04-24 for its Sunday.
  "2023: 01-02 01-24 02-01 02-06 04-21 04-24 05-01 05-04 06-05 06-29 07-19 08-31 09-28 11-13 12-25",
  // 2024: Nuzul Al-Quran 03-28 (python-holidays; exchange_calendars has 03-27, but 17 Ramadan 1445 was
  // Thursday 03-28); the Agong's birthday 06-03 stayed a holiday
  // (https://www.theborneopost.com/2024/05/16/agongs-birthday-june-3-remains-public-holiday-but-celebrations-in-sept/);
  // Maulidur Rasul fell on Malaysia Day 09-16, so 09-17; Deepavali 10-31 (Bursa notice,
  // https://mondovisione.com/media-and-resources/news/closure-of-bursa-malaysia-in-conjunction-with-deepavali-2024).
  "2024: 01-01 01-25 02-01 02-12 03-28 04-10 04-11 05-01 05-22 06-03 06-17 07-08 09-16 09-17 10-31 12-25",
  // 2025–2027 as kept in this table before, with the special public holiday 2025-09-15 (Bursa statement of
  // 2025-08-26, https://deimos.orientaldaily.com.my/news/business/2025/08/26/757118). 2026: Bursa closes on
  // 03-20 if Hari Raya Aidilfitri falls on Friday 03-20, or on Monday 03-23 if it falls on Saturday 03-21
  // (Bursa statement of 2026-03-13, https://www.malaymail.com/news/money/2026/03/13/bursa-malaysia-subsidiaries-to-close-in-conjunction-with-hari-raya-aidilfitri/212553),
  // never both; the published calendar has Hari Raya on 03-21 and 03-22 with 03-23 in lieu
  // (https://www.malaysiapublicholiday.my/en/holiday/hari-raya-puasa-day-3 gives the third day, a Kelantan and
  // Terengganu holiday, as Monday 03-23), so 03-23 is kept and 03-20 removed.
  "2025: 01-01 01-29 01-30 02-11 03-31 04-01 05-01 05-12 06-02 06-09 06-27 09-01 09-05 09-15 09-16 10-20 12-25",
  "2026: 01-01 02-02 02-17 02-18 03-23 05-01 05-27 06-01 06-17 08-25 08-31 09-16 11-09 12-25",
  // 2027: Federal Territory Day, Monday 02-01, added by the fixed-date rule; Chinese New Year falls on
  // Saturday 02-06 with its second day on Sunday, so only 02-08 is in lieu (02-09, kept here before, removed).
  // Still unchecked against Bursa's 2027 calendar: the Islamic dates (Nuzul Al-Quran about 02-24, Awal
  // Muharram about Sunday 06-06, whose day in lieu would follow the Agong's birthday 06-07) are not listed.
  "2027: 01-01 01-22 02-01 02-08 03-10 03-11 05-17 05-20 06-07 08-31 09-16 10-28",
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
