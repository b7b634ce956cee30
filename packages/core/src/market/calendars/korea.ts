import { session, specialDays, type MarketCalendar, type SpecialDay } from "../sessions.js";
import { dayNumFromIso, isoFromDayNum, weekdayOf } from "../time.js";
import { expandRows } from "./rules.js";

/**
 * KRX (KOSPI) and KOSDAQ. Closed on public holidays, Workers' Day (1 May) and the year's last weekday
 * (31 December, or the weekday before it), per KRX's market rules ("Trading Days and Holidays",
 * http://global.krx.co.kr/contents/GLB/06/0606/0606030101/GLB0606030101T3.jsp, read 2026-12-01).
 * Seollal and Chuseok follow the lunisolar calendar; substitute holidays follow the Public Holidays
 * Regulation (Sunday overlaps for Seollal, Chuseok and Children's Day; from 2021 Saturday and Sunday
 * overlaps for the national days, from 2023 for Buddha's Birthday and Christmas).
 */
const HOLIDAY_ROWS = [
  // 2016–2021: KRX's yearly holiday notices, as transcribed in exchange_calendars' XKRX list (compiled from
  // them); 2021's substitute days (16 Aug, 4 Oct, 11 Oct): KRX notice of 2021-08-04
  // (https://ajunews.com/view/20210804181517496).
  "2016: 01-01 02-08 02-09 02-10 03-01 04-13 05-05 05-06 06-06 08-15 09-14 09-15 09-16 10-03 12-30",
  "2017: 01-27 01-30 03-01 05-01 05-03 05-05 05-09 06-06 08-15 10-02 10-03 10-04 10-05 10-06 10-09 12-25 12-29",
  "2018: 01-01 02-15 02-16 03-01 05-01 05-07 05-22 06-06 06-13 08-15 09-24 09-25 09-26 10-03 10-09 12-25 12-31",
  // 2019: KRX's 2019 notice as reported by CNB News, 2019-01-02 (https://cnbnews.com/news/article.html?no=395815).
  "2019: 01-01 02-04 02-05 02-06 03-01 05-01 05-06 06-06 08-15 09-12 09-13 10-03 10-09 12-25 12-31",
  "2020: 01-01 01-24 01-27 04-15 04-30 05-01 05-05 08-17 09-30 10-01 10-02 10-09 12-25 12-31",
  "2021: 01-01 02-11 02-12 03-01 05-05 05-19 08-16 09-20 09-21 09-22 10-04 10-11 12-31",
  // 2022: public holidays, the presidential (03-09) and local (06-01) election days, both statutory
  // holidays on which KRX closes, and year-end 12-30 (KRX notice of 2022-12-15,
  // https://etoday.co.kr/news/view/2203035); KRX's full 2022 notice was not re-read for this table.
  "2022: 01-31 02-01 02-02 03-01 03-09 06-01 06-06 08-15 09-09 09-12 10-03 10-10 12-30",
  // 2023: temporary holiday 10-02 (KRX notice of 2023-09-11, http://www.newsworks.co.kr/news/articleView.html?idxno=727016),
  // year-end 12-29 (KRX notice of 2023-12-14, https://v.daum.net/v/20231214141133355).
  "2023: 01-23 01-24 03-01 05-01 05-05 05-29 06-06 08-15 09-28 09-29 10-02 10-03 10-09 12-25 12-29",
  // 2024: election 04-10, temporary holiday 10-01 (KRX notice of 2024-09-10, https://news.zum.com/articles/93171936),
  // year-end 12-31 (KRX notice of 2024-12-17, https://kukinews.com/article/view/kuk202412170092).
  "2024: 01-01 02-09 02-12 03-01 04-10 05-01 05-06 05-15 06-06 08-15 09-16 09-17 09-18 10-01 10-03 10-09 12-25 12-31",
  // 2025 and 2026: KRX's notices as kept in this table before (election days 2025-06-03 and 2026-06-03,
  // temporary holiday 2025-01-27); year-end 2025-12-31 (KRX notice of 2025-12-18,
  // https://www.wowtv.co.kr/NewsCenter/News/Read?articleId=2025121825891).
  "2025: 01-01 01-27 01-28 01-29 01-30 03-03 05-01 05-05 05-06 06-03 06-06 08-15 10-03 10-06 10-07 10-08 10-09 12-25 12-31",
  "2026: 01-01 02-16 02-17 02-18 03-02 05-01 05-05 05-25 06-03 08-17 09-24 09-25 10-05 10-09 12-25 12-31",
  // 2027: by the rules above (KRX publishes the year's notice in December); to be checked against it.
  "2027: 01-01 02-08 02-09 03-01 05-05 05-13 08-16 09-14 09-15 09-16 10-04 10-11 12-27 12-31",
];

