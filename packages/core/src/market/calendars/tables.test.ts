import { describe, expect, it } from "vitest";
import { isOpen, isTradingDay, specialDayOn, tradingDaysBetween } from "../calendar.js";
import { CALENDARS } from "../exchanges.js";

const at = (iso: string) => Date.parse(iso);

describe("KRX holiday table", () => {
  it("closes on known holidays of each year", () => {
    const closed = [
      "2016-02-09", // Seollal
      "2016-12-30", // year-end: 31 December was a Saturday
      "2017-10-02", // temporary holiday before Chuseok
      "2018-06-13", // local elections
      "2019-09-13", // Chuseok
      "2020-04-15", // general election
      "2021-08-16", // substitute for Liberation Day (a Sunday)
      "2022-03-09", // presidential election
      "2023-10-02", // temporary holiday
      "2024-10-01", // Armed Forces Day, a temporary holiday
      "2025-06-03", // presidential election
      "2026-09-25", // Chuseok
      "2027-12-27", // substitute for Christmas (a Saturday)
    ];
    for (const day of closed) expect(isTradingDay("KRX", day), day).toBe(false);
  });

  it("trades the working days between the Chuseok and Hangul Day closures of 2024", () => {
    const days = tradingDaysBetween("KOSDAQ", "2024-09-13", "2024-10-11").map((d) => d.slice(5));
    expect(days).toEqual(
      "09-13 09-19 09-20 09-23 09-24 09-25 09-26 09-27 09-30 10-02 10-04 10-07 10-08 10-10 10-11".split(" "),
    );
  });
});

describe("Bursa Malaysia", () => {
  it("closes the afternoon on a published half day and stays shut on the 2025 special holiday", () => {
    expect(specialDayOn("BURSA", "2017-01-27")?.kind).toBe("halfDay");
    expect(isOpen("BURSA", at("2017-01-27T04:00:00Z"))).toBe(true); // 12:00 Kuala Lumpur
    expect(isOpen("BURSA", at("2017-01-27T07:00:00Z"))).toBe(false); // 15:00
    expect(isTradingDay("BURSA", "2025-09-15")).toBe(false);
  });
});

describe("every table", () => {
  it("never lists a special day that is also a holiday", () => {
    for (const calendar of Object.values(CALENDARS)) {
      const holidays = new Set(calendar.holidays);
      for (const [day, special] of Object.entries(calendar.specialDays))
        if (special.kind !== "special" && special.kind !== "extraDay")
          expect(holidays.has(day), `${calendar.id} ${day}`).toBe(false);
    }
  });
});

const dayName = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The weekday a holiday is kept on: itself, or the Monday after a Saturday or Sunday. */
const observedOnWeekday = (iso: string) =>
  dayName(iso) === 6 ? plusDays(iso, 2) : dayName(iso) === 0 ? plusDays(iso, 1) : iso;
