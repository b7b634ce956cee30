import { describe, expect, it } from "vitest";
import { candleEnd, placeTick } from "./liveCandle";

const utc = (iso: string) => Date.parse(iso) / 1000;

describe("a live tick against the last candle", () => {
  it("belongs to an intraday candle only within its width", () => {
    const start = utc("2026-03-02T04:00:00Z");
    expect(placeTick(1, start, "2026-03-02T04:00:59.900Z", "Asia/Kolkata")).toBe("inside");
    expect(placeTick(1, start, "2026-03-02T04:01:00Z", "Asia/Kolkata")).toBe("after");
    expect(placeTick(2, start, "2026-03-02T04:01:00Z", "Asia/Kolkata")).toBe("after");
    expect(placeTick(3, start, "2026-03-02T04:04:59Z", "Asia/Kolkata")).toBe("inside");
    expect(placeTick(3, start, "2026-03-02T04:05:00Z", "Asia/Kolkata")).toBe("after");
    expect(placeTick(4, start, "2026-03-02T04:14:59Z", "Asia/Kolkata")).toBe("inside");
    expect(placeTick(4, start, "2026-03-02T04:15:00Z", "Asia/Kolkata")).toBe("after");
    expect(placeTick(5, start, "2026-03-02T04:29:59Z", "Asia/Kolkata")).toBe("inside");
    expect(placeTick(5, start, "2026-03-02T04:30:00Z", "Asia/Kolkata")).toBe("after");
    expect(placeTick(1, start, "2026-03-02T03:59:59Z", "Asia/Kolkata")).toBe("before");
  });

  it("reads a daily candle's trading date on the exchange's clock", () => {
    const monday = utc("2026-03-02T00:00:00Z");
    expect(placeTick(6, monday, "2026-03-02T15:59:00-05:00", "America/New_York")).toBe("inside");
    expect(placeTick(6, monday, "2026-03-03T09:30:00-05:00", "America/New_York")).toBe("after");
    // 10:00 in Sydney on Tuesday is still Monday in UTC: it is Tuesday's candle, not Monday's.
    expect(placeTick(6, monday, "2026-03-02T23:00:00Z", "Australia/Sydney")).toBe("after");
    for (const range of [9, 10, 11, 12] as const)
      expect(placeTick(range, monday, "2026-03-03T04:00:00Z", "Asia/Kolkata")).toBe("after");
    expect(placeTick(12, monday, "2026-03-02T04:00:00Z", "Asia/Kolkata")).toBe("inside");
  });

  it("keeps a week to seven days and a month to its calendar month", () => {
    const week = utc("2026-03-02T00:00:00Z");
    expect(placeTick(7, week, "2026-03-06T10:00:00Z", "UTC")).toBe("inside");
    expect(placeTick(7, week, "2026-03-09T10:00:00Z", "UTC")).toBe("after");
    const february = utc("2026-02-01T00:00:00Z");
    expect(candleEnd(8, february)).toBe(utc("2026-03-01T00:00:00Z"));
    expect(candleEnd(8, utc("2025-12-01T00:00:00Z"))).toBe(utc("2026-01-01T00:00:00Z"));
    expect(placeTick(8, february, "2026-02-27T10:00:00Z", "UTC")).toBe("inside");
    expect(placeTick(8, february, "2026-03-02T10:00:00Z", "UTC")).toBe("after");
  });

  it("draws nothing for a timestamp it cannot read", () => {
    expect(placeTick(1, utc("2026-03-02T04:00:00Z"), "not a time", "UTC")).toBe("before");
  });
});
