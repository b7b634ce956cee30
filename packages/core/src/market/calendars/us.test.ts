import { describe, expect, it } from "vitest";
import { isTradingDay } from "../calendar.js";
import { isoFromDayNum } from "../time.js";
import { easterSunday } from "./rules.js";
import { usEarlyCloses, usHolidays } from "./us.js";

const isoDays = (days: number[]) => days.map(isoFromDayNum);

describe("NYSE Rule 7.2 holidays, by rule", () => {
  it("finds Easter by the Gregorian computus, and Good Friday two days before", () => {
    const easters = [2016, 2019, 2024, 2025, 2027, 2038].map((y) => isoFromDayNum(easterSunday(y)));
    expect(easters).toEqual([
      "2016-03-27",
      "2019-04-21",
      "2024-03-31",
      "2025-04-20",
      "2027-03-28",
      "2038-04-25",
    ]);
    expect(isTradingDay("NYSE", "2016-03-25")).toBe(false);
    expect(isTradingDay("NYSE", "2027-03-26")).toBe(false);
  });

  it("observes a Saturday holiday on the Friday and a Sunday one on the Monday", () => {
    expect(isTradingDay("NYSE", "2020-07-03")).toBe(false); // 4 July 2020 was a Saturday
    expect(isTradingDay("NYSE", "2021-07-05")).toBe(false); // 4 July 2021 was a Sunday
    expect(isTradingDay("NYSE", "2022-12-26")).toBe(false); // Christmas 2022 was a Sunday
    expect(isTradingDay("NYSE", "2022-06-20")).toBe(false); // Juneteenth 2022 was a Sunday
    expect(isTradingDay("NYSE", "2027-06-18")).toBe(false); // Juneteenth 2027 is a Saturday
  });

  it("does not close the last day of a year for New Year's Day on a Saturday", () => {
    expect(isTradingDay("NYSE", "2021-12-31")).toBe(true); // 1 January 2022 was a Saturday
  });

  it("adds Juneteenth from 2022 only", () => {
    expect(isTradingDay("NYSE", "2021-06-18")).toBe(true);
    expect(isTradingDay("NYSE", "2023-06-19")).toBe(false);
  });

  it("matches NYSE's published lists", () => {
    // nyse.com/markets/hours-calendars (2025–2027 as published; 2016, 2019 and 2022 from NYSE's notices).
    expect(isoDays(usHolidays(2016))).toEqual(
      ["01-01", "01-18", "02-15", "03-25", "05-30", "07-04", "09-05", "11-24", "12-26"].map(
        (d) => `2016-${d}`,
      ),
    );
    expect(isoDays(usHolidays(2019))).toEqual(
      ["01-01", "01-21", "02-18", "04-19", "05-27", "07-04", "09-02", "11-28", "12-25"].map(
        (d) => `2019-${d}`,
      ),
    );
    expect(isoDays(usHolidays(2022))).toEqual(
      ["01-17", "02-21", "04-15", "05-30", "06-20", "07-04", "09-05", "11-24", "12-26"].map(
        (d) => `2022-${d}`,
      ),
    );
    expect(isoDays(usHolidays(2025))).toEqual(
      ["01-01", "01-20", "02-17", "04-18", "05-26", "06-19", "07-04", "09-01", "11-27", "12-25"].map(
        (d) => `2025-${d}`,
      ),
    );
    expect(isoDays(usHolidays(2026))).toEqual(
      ["01-01", "01-19", "02-16", "04-03", "05-25", "06-19", "07-03", "09-07", "11-26", "12-25"].map(
        (d) => `2026-${d}`,
      ),
    );
    expect(isoDays(usHolidays(2027))).toEqual(
      ["01-01", "01-18", "02-15", "03-26", "05-31", "06-18", "07-05", "09-06", "11-25", "12-24"].map(
        (d) => `2027-${d}`,
      ),
    );
  });

  it("closes for national days of mourning", () => {
    expect(isTradingDay("NYSE", "2018-12-05")).toBe(false);
    expect(isTradingDay("NASDAQ", "2025-01-09")).toBe(false);
  });

  it("lists the early closes NYSE published", () => {
    expect(isoDays(usEarlyCloses(2018))).toEqual(["2018-07-03", "2018-11-23", "2018-12-24"]);
    expect(isoDays(usEarlyCloses(2020))).toEqual(["2020-11-27", "2020-12-24"]);
    expect(isoDays(usEarlyCloses(2021))).toEqual(["2021-11-26"]);
    expect(isoDays(usEarlyCloses(2025))).toEqual(["2025-07-03", "2025-11-28", "2025-12-24"]);
    expect(isoDays(usEarlyCloses(2026))).toEqual(["2026-11-27", "2026-12-24"]);
    expect(isoDays(usEarlyCloses(2027))).toEqual(["2027-11-26"]);
  });
});
