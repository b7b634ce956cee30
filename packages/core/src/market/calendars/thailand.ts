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

/**
 * Holidays (all read 2026-12-02). SET closes on the holidays the SEC Thailand sets each year for securities
 * companies ("วันหยุดทำการของผู้ประกอบธุรกิจหลักทรัพย์"), which follow the Bank of Thailand's financial-institution
 * holidays, including the special days and substitutions the Cabinet adds during a year. Substitution rule as
 * the notices apply it: a holiday on a Saturday or Sunday moves to the next working day, except Songkran,
 * which gets at most one substitute day (2018-04-16, 2019-04-16, 2024-04-16) and none when only its
 * Saturday is lost (2017-04-15, 2023-04-15).
 *
 * 2016–2024 dates: QuantLib's SET calendar (github.com/Model-Validation/QuantLib,
 * ql/time/calendars/thailand.cpp: year blocks 2016, 2018–2024 with its weekday rules, compiled from the
 * exchange's holiday list) and exchange_calendars' XBKK (github.com/w3stling/exchange_calendars,
 * exchange_calendars/xbkk_holidays.py: rules, lunar dates to 2020, ad-hoc days; the calendar cites
 * https://www.set.or.th/en/about/event-calendar/holiday), checked against the yearly notices below.
 */
const HOLIDAY_ROWS = [
  // 2016: QuantLib 2016 block (Makha Bucha 02-22, Coronation 05-05 and the special 05-06, Visakha 05-20,
  // mid-year closing 07-01, special 07-18, Asanha 07-19, substitutes 05-02, 10-24, 12-12).
  "2016: 01-01 02-22 04-06 04-13 04-14 04-15 05-02 05-05 05-06 05-20 07-01 07-18 07-19 08-12 10-24 12-05 12-12",
  // 2017: Bank of Thailand's 2017 list as Bangkok Bank publishes it
  // (http://www.bangkokbank.com/BangkokBankThai/AboutBangkokBank/AboutUs/CorporateProfile/BBLToday/Pages/BankHolidays.aspx),
  // amended April 2017 (Coronation Day 05-05 dropped, 07-28 and 10-13 added: https://kru2day.com/5641) and the
  // royal cremation 10-26 (exchange_calendars XBKK misc_adhoc). QuantLib has no 2017 block.
  "2017: 01-02 01-03 02-13 04-06 04-13 04-14 05-01 05-10 07-10 07-28 08-14 10-13 10-23 10-26 12-05 12-11",
  // 2018: QuantLib 2018 block and rules; 16 days as the Bank of Thailand's 2018 list
  // (https://uat.checkraka.com/money/article/113751), with 01-02 for New Year's Eve on a Sunday.
  "2018: 01-01 01-02 03-01 04-06 04-13 04-16 05-01 05-29 07-27 07-30 08-13 10-15 10-23 12-05 12-10 12-31",
  // 2019: QuantLib 2019 block and rules (special 05-06 for the coronation; 06-03 by the BOT's press release of
  // 2019-05-15, https://www.bot.or.th/English/PressandSpeeches/Press/2019/Pages/n3062.aspx); 11-04 and 11-05
  // stayed working days (BOT, 2019-10-15, https://isranews.org/article/isranews-short-news/81535-bank_81535.html).
  "2019: 01-01 02-19 04-08 04-15 04-16 05-01 05-06 05-20 06-03 07-16 07-29 08-12 10-14 10-23 12-05 12-10 12-31",
  // 2020: SEC's 2020 notice (https://mgronline.com/stockmarket/detail/9620000078400) with Songkran 04-13..15
  // cancelled (Bangkok Post, 2020-03-18, https://www.bangkokpost.com/business/1881425/financial-markets-to-stay-open-during-april-13-15)
  // and replaced by 07-27 (BOT press release 38/2020) and 09-04, 09-07 (https://infoquest.co.th/2020/31040);
  // 11-19 and 11-20 stayed working days, 12-07 was kept and 12-11 added (BOT's notice after the Cabinet
  // resolution of 2020-09-22, reported at https://thejournalistclub.com/%E0%B8%AB%E0%B8%A2%E0%B8%B8%E0%B8%94%E0%B8%81%E0%B8%B1%E0%B8%99%E0%B8%A2%E0%B8%B2%E0%B8%A7%E0%B9%86-%E0%B8%98%E0%B8%9B%E0%B8%97-%E0%B8%AD%E0%B8%AD%E0%B8%81%E0%B8%9B%E0%B8%A3%E0%B8%B0%E0%B8%81/).
  "2020: 01-01 02-10 04-06 05-01 05-04 05-06 06-03 07-06 07-27 07-28 08-12 09-04 09-07 10-13 10-23 12-07 12-10 12-11 12-31",
  // 2021: BOT's 18 days (https://answerth.co/bank-and-financial-institution-thailand-holiday-2564/), plus the
  // SEC's special 02-12 and 09-24 and Chulalongkorn's substitute moved from 10-25 to 10-22
  // (https://www.kaohoon.com/content/413752).
  "2021: 01-01 02-12 02-26 04-06 04-13 04-14 04-15 05-03 05-04 05-26 06-03 07-26 07-28 08-12 09-24 10-13 10-22 12-06 12-10 12-31",
  // 2022: QuantLib 2022 block and rules; of the Cabinet's special days only 07-29 and 10-14 were adopted
  // (SEC, 2021-11-15, https://www.smarttoinvest.com/Pages/News%2520and%2520Activity/SEC-News/SEC-holiday-special-2565.aspx;
  // 07-15 and 12-30 were not: https://www.thebangkokinsight.com/news/lifestyle/907041/).
  "2022: 01-03 02-16 04-06 04-13 04-14 04-15 05-02 05-04 05-16 06-03 07-13 07-28 07-29 08-12 10-13 10-14 10-24 12-05 12-12",
  // 2023: SEC's 2023 notice (https://www.newswit.com/th/ig1zkpfliedxi7zedulu8gkz1p73i03b; Songkran 04-13 and
  // 04-14 only), special 05-05 (QuantLib 2023 block; exchange_calendars coronation bridge day), 07-31 a working
  // day (BOT, https://bangkokbiznews.com/finance/1080924), and 12-29 in place of 2024-01-02 (SEC, 2023-11-10,
  // https://www.prachachat.net/finance/news-1434296).
  "2023: 01-02 03-06 04-06 04-13 04-14 05-01 05-04 05-05 06-05 07-28 08-01 08-14 10-13 10-23 12-05 12-11 12-29",
  // 2024: SEC's 2024 notice (https://www.thansettakij.com/finance/stockmarket/571637) without 01-02 (moved to
  // 2023-12-29, above), plus the special 04-12 (SEC, 2024-02-23,
  // https://www.smarttoinvest.com/Pages/News%20and%20Activity/SEC-News/SEC-holiday-special-Apr-2567.aspx);
  // 12-30 stayed a working day (https://www.infoquest.co.th/2023/349899).
  "2024: 01-01 02-26 04-08 04-12 04-15 04-16 05-01 05-06 05-22 06-03 07-22 07-29 08-12 10-14 10-23 12-05 12-10 12-31",
  // 2025–2027 as kept in this table before, with 2025-08-11 added: a special holiday the SEC set on
  // 2024-11-12 together with 2025-06-02 and 2026-01-02 (https://infoquest.co.th/2024/450500).
  "2025: 01-01 02-12 04-07 04-14 04-15 05-01 05-05 05-12 06-02 06-03 07-10 07-28 08-11 08-12 10-13 10-23 12-05 12-10 12-31",
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
