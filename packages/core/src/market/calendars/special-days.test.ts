import { describe, expect, it } from "vitest";
import { isOpen, isTradingDay, lastClose, nextOpen, scheduleOn, specialDayOn } from "../calendar.js";
import { MarketSimulator } from "../simulator/simulator.js";
import { dayNumFromIso } from "../time.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const sessionsOf = (exchange: "NYSE" | "KRX" | "SET" | "NSE" | "BURSA", date: string) =>
  scheduleOn(exchange, dayNumFromIso(date)).sessions.map((s) => [iso(s.open), iso(s.close)]);

describe("US early closes at 13:00 ET", () => {
  it("shuts the day after Thanksgiving at 13:00: 13:30 is outside trading hours", () => {
    expect(specialDayOn("NYSE", "2026-11-27")?.kind).toBe("earlyClose");
    expect(isOpen("NYSE", at("2026-11-27T17:59:00Z"))).toBe(true); // 12:59 New York
    expect(isOpen("NYSE", at("2026-11-27T18:00:00Z"))).toBe(false); // 13:00
    expect(isOpen("NYSE", at("2026-11-27T18:30:00Z"))).toBe(false); // 13:30
    expect(iso(lastClose("NASDAQ", at("2026-11-27T18:30:00Z")))).toBe("2026-11-27T18:00:00.000Z");
    expect(iso(nextOpen("NYSE", at("2026-11-27T18:30:00Z")))).toBe("2026-11-30T14:30:00.000Z");
  });

  it("closes early on 3 July and 24 December when they are weekdays and not holidays", () => {
    expect(sessionsOf("NYSE", "2019-07-03")).toEqual([
      ["2019-07-03T13:30:00.000Z", "2019-07-03T17:00:00.000Z"],
    ]);
    expect(sessionsOf("NYSE", "2025-12-24")).toEqual([
      ["2025-12-24T14:30:00.000Z", "2025-12-24T18:00:00.000Z"],
    ]);
    // 3 July 2026 is a Friday, the observed Independence Day: closed, and 2 July is a full day.
    expect(isTradingDay("NYSE", "2026-07-03")).toBe(false);
    expect(sessionsOf("NYSE", "2026-07-02")).toEqual([
      ["2026-07-02T13:30:00.000Z", "2026-07-02T20:00:00.000Z"],
    ]);
    // 24 December 2021 is a Friday, the observed Christmas: closed, not an early close.
    expect(isTradingDay("NYSE", "2021-12-24")).toBe(false);
    expect(specialDayOn("NYSE", "2021-12-24")).toBeUndefined();
  });

  it("ends the simulator's last candle of an early-close day at 13:00", () => {
    const sim = new MarketSimulator({ seed: "calendar" });
    const evening = at("2026-11-27T23:00:00Z");
    const minutes = sim.candles("AAPL", "1min", { at: evening, limit: 500 }) ?? [];
    const lastMinute = minutes.at(-1)?.time ?? 0;
    expect(iso(lastMinute * 1000)).toBe("2026-11-27T17:59:00.000Z"); // the 12:59 minute ends at 13:00
    expect(minutes.filter((c) => c.time * 1000 >= at("2026-11-27T14:30:00Z"))).toHaveLength(210);
    const quote = sim.quote("AAPL", at("2026-11-27T18:30:00Z"));
    expect(quote?.status).toBe("closed");
  });
});

describe("Korea's late opens", () => {
  it("opens the year's first trading day at 10:00 Seoul and closes at 15:30", () => {
    expect(isOpen("KRX", at("2026-01-02T00:30:00Z"))).toBe(false); // 09:30 Seoul
    expect(isOpen("KOSDAQ", at("2026-01-02T01:00:00Z"))).toBe(true); // 10:00
    expect(iso(nextOpen("KRX", at("2026-01-01T12:00:00Z")))).toBe("2026-01-02T01:00:00.000Z");
    expect(iso(lastClose("KRX", at("2026-01-02T08:00:00Z")))).toBe("2026-01-02T06:30:00.000Z");
    // 2016's first day (4 January) kept that year's 15:00 close; 2022's was 3 January.
    expect(sessionsOf("KRX", "2016-01-04")).toEqual([
      ["2016-01-04T01:00:00.000Z", "2016-01-04T06:00:00.000Z"],
    ]);
    expect(specialDayOn("KRX", "2022-01-03")?.kind).toBe("lateOpen");
    expect(sessionsOf("KRX", "2026-01-05")).toEqual([
      ["2026-01-05T00:00:00.000Z", "2026-01-05T06:30:00.000Z"],
    ]);
  });

  it("opens at 10:00 and closes at 16:30 on the university-entrance-exam day", () => {
    expect(sessionsOf("KRX", "2025-11-13")).toEqual([
      ["2025-11-13T01:00:00.000Z", "2025-11-13T07:30:00.000Z"],
    ]);
    expect(isOpen("KRX", at("2025-11-13T07:00:00Z"))).toBe(true); // 16:00 Seoul
    // The 2017 exam was moved a week by the Pohang earthquake; both days opened late.
    expect(specialDayOn("KRX", "2017-11-16")?.kind).toBe("lateOpen");
    expect(specialDayOn("KRX", "2017-11-23")?.kind).toBe("lateOpen");
  });

  it("closed at 15:00 until KRX extended trading on 1 August 2016", () => {
    expect(isOpen("KRX", at("2016-07-29T06:10:00Z"))).toBe(false); // 15:10 Seoul
    expect(isOpen("KRX", at("2016-08-01T06:10:00Z"))).toBe(true);
  });
});

describe("Thailand's afternoon session", () => {
  it("opens at 14:00 Bangkok since 25 March 2024, at 14:30 before", () => {
    expect(isOpen("SET", at("2026-03-02T07:05:00Z"))).toBe(true); // 14:05 Bangkok
    expect(isOpen("SET", at("2026-03-02T06:59:00Z"))).toBe(false); // 13:59
    expect(isOpen("SET", at("2024-03-22T07:05:00Z"))).toBe(false); // Friday before the change
    expect(isOpen("SET", at("2024-03-25T07:05:00Z"))).toBe(true);
    expect(iso(nextOpen("SET", at("2026-03-02T06:00:00Z")))).toBe("2026-03-02T07:00:00.000Z");
  });
});
