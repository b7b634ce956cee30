import { describe, expect, it } from "vitest";
import type { Candle } from "@brokerage/api";
import {
  MIN_POINTS,
  colorAt,
  coarserPeriod,
  positionPeriod,
  positionSeries,
  reachesOpening,
  sideColors,
  visibleRange,
} from "./positionSeries";

const utc = (iso: string) => Date.parse(iso) / 1000;
const MINUTE = 60_000;

/** One-minute candles from `from`, closing at 100, 101, 102… */
function minutes(from: string, count: number): Candle[] {
  return Array.from({ length: count }, (_, i) => {
    const close = String(100 + i);
    return {
      time: utc(from) + i * 60,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
      turnover: "0",
    };
  });
}

describe("the period a position is charted in", () => {
  it("is the finest whose 100 bars most likely reach back to the opening", () => {
    expect(positionPeriod(10_000)).toBe(2);
    expect(positionPeriod(59 * MINUTE)).toBe(2);
    expect(positionPeriod(2 * 60 * MINUTE)).toBe(3);
    expect(positionPeriod(10 * 60 * MINUTE)).toBe(4);
    expect(positionPeriod(30 * 60 * MINUTE)).toBe(5);
    expect(positionPeriod(5 * 24 * 60 * MINUTE)).toBe(9);
    expect(positionPeriod(400 * 24 * 60 * MINUTE)).toBe(12);
  });

  it("steps to a coarser one while the window misses the opening, and stops at the year", () => {
    const candles = minutes("2026-12-03T09:00:00Z", 100);
    expect(reachesOpening(candles, Date.parse("2026-12-03T09:30:10Z"))).toBe(true);
    expect(reachesOpening(candles, Date.parse("2026-12-03T08:59:00Z"))).toBe(false);
    expect(reachesOpening([], Date.parse("2026-12-03T09:30:10Z"))).toBe(false);
    expect(coarserPeriod(2)).toBe(3);
    expect(coarserPeriod(5)).toBe(9);
    expect(coarserPeriod(12)).toBeUndefined();
  });
});

