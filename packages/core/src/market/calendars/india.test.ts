import { describe, expect, it } from "vitest";
import { isOpen, isTradingDay, nextOpen, specialDayOn } from "../calendar.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("India's special sessions", () => {
  it("trades the Diwali Muhurat hour on a holiday", () => {
    expect(specialDayOn("NSE", "2024-11-01")?.kind).toBe("special");
    expect(isOpen("NSE", at("2024-11-01T04:30:00Z"))).toBe(false); // 10:00 Mumbai: no regular session
    expect(isOpen("BSE", at("2024-11-01T12:45:00Z"))).toBe(true); // 18:15
    expect(isOpen("NSE", at("2024-11-01T13:30:00Z"))).toBe(false); // 19:00
    expect(iso(nextOpen("NSE", at("2024-11-01T04:30:00Z")))).toBe("2024-11-01T12:30:00.000Z");
    // 2025 moved the hour to the afternoon, 13:45–14:45; 2023's fell on a Sunday.
    expect(isOpen("NSE", at("2025-10-21T08:30:00Z"))).toBe(true); // 14:00
    expect(isOpen("NSE", at("2023-11-12T13:00:00Z"))).toBe(true); // Sunday 18:30
  });

  it("opens on Budget weekends at regular hours", () => {
    expect(isOpen("NSE", at("2026-02-01T04:30:00Z"))).toBe(true); // Sunday 10:00
    expect(isOpen("NSE", at("2025-02-01T09:55:00Z"))).toBe(true); // Saturday 15:25
    expect(isTradingDay("NSE", "2025-02-08")).toBe(false); // an ordinary Saturday
  });

  it("splits the 2024 disaster-recovery Saturdays into two sessions", () => {
    expect(isOpen("NSE", at("2024-03-02T04:00:00Z"))).toBe(true); // 09:30
    expect(isOpen("NSE", at("2024-03-02T05:00:00Z"))).toBe(false); // 10:30
    expect(isOpen("NSE", at("2024-03-02T06:30:00Z"))).toBe(true); // 12:00
    expect(isOpen("NSE", at("2024-05-18T06:05:00Z"))).toBe(false); // 11:35: the second opened at 11:45
    expect(isOpen("NSE", at("2024-01-20T09:00:00Z"))).toBe(true); // the full Saturday session, 14:30
  });
});

describe("India's holiday tables", () => {
  it("closes on known holidays of each year and opens on the days around them", () => {
    const closed = [
      "2016-03-07",
      "2017-10-20",
      "2018-11-08",
      "2019-10-21",
      "2020-11-16",
      "2021-11-05",
      "2022-10-26",
      "2023-11-14",
      "2024-01-22",
      "2024-11-20",
      "2025-10-22",
      "2026-11-10",
    ];
    for (const day of closed) expect(isTradingDay("NSE", day), day).toBe(false);
    for (const day of ["2016-03-08", "2019-10-22", "2023-11-13", "2024-01-23"])
      expect(isTradingDay("BSE", day), day).toBe(true);
  });
});