/**
 * Regular trading 09:00–15:30 since KRX extended the close by 30 minutes on 2016-08-01 (KRX press
 * announcement of the change, effective that day); 09:00–15:00 before.
 */
const SESSIONS = [session("09:00", "15:30")];
const BEFORE_2016_08 = [session("09:00", "15:00")];

/**
 * University entrance exam (CSAT) days: the market opens an hour late at 10:00 and closes an hour late
 * at 16:30, per KRX's notice each year, as reported: 2016 https://biz.chosun.com/site/data/html_dir/2016/11/03/2016110301285.html,
 * 2017 (the exam was moved by the Pohang earthquake; both days were delayed)
 * https://biz.chosun.com/site/data/html_dir/2017/11/15/2017111503718.html and
 * https://www.hankyung.com/finance/article/2017112301477, 2018 https://www.hankyung.com/finance/article/2018110526741,
 * 2019 https://www.hankyung.com/finance/article/2019110435331, 2020 https://www.hankyung.com/finance/article/2020112799257,
 * 2021 https://www.hankyung.com/article/202111046888i, 2022 https://www.hankyung.com/article/202211174786Y,
 * 2023 https://magazine.hankyung.com/business/article/202311159652b, 2024 https://www.hankyung.com/article/2024103126631,
 * 2025 https://www.hankyung.com/article/2025111296366. 2026 and 2027 (read 2026-12-02): the exam dates the
 * Ministry of Education published, Thursday 2026-11-19 for the 2027 academic year (announced 2024-08-15,
 * https://news1.kr/amp/society/education/5511338) and Thursday 2027-11-18 for 2028 (announced 2025-05-30,
 * http://news.unn.net/news/articleView.html?idxno=579517); KRX gives each year's hours in a notice in the
 * week before the exam, and no notice for 2026 was found in the sources at hand, so both follow KRX's
 * practice of every year above.
 */
const CSAT_DAYS = [
  "2016-11-17",
  "2017-11-16",
  "2017-11-23",
  "2018-11-15",
  "2019-11-14",
  "2020-12-03",
  "2021-11-18",
  "2022-11-17",
  "2023-11-16",
  "2024-11-14",
  "2025-11-13",
  "2026-11-19",
  "2027-11-18",
];

const holidays = expandRows(HOLIDAY_ROWS);

/**
 * The year's first trading day opens an hour late at 10:00 for the opening ceremony and closes as usual
 * (KRX's notice every year, e.g. 2016: https://etoday.co.kr/news/view/1263429 "10:00–15:00", 2019:
 * https://cnbnews.com/news/article.html?no=395815, 2022: https://newspim.com/news/view/20220103000022).
 */
function firstTradingDays(): Record<string, SpecialDay> {
  const closed = new Set(holidays);
  const out: Record<string, SpecialDay> = {};
  for (let year = 2016; year <= 2027; year++) {
    let day = dayNumFromIso(`${year}-01-01`);
    while ([0, 6].includes(weekdayOf(day)) || closed.has(isoFromDayNum(day))) day++;
    const iso = isoFromDayNum(day);
    out[iso] = { kind: "lateOpen", sessions: [session("10:00", iso < "2016-08-01" ? "15:00" : "15:30")] };
  }
  return out;
}

export const KOREA: MarketCalendar = {
  sessions: SESSIONS,
  earlierSessions: [{ before: "2016-08-01", sessions: BEFORE_2016_08 }],
  holidays,
  specialDays: {
    ...firstTradingDays(),
    ...specialDays("lateOpen", [session("10:00", "16:30")], CSAT_DAYS),
  },
};
