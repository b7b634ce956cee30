import { describe, expect, it } from "vitest";
import {
  DecimalSum,
  aggregateCandles,
  aggregateIntraday,
  pickEvenly,
  intradayBucket,
  monthBucket,
  rangeStart,
  toMonthly,
  toWeekly,
  weekBucket,
} from "./candles.js";
import { dayNumFromIso, isoFromDayNum } from "./time.js";
import type { Candle } from "./types.js";

const s = (iso: string) => Date.parse(iso) / 1000;
const candle = (time: number, o: number, h: number, l: number, c: number, v: number, t: string): Candle => ({
  time,
  open: o.toFixed(2),
  high: h.toFixed(2),
  low: l.toFixed(2),
  close: c.toFixed(2),
  volume: v,
  turnover: t,
});

/** One-minute candles from a start instant; prices vary so that each minute is distinguishable. */
function minutes(startIso: string, count: number, base = 100): Candle[] {
  return Array.from({ length: count }, (_, k) => {
    const o = base + k;
    return candle(
      s(startIso) + k * 60,
      o,
      o + 0.5 + (k % 3),
      o - 0.25 - (k % 2),
      o + 0.75,
      10 + k,
      `${(k + 1) * 1.5}`,
    );
  });
}

describe("candle aggregation", () => {
  it("takes the first open, last close, extremes and sums", () => {
    const [bar] = aggregateCandles(minutes("2026-03-02T03:45:00Z", 5), () => 42);
    expect(bar).toEqual({
      time: 42,
      open: "100.00",
      high: "105.50",
      low: "99.75",
      close: "104.75",
      volume: 60,
      turnover: "22.5",
    });
  });

  it.each([
    [5, 75],
    [15, 25],
    [30, 13],
  ])("aggregates NSE minutes into %i-minute candles aligned to 09:15", (width, expected) => {
    const day = minutes("2026-03-02T03:45:00Z", 375);
    const bars = aggregateIntraday(day, "NSE", width);
    expect(bars).toHaveLength(expected);
    expect(bars[0]?.time).toBe(s("2026-03-02T03:45:00Z"));
    expect(bars[1]?.time).toBe(s("2026-03-02T03:45:00Z") + width * 60);
    expect(bars[0]?.volume).toBe(day.slice(0, width).reduce((sum, c) => sum + c.volume, 0));
    expect(bars.at(-1)?.close).toBe(day.at(-1)?.close);
    // 30-minute buckets: the last (15:15–15:30) is a short one.
    if (width === 30) expect(bars.at(-1)?.time).toBe(s("2026-03-02T09:45:00Z"));
  });

  it("keeps 1-minute candles as they are and never joins Bursa's two sessions", () => {
    const morning = minutes("2026-03-02T01:00:00Z", 210);
    const afternoon = minutes("2026-03-02T06:30:00Z", 150, 500);
    expect(aggregateIntraday(morning, "BURSA", 1)).toEqual(morning);
    const bars = aggregateIntraday([...morning, ...afternoon], "BURSA", 60);
    // 09:00, 10:00, 11:00, 12:00 (30 min) | 14:30, 15:30, 16:30 (30 min)
    expect(bars.map((b) => new Date(b.time * 1000).toISOString().slice(11, 16))).toEqual([
      "01:00",
      "02:00",
      "03:00",
      "04:00",
      "06:30",
      "07:30",
      "08:30",
    ]);
    expect(bars[3]?.close).toBe(morning.at(-1)?.close);
    expect(bars[4]?.open).toBe(afternoon[0]?.open);
  });

  it("aligns intraday buckets to session starts", () => {
    const bucket = intradayBucket("NYSE", 15);
    expect(bucket(s("2026-03-02T14:44:00Z"))).toBe(s("2026-03-02T14:30:00Z"));
    expect(bucket(s("2026-03-02T14:45:00Z"))).toBe(s("2026-03-02T14:45:00Z"));
  });

  it("groups days into Monday-based weeks and calendar months", () => {
    const days = ["2026-02-26", "2026-02-27", "2026-03-02", "2026-03-03", "2026-03-06", "2026-03-09"].map(
      (d, k) => candle(s(`${d}T00:00:00Z`), 10 + k, 12 + k, 9 + k, 11 + k, 100, "1000.10"),
    );
    expect(isoFromDayNum(weekBucket(s("2026-03-08T00:00:00Z")) / 86400)).toBe("2026-03-02");
    expect(isoFromDayNum(monthBucket(s("2026-03-31T00:00:00Z")) / 86400)).toBe("2026-03-01");
    const weeks = toWeekly(days);
    expect(weeks.map((w) => isoFromDayNum(w.time / 86400))).toEqual([
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
    ]);
    expect(weeks[1]).toEqual(candle(s("2026-03-02T00:00:00Z"), 12, 16, 11, 15, 300, "3000.30"));
    const months = toMonthly(days);
    expect(months).toHaveLength(2);
    expect(months[1]).toEqual(candle(s("2026-03-01T00:00:00Z"), 12, 17, 11, 16, 400, "4000.40"));
  });

  it("starts the 1/3/6-month and 1-year ranges one calendar span back", () => {
    const day = dayNumFromIso("2026-11-20");
    expect(isoFromDayNum(rangeStart("1M", day) ?? 0)).toBe("2026-10-21");
    expect(isoFromDayNum(rangeStart("3M", day) ?? 0)).toBe("2026-08-21");
    expect(isoFromDayNum(rangeStart("6M", day) ?? 0)).toBe("2026-05-21");
    expect(isoFromDayNum(rangeStart("1Y", day) ?? 0)).toBe("2025-11-21");
    expect(rangeStart("day", day)).toBeUndefined();
  });

  it("sums decimal strings exactly", () => {
    expect(new DecimalSum().add("0.1").add("0.2").add("-0.05").toString()).toBe("0.25");
    expect(new DecimalSum().add("99999999999999999.99").add("0.01").toString()).toBe("100000000000000000.00");
  });
});

describe("pickEvenly", () => {
  it("keeps the first and the last and spreads the rest evenly", () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    expect(pickEvenly(items, 3)).toEqual([0, 5, 10]);
    expect(pickEvenly(items, 6)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(pickEvenly(items, 11)).toEqual(items);
    expect(pickEvenly(items, 50)).toEqual(items);
    expect(
      pickEvenly(
        Array.from({ length: 375 }, (_, i) => i),
        48,
      ),
    ).toHaveLength(48);
  });
});
