import { describe, expect, it } from "vitest";
import { isoFromDayNum } from "../market/time.js";
import { isLocked, lockedUntil, tradeDate } from "./locks.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const days = (n: number) => ({ kind: "tradingDays", n }) as const;

describe("lock for N minutes", () => {
  it("lifts N minutes after the opening, whatever the market's hours", () => {
    expect(iso(lockedUntil(at("2026-01-23T09:50:00Z"), { kind: "minutes", n: 30 }, "NSE"))).toBe(
      "2026-01-23T10:20:00.000Z",
    );
    expect(iso(lockedUntil(at("2026-01-24T12:00:00Z"), { kind: "minutes", n: 1 }, "CRYPTO"))).toBe(
      "2026-01-24T12:01:00.000Z",
    );
  });

  it("N = 0 locks nothing, in minutes or in days", () => {
    expect(lockedUntil(at("2026-01-23T05:00:00Z"), { kind: "minutes", n: 0 }, "NSE")).toBeNull();
    expect(lockedUntil(at("2026-01-23T05:00:00Z"), days(0), "NSE")).toBeNull();
  });
});

describe("lock for T+N trading days: until the first open of the Nth trading day after T", () => {
  // NSE opens at 09:15 IST (03:45 UTC). 2026 holidays used: 26 Jan (Mon), 3 Mar (Tue), 3 Apr (Fri).
  it.each([
    [
      "in session, Friday, over a weekend and a Monday holiday",
      "2026-01-23T05:00:00Z",
      1,
      "2026-01-27T03:45:00.000Z",
    ],
    ["in session, before a Tuesday holiday", "2026-03-02T05:00:00Z", 1, "2026-03-04T03:45:00.000Z"],
    ["T+2 across a Friday holiday and a weekend", "2026-04-02T05:00:00Z", 2, "2026-04-07T03:45:00.000Z"],
    [
      "after Friday's close: T is the next session (Tuesday)",
      "2026-01-23T11:00:00Z",
      1,
      "2026-01-28T03:45:00.000Z",
    ],
    ["on a Saturday: T is Tuesday", "2026-01-24T06:00:00Z", 1, "2026-01-28T03:45:00.000Z"],
    [
      "before the open of a trading day: T is that day",
      "2026-01-27T02:00:00Z",
      1,
      "2026-01-28T03:45:00.000Z",
    ],
  ])("NSE, %s", (_, openedAt, n, until) => {
    expect(iso(lockedUntil(at(openedAt), days(n), "NSE"))).toBe(until);
  });

  it("US: T+1 of a Friday is Monday's open, after the clocks change (09:30 EDT = 13:30 UTC)", () => {
    expect(iso(lockedUntil(at("2026-03-06T15:00:00Z"), days(1), "NYSE"))).toBe("2026-03-09T13:30:00.000Z");
  });

  it("Korea: T+2 across the three days of Lunar New Year 2026", () => {
    expect(iso(lockedUntil(at("2026-02-13T01:00:00Z"), days(2), "KRX"))).toBe("2026-02-20T00:00:00.000Z");
  });

  it("Malaysia: an opening in the lunch break belongs to that day", () => {
    expect(isoFromDayNum(tradeDate("BURSA", at("2026-03-02T05:00:00Z")))).toBe("2026-03-02");
    expect(iso(lockedUntil(at("2026-03-02T05:00:00Z"), days(2), "BURSA"))).toBe("2026-03-04T01:00:00.000Z");
  });

  it("crypto: T+1 is the next UTC midnight", () => {
    expect(iso(lockedUntil(at("2026-01-24T12:00:00Z"), days(1), "CRYPTO"))).toBe("2026-01-25T00:00:00.000Z");
  });

  it("forex: T+1 of a Friday is Monday's trading day, which opens Sunday 17:00 New York", () => {
    expect(iso(lockedUntil(at("2026-01-23T20:00:00Z"), days(1), "FX"))).toBe("2026-01-25T22:00:00.000Z");
  });
});

describe("isLocked", () => {
  const until = at("2026-01-27T03:45:00Z");
  it("holds until the instant the lock lifts", () => {
    expect(isLocked({ lockedUntil: until }, until - 1)).toBe(true);
    expect(isLocked({ lockedUntil: until }, until)).toBe(false);
    expect(isLocked({ lockedUntil: until }, new Date(until + 1))).toBe(false);
    expect(isLocked({ lockedUntil: null }, 0)).toBe(false);
  });
});
