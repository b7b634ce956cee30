import { describe, expect, it } from "vitest";
import { CORPORATE_ACTIONS } from "../corporate-actions.js";
import { INSTRUMENTS } from "../instruments/index.js";
import { hashString } from "../random.js";
import { dayNumFromIso } from "../time.js";
import { InstrumentSeries } from "./instrument-series.js";
import { LruCache } from "./lru.js";

describe("a simulated day's minutes", () => {
  // Every instrument, the 40 trading days up to 2026-12-03. Before the legs were timed by their distance,
  // 4% of days had a minute of more than 8 typical moves (the worst 158: the day's range within a minute).
  const days = INSTRUMENTS.flatMap((instrument) => {
    const series = new InstrumentSeries(
      instrument,
      hashString("brokerage"),
      CORPORATE_ACTIONS,
      new LruCache(4),
    );
    const last = series.days.indexOnOrBefore(dayNumFromIso("2026-12-03"));
    return Array.from({ length: 40 }, (_, k) => ({
      symbol: instrument.symbol,
      path: series.dayPath(last - k),
    }));
  });

  it("never moves more than 6 typical one-minute moves within a minute", () => {
    const worst = days.map(({ symbol, path }) => {
      const n = path.times.length;
      const typical = Math.log(1 + path.minuteSigma / (path.close[n - 1] ?? 1));
      let most = 0;
      for (let k = 0; k < n; k++)
        most = Math.max(most, Math.abs(Math.log((path.close[k] ?? 1) / (path.open[k] ?? 1))) / typical);
      return { symbol, index: path.index, most };
    });
    expect(worst.filter((day) => day.most > 6)).toEqual([]);
  });

  it("still reaches the day's high and low, at distinct minutes", () => {
    for (const { path } of days) {
      const n = path.times.length;
      const high = path.runHigh[n - 1] ?? 0;
      const low = path.runLow[n - 1] ?? 0;
      const highAt = path.high.indexOf(high);
      const lowAt = path.low.indexOf(low);
      expect(highAt).toBeGreaterThanOrEqual(0);
      expect(lowAt).toBeGreaterThanOrEqual(0);
      if (high > low) expect(highAt).not.toBe(lowAt);
    }
  });
});
