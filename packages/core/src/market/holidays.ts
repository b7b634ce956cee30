/**
 * Exchange holidays, 2025–2027 (full-day closures on weekdays). Dates follow the exchanges' published
 * calendars where known, and the usual rules (substitute days, lunar festivals) where not yet published.
 * Outside these years only weekends close the markets. Each row is "YYYY: MM-DD MM-DD …".
 */
const HOLIDAY_TABLE: Readonly<Record<string, readonly string[]>> = {
  // NSE and BSE share one calendar.
  IN: [
    "2025: 02-26 03-14 03-31 04-10 04-14 04-18 05-01 08-15 08-27 10-02 10-21 10-22 11-05 12-25",
    "2026: 01-26 03-03 03-26 03-31 04-03 04-14 05-01 05-28 06-26 09-14 10-02 10-20 11-10 11-24 12-25",
    "2027: 01-26 03-22 03-26 04-14 04-15 05-17 06-15 08-16 09-06 10-11 10-29 11-01 11-15",
  ],
  // NYSE and NASDAQ.
  US: [
    "2025: 01-01 01-09 01-20 02-17 04-18 05-26 06-19 07-04 09-01 11-27 12-25",
    "2026: 01-01 01-19 02-16 04-03 05-25 06-19 07-03 09-07 11-26 12-25",
    "2027: 01-01 01-18 02-15 03-26 05-31 06-18 07-05 09-06 11-25 12-24",
  ],
  // KRX (KOSPI) and KOSDAQ; 31 December is the year-end closing day.
  KR: [
    "2025: 01-01 01-27 01-28 01-29 01-30 03-03 05-01 05-05 05-06 06-03 06-06 08-15 10-03 10-06 10-07 10-08 10-09 12-25 12-31",
    "2026: 01-01 02-16 02-17 02-18 03-02 05-01 05-05 05-25 06-03 08-17 09-24 09-25 10-05 10-09 12-25 12-31",
    "2027: 01-01 02-08 02-09 03-01 05-05 05-13 08-16 09-14 09-15 09-16 10-04 10-11 12-27 12-31",
  ],
  // Bursa Malaysia.
  MY: [
    "2025: 01-01 01-29 01-30 02-11 03-31 04-01 05-01 05-12 06-02 06-09 06-27 09-01 09-05 09-16 10-20 12-25",
    "2026: 01-01 02-02 02-17 02-18 03-20 03-23 05-01 05-27 06-01 06-17 08-25 08-31 09-16 11-09 12-25",
    "2027: 01-01 01-22 02-08 02-09 03-10 03-11 05-17 05-20 06-07 08-31 09-16 10-28",
  ],
  // Stock Exchange of Thailand.
  TH: [
    "2025: 01-01 02-12 04-07 04-14 04-15 05-01 05-05 05-12 06-02 06-03 07-10 07-28 08-12 10-13 10-23 12-05 12-10 12-31",
    "2026: 01-01 01-02 03-03 04-06 04-13 04-14 04-15 05-01 05-04 06-01 06-03 07-28 07-29 08-12 10-13 10-23 12-07 12-10 12-31",
    "2027: 01-01 02-22 04-06 04-13 04-14 04-15 05-03 05-04 05-20 06-03 07-19 07-28 08-12 10-13 10-25 12-06 12-10 12-31",
  ],
  // Spot forex: the interbank market closes on Christmas and New Year's Day.
  FX: ["2025: 01-01 12-25", "2026: 01-01 12-25", "2027: 01-01"],
  // Crypto trades every day.
  CRYPTO: [],
};

/** Holidays per calendar (market code) as ISO dates. */
export const HOLIDAYS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(HOLIDAY_TABLE).map(([calendar, rows]) => [
    calendar,
    rows.flatMap((row) => {
      const [year = "", days = ""] = row.split(": ");
      return days.split(" ").map((monthDay) => `${year}-${monthDay}`);
    }),
  ]),
);