describe("a position's line", () => {
  const base = { period: 2 as const, openPrice: "150.5", timeZone: "UTC" };

  it("starts the coloured part at the opening, its instant and its price, and ends at the live price", () => {
    // Opened at 09:40:30, in the candle of 09:40; the candles run to 09:42.
    const candles = minutes("2026-12-03T09:00:00Z", 43);
    const { before, since } = positionSeries({
      ...base,
      candles,
      openedAt: Date.parse("2026-12-03T09:40:30Z"),
      live: { close: "151.25", at: "2026-12-03T09:42:20Z" },
    });
    expect(since).toEqual([
      { time: utc("2026-12-03T09:40:30Z"), value: 150.5 },
      { time: utc("2026-12-03T09:41:00Z"), value: 141 },
      { time: utc("2026-12-03T09:42:00Z"), value: 142 },
      { time: utc("2026-12-03T09:42:20Z"), value: 151.25 },
    ]);
    // Before: the candles up to 09:39, and the opening point, where the two lines join.
    expect(before.at(-2)).toEqual({ time: utc("2026-12-03T09:39:00Z"), value: 139 });
    expect(before.at(-1)).toEqual(since[0]);
  });

  it("shows at least the half hour before a position seconds old, not a dot at the edge", () => {
    const candles = minutes("2026-12-03T08:03:00Z", 100); // 08:03 to 09:42
    const { before, since } = positionSeries({
      ...base,
      candles,
      openedAt: Date.parse("2026-12-03T09:42:05Z"),
      live: { close: "150.75", at: "2026-12-03T09:42:09Z" },
    });
    expect(since).toHaveLength(2);
    // MIN_POINTS in all: the opening point is shared, so the muted line has MIN_POINTS − 2 candles.
    expect(before).toHaveLength(MIN_POINTS - since.length + 1);
    expect(before[0]?.time).toBe(utc("2026-12-03T09:14:00Z"));
    expect(before.at(-1)).toEqual({ time: utc("2026-12-03T09:42:05Z"), value: 150.5 });
  });

  it("draws no muted part for a position older than the minimum", () => {
    const candles = minutes("2026-12-03T08:00:00Z", 60);
    const { before, since } = positionSeries({
      ...base,
      candles,
      openedAt: Date.parse("2026-12-03T08:10:00Z"),
    });
    expect(since).toHaveLength(50);
    expect(before).toEqual([]);
    expect(since[0]).toEqual({ time: utc("2026-12-03T08:10:00Z"), value: 150.5 });
  });

  it("keeps a live price older than the last candle off the line", () => {
    const candles = minutes("2026-12-03T09:00:00Z", 10);
    const { since } = positionSeries({
      ...base,
      candles,
      openedAt: Date.parse("2026-12-03T09:05:10Z"),
      live: { close: "999", at: "2026-12-03T09:08:59Z" },
    });
    expect(since.map((p) => p.value)).toEqual([150.5, 106, 107, 108, 109]);
  });

  it("reads intraday times on the exchange's clock", () => {
    // 09:15 in Mumbai is 03:45 UTC.
    const candles = minutes("2026-12-03T03:45:00Z", 5);
    const { since, before } = positionSeries({
      ...base,
      candles,
      timeZone: "Asia/Kolkata",
      openedAt: Date.parse("2026-12-03T03:47:00Z"),
    });
    expect(before[0]?.time).toBe(utc("2026-12-03T09:15:00Z"));
    expect(since[0]?.time).toBe(utc("2026-12-03T09:17:00Z"));
  });

  it("keeps daily candles on their trading dates, the opening at its instant among them", () => {
    const days = [1, 2, 3, 4].map((d) => ({
      time: utc(`2026-12-0${d}T00:00:00Z`),
      open: "10",
      high: "10",
      low: "10",
      close: String(10 + d),
      volume: 1,
      turnover: "0",
    }));
    const { before, since } = positionSeries({
      ...base,
      period: 9,
      candles: days,
      timeZone: "Asia/Kolkata",
      openedAt: Date.parse("2026-12-02T05:00:00Z"),
    });
    expect(before.map((p) => p.time)).toEqual([utc("2026-12-01T00:00:00Z"), utc("2026-12-02T05:00:00Z")]);
    expect(since).toEqual([
      { time: utc("2026-12-02T05:00:00Z"), value: 150.5 },
      { time: utc("2026-12-03T00:00:00Z"), value: 13 },
      { time: utc("2026-12-04T00:00:00Z"), value: 14 },
    ]);
  });
});

describe("the price range shown", () => {
  it("holds the line and the opening price", () => {
    expect(visibleRange({ minValue: 100, maxValue: 110 }, 95)).toEqual({ minValue: 95, maxValue: 110 });
    expect(visibleRange(null, 100, 0.003)).toEqual({ minValue: 99.85, maxValue: 100.15 });
  });

  it("is never narrower than 0.3% of the opening price, around the middle of the line", () => {
    const { minValue, maxValue } = visibleRange({ minValue: 3489.2, maxValue: 3489.4 }, 3489.24);
    expect(maxValue - minValue).toBeCloseTo(3489.24 * 0.003, 6);
    expect((maxValue + minValue) / 2).toBeCloseTo(3489.3, 6);
  });
});

describe("the line's colours", () => {
  const colors = { rise: "red", fall: "green" };
  it("are a gain's above the opening price for a long, below it for a short", () => {
    expect(sideColors("long", colors)).toEqual({ above: "red", below: "green" });
    expect(sideColors("short", colors)).toEqual({ above: "green", below: "red" });
  });

  it("give the last point the colour of its gain or loss", () => {
    expect(colorAt(101, 100, "long", colors)).toBe("red");
    expect(colorAt(99, 100, "long", colors)).toBe("green");
    expect(colorAt(99, 100, "short", colors)).toBe("red");
  });
});