const years = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("SET holidays", () => {
  it("closes a known 2019 holiday and trades the day before", () => {
    expect(isTradingDay("SET", "2019-07-16")).toBe(false); // Asanha Bucha
    expect(isTradingDay("SET", "2019-07-15")).toBe(true);
    expect(isTradingDay("SET", "2019-05-06")).toBe(false); // coronation special holiday
    expect(isTradingDay("SET", "2019-05-03")).toBe(true);
  });

  it("keeps each fixed-date holiday, a weekend one on the Monday after (2016–2027)", () => {
    const fixed: [string, number][] = [
      ["04-06", 2016], // Chakri Day
      ["05-01", 2016], // Labour Day
      ["05-04", 2020], // Coronation Day (King Rama X; 2019's fell on a Saturday, kept 05-06)
      ["06-03", 2019], // Queen Suthida's birthday
      ["07-28", 2017], // King Vajiralongkorn's birthday
      ["08-12", 2016], // Queen Mother's birthday
      ["10-13", 2017], // King Bhumibol Memorial Day
      ["12-05", 2016], // King Bhumibol's birthday
      ["12-10", 2016], // Constitution Day
    ];
    for (const [monthDay, since] of fixed)
      for (const year of years(since, 2027)) {
        const day = observedOnWeekday(`${year}-${monthDay}`);
        expect(isTradingDay("SET", day), `${year}-${monthDay} kept on ${day}`).toBe(false);
      }
  });

  it("closes every weekday of Songkran (13–15 April) except in 2020, when it was postponed", () => {
    for (const year of years(2016, 2027))
      for (const day of ["04-13", "04-14", "04-15"].map((d) => `${year}-${d}`))
        if (![0, 6].includes(dayName(day))) expect(isTradingDay("SET", day), day).toBe(year === 2020);
    // The 2020 replacement days.
    for (const day of ["2020-07-27", "2020-09-04", "2020-09-07"])
      expect(isTradingDay("SET", day), day).toBe(false);
  });

  it("moved the New Year's Eve substitute from 2024-01-02 to 2023-12-29", () => {
    expect(isTradingDay("SET", "2023-12-29")).toBe(false);
    expect(isTradingDay("SET", "2024-01-02")).toBe(true);
  });
});

describe("Bursa Malaysia holidays", () => {
  it("closes a known 2018 holiday and trades the day before", () => {
    expect(isTradingDay("BURSA", "2018-05-09")).toBe(false); // 14th general election
    expect(isTradingDay("BURSA", "2018-05-08")).toBe(true);
    expect(isTradingDay("BURSA", "2018-09-17")).toBe(false); // Malaysia Day, a Sunday, in lieu
    expect(isTradingDay("BURSA", "2018-09-14")).toBe(true);
  });

  it("keeps the fixed-date holidays of Kuala Lumpur, a Sunday one on the Monday and a Saturday one not at all", () => {
    const fixed = ["01-01", "02-01", "05-01", "08-31", "09-16", "12-25"];
    for (const year of years(2016, 2027))
      for (const monthDay of fixed) {
        const day = `${year}-${monthDay}`;
        if (dayName(day) === 6) continue;
        const kept = dayName(day) === 0 ? plusDays(day, 1) : day;
        expect(isTradingDay("BURSA", kept), `${day} kept on ${kept}`).toBe(false);
      }
    // Saturdays are not moved (Holidays Act 1951, s. 3): Labour Day 2021 and Federal Territory Day 2020.
    expect(isTradingDay("BURSA", "2021-05-03")).toBe(true);
    expect(isTradingDay("BURSA", "2020-02-03")).toBe(true);
    // A Sunday holiday whose Monday is already a holiday moves on: Labour Day 2022 past Hari Raya.
    expect(["2022-05-02", "2022-05-03", "2022-05-04"].map((d) => isTradingDay("BURSA", d))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isTradingDay("BURSA", "2022-05-05")).toBe(true);
  });

  it("closes on one day only for Hari Raya Aidilfitri 2026: Monday 03-23, not Friday 03-20", () => {
    expect(isTradingDay("BURSA", "2026-03-20")).toBe(true);
    expect(isTradingDay("BURSA", "2026-03-23")).toBe(false);
  });
});

describe("special sessions added for 2016, 2020 and 2027", () => {
  it("holds the 2016 and 2020 Muhurat sessions and opens late on the 2027 exam day", () => {
    expect(isOpen("NSE", at("2016-10-30T13:30:00Z"))).toBe(true); // 19:00 IST, Sunday
    expect(isOpen("NSE", at("2016-10-30T14:00:00Z"))).toBe(false); // 19:30
    expect(isOpen("NSE", at("2020-11-14T12:50:00Z"))).toBe(true); // 18:20 IST, Saturday
    expect(specialDayOn("KRX", "2027-11-18")?.kind).toBe("lateOpen");
    expect(isOpen("KRX", at("2027-11-18T00:30:00Z"))).toBe(false); // 09:30 Seoul
  });
});
