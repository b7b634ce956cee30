import { describe, expect, it } from "vitest";
import {
  isOpen,
  isTradingDay,
  lastClose,
  nextOpen,
  scheduleOn,
  sessionDate,
  tradingDaysBetween,
  type CalendarRef,
} from "./calendar.js";
import { CALENDARS, EXCHANGES, type ExchangeCode } from "./exchanges.js";
import { dayNumFromIso, weekdayOf } from "./time.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

/** For each exchange: a holiday, a weekend day, and the UTC instants of one day's open and close. */
const CASES: Record<ExchangeCode, { holiday: string; weekend: string; open: string; close: string }> = {
  NSE: {
    holiday: "2026-01-26",
    weekend: "2026-01-24",
    open: "2026-03-02T03:45:00Z",
    close: "2026-03-02T10:00:00Z",
  },
  BSE: {
    holiday: "2025-10-22",
    weekend: "2026-01-25",
    open: "2026-03-02T03:45:00Z",
    close: "2026-03-02T10:00:00Z",
  },
  NYSE: {
    holiday: "2026-11-26",
    weekend: "2026-11-21",
    open: "2026-11-20T14:30:00Z",
    close: "2026-11-20T21:00:00Z",
  },
  NASDAQ: {
    holiday: "2026-07-03",
    weekend: "2026-07-04",
    open: "2026-07-06T13:30:00Z",
    close: "2026-07-06T20:00:00Z",
  },
  KRX: {
    holiday: "2026-09-24",
    weekend: "2026-09-26",
    open: "2026-03-03T00:00:00Z",
    close: "2026-03-03T06:30:00Z",
  },
  KOSDAQ: {
    holiday: "2026-12-31",
    weekend: "2026-12-27",
    open: "2026-03-03T00:00:00Z",
    close: "2026-03-03T06:30:00Z",
  },
  BURSA: {
    holiday: "2026-02-17",
    weekend: "2026-02-15",
    open: "2026-03-02T01:00:00Z",
    close: "2026-03-02T09:00:00Z",
  },
  SET: {
    holiday: "2026-04-13",
    weekend: "2026-04-11",
    open: "2026-03-02T03:00:00Z",
    close: "2026-03-02T09:30:00Z",
  },
  CRYPTO: { holiday: "", weekend: "", open: "2026-03-01T00:00:00Z", close: "2026-03-02T00:00:00Z" },
  FX: {
    holiday: "2026-12-25",
    weekend: "2026-03-07",
    open: "2026-03-01T22:00:00Z",
    close: "2026-03-06T22:00:00Z",
  },
};

describe("exchange calendars", () => {
  for (const [code, c] of Object.entries(CASES) as [ExchangeCode, (typeof CASES)[ExchangeCode]][]) {
    it(`${code}: holiday, weekend, open minute and close minute`, () => {
      if (c.holiday) {
        expect(isTradingDay(code, c.holiday)).toBe(false);
        expect(scheduleOn(code, dayNumFromIso(c.holiday)).sessions).toEqual([]);
      }
      if (c.weekend) expect(isTradingDay(code, c.weekend)).toBe(false);
      const open = at(c.open);
      const close = at(c.close);
      expect(isOpen(code, open - 1)).toBe(code === "CRYPTO");
      expect(isOpen(code, open)).toBe(true);
      expect(isOpen(code, close - 60_000)).toBe(true);
      expect(isOpen(code, close)).toBe(code === "CRYPTO");
      if (code !== "CRYPTO") {
        expect(iso(nextOpen(code, open - 3_600_000))).toBe(iso(open));
        expect(iso(lastClose(code, close + 3_600_000))).toBe(iso(close));
      }
    });
  }

  it("keeps every listed holiday on a weekday", () => {
    for (const { holidays: dates } of Object.values(CALENDARS)) {
      for (const d of dates) expect([0, 6]).not.toContain(weekdayOf(dayNumFromIso(d)));
    }
  });

  it("pauses Bursa and SET for lunch", () => {
    expect(isOpen("BURSA", at("2026-03-02T04:29:00Z"))).toBe(true); // 12:29 Kuala Lumpur
    expect(isOpen("BURSA", at("2026-03-02T04:30:00Z"))).toBe(false); // 12:30
    expect(isOpen("BURSA", at("2026-03-02T06:29:00Z"))).toBe(false); // 14:29
    expect(iso(nextOpen("BURSA", at("2026-03-02T05:00:00Z")))).toBe("2026-03-02T06:30:00.000Z");
    expect(isOpen("SET", at("2026-03-02T05:29:00Z"))).toBe(true); // 12:29 Bangkok
    expect(isOpen("SET", at("2026-03-02T06:00:00Z"))).toBe(false); // 13:00
    expect(iso(lastClose("SET", at("2026-03-02T06:00:00Z")))).toBe("2026-03-02T05:30:00.000Z");
    // SET's afternoon opens at 14:00 since 2024-03-25 (14:30 before).
    expect(scheduleOn("SET", dayNumFromIso("2026-03-02")).minutes).toHaveLength(150 + 150);
  });

  it("trades crypto every day and forex from Sunday 17:00 to Friday 17:00 New York", () => {
    expect(isOpen("CRYPTO", at("2026-11-21T12:00:00Z"))).toBe(true); // a Saturday
    expect(isOpen("CRYPTO", at("2025-12-25T12:00:00Z"))).toBe(true);
    expect(isOpen("FX", at("2026-11-21T12:00:00Z"))).toBe(false); // Saturday
    expect(isOpen("FX", at("2026-11-22T21:59:00Z"))).toBe(false); // Sunday 16:59 New York
    expect(isOpen("FX", at("2026-11-22T22:00:00Z"))).toBe(true); // Sunday 17:00
    expect(sessionDate("FX", at("2026-11-22T22:00:00Z"))).toBe("2026-11-23");
    expect(isOpen("FX", at("2026-11-20T21:59:00Z"))).toBe(true); // Friday 16:59
    expect(isOpen("FX", at("2026-11-20T22:00:00Z"))).toBe(false);
    expect(iso(nextOpen("FX", at("2026-11-21T12:00:00Z")))).toBe("2026-11-22T22:00:00.000Z");
  });

  it("dates the trading day in the exchange's zone and counts trading days", () => {
    expect(sessionDate("KRX", at("2026-03-02T20:00:00Z"))).toBe("2026-03-03");
    expect(sessionDate("NYSE", at("2026-03-03T02:00:00Z"))).toBe("2026-03-02");
    const ref: CalendarRef = EXCHANGES.NSE;
    expect(tradingDaysBetween(ref, "2026-01-22", "2026-01-28")).toEqual([
      "2026-01-22",
      "2026-01-23",
      "2026-01-27",
      "2026-01-28",
    ]);
  });
});
