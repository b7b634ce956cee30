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
