import { describe, expect, it } from "vitest";
import { aggregateCandles } from "../candles.js";
import { INSTRUMENTS } from "../instruments/index.js";
import { isOnTick } from "../ticks.js";
import { CANDLE_PERIODS } from "../types.js";
import { MarketSimulator } from "./simulator.js";

const at = (iso: string) => Date.parse(iso);
const sim = new MarketSimulator({ seed: "test-seed" });
// Friday 2026-03-06, 11:00 in Mumbai: NSE is trading.
const LIVE = at("2026-03-06T05:30:17Z");

describe("simulator determinism", () => {
  it("gives the same prices for the same seed and time in separately built instances", () => {
    const other = new MarketSimulator({ seed: "test-seed" });
    // Ask the second instance in a different order and at another time first: no hidden state.
    other.quote("AAPL", at("2026-01-05T15:00:00Z"));
    other.candles("RELIANCE", "5min", { at: LIVE, limit: 30 });
    for (const symbol of ["RELIANCE", "005930", "BTCUSD", "USDKRW", "NIFTY50"]) {
      expect(other.quote(symbol, LIVE)).toEqual(sim.quote(symbol, LIVE));
      expect(other.candles(symbol, "day", { at: LIVE, limit: 30 })).toEqual(
        sim.candles(symbol, "day", { at: LIVE, limit: 30 }),
      );
    }
  });

  it("gives different prices for another seed", () => {
    const other = new MarketSimulator({ seed: "another-seed" });
    expect(other.quote("RELIANCE", LIVE)?.close).not.toBe(sim.quote("RELIANCE", LIVE)?.close);
  });

  it("moves prices while trading and quotes every price on the tick grid", () => {
    const a = sim.quote("005930", at("2026-03-06T02:00:05Z"));
    expect(a?.status).toBe("open");
    // Every half hour from 09:00 to 15:00 Seoul: a 100-won tick can leave two instants at one price.
    const closes = Array.from(
      { length: 13 },
      (_, i) => sim.quote("005930", at("2026-03-06T00:00:05Z") + i * 1_800_000)?.close,
    );
    expect(new Set(closes).size).toBeGreaterThan(3);
    const krx = INSTRUMENTS.find((i) => i.symbol === "005930");
    for (const price of [a?.close, a?.open, a?.high, a?.low, a?.prev_close]) {
      expect(isOnTick(krx?.ticks ?? [], price ?? "1")).toBe(true);
    }
  });
});

describe("quotes", () => {
  it("stay at the last close outside trading hours", () => {
    const afterClose = sim.quote("RELIANCE", at("2026-03-06T12:00:00Z"));
    const weekend = sim.quote("RELIANCE", at("2026-03-08T06:00:00Z"));
    const beforeOpen = sim.quote("RELIANCE", at("2026-03-09T03:00:00Z"));
    const lastMinute = sim.candles("RELIANCE", "timeshare", { at: at("2026-03-06T12:00:00Z") })?.at(-1);
    expect(afterClose?.status).toBe("closed");
    expect(afterClose?.close).toBe(lastMinute?.close);
    expect(afterClose?.timestamp).toBe("2026-03-06T10:00:00.000Z");
    expect(weekend).toEqual(afterClose);
    expect(beforeOpen).toEqual(afterClose);
  });

  it("move once a second: every instant of a second has the quote as of its start, the next may differ", () => {
    const fresh = new MarketSimulator({ seed: "test-seed" });
    const start = fresh.quote("RELIANCE", at("2026-03-06T05:30:17.000Z"));
    const late = fresh.quote("RELIANCE", at("2026-03-06T05:30:17.999Z"));
    expect(start?.timestamp).toBe("2026-03-06T05:30:17.000Z");
    expect(late).toBe(start);
    // Built afresh (no quote kept) it is the same quote: keeping one is not what makes it so.
    expect(
      new MarketSimulator({ seed: "test-seed" }).quote("RELIANCE", at("2026-03-06T05:30:17.999Z")),
    ).toEqual(start);
    const next = fresh.quote("RELIANCE", at("2026-03-06T05:30:18.000Z"));
    expect(next?.timestamp).toBe("2026-03-06T05:30:18.000Z");
    expect(next).not.toBe(start);
  });

  it("are frozen all through, since the one quote of a second is shared by every caller", () => {
    const quote = new MarketSimulator({ seed: "test-seed" }).quote("RELIANCE", LIVE);
    expect(Object.isFrozen(quote)).toBe(true);
    expect(Object.isFrozen(quote?.details)).toBe(true);
    expect(Object.isFrozen(quote?.details.names)).toBe(true);
    expect(() => Object.assign(quote ?? {}, { close: "1.00" })).toThrow(TypeError);
  });

  it("derive gain from close and previous close and carry the spec's fields", () => {
    const q = sim.quote("RELIANCE", LIVE);
    expect(q).toMatchObject({
      code: "RELIANCE",
      exchange: "NSE",
      currency: "INR",
      simulated: true,
      status: "open",
    });
    expect(Number(q?.gainValue)).toBeCloseTo(Number(q?.close) - Number(q?.prev_close), 6);
    expect(q?.details.ko_name).toBe("릴라이언스 인더스트리즈");
    expect(Number(q?.week52High)).toBeGreaterThanOrEqual(Number(q?.high));
    expect(Number(q?.week52Low)).toBeLessThanOrEqual(Number(q?.low));
    const trends = q?.details.investorTrends;
    expect((trends?.individual ?? 1) + (trends?.foreign ?? 0) + (trends?.institutional ?? 0)).toBe(0);
    expect(q?.marketCap).toBe(String(Math.round(Number(q?.close) * 13_532_000_000)));
  });

  it("pause during the Bursa lunch break at the morning's last price", () => {
    const lunch = sim.quote("1155", at("2026-03-06T05:00:00Z"));
    const morning = sim.candles("1155", "timeshare", { at: at("2026-03-06T05:00:00Z") });
    expect(lunch?.status).toBe("break");
    expect(morning).toHaveLength(210);
    expect(lunch?.close).toBe(morning?.at(-1)?.close);
  });
});

describe("candles", () => {
  it("serves every chart period", () => {
    for (const period of CANDLE_PERIODS) {
      const candles = sim.candles("AAPL", period, { at: at("2026-03-06T18:00:00Z"), limit: 20 }) ?? [];
      expect(candles.length, period).toBeGreaterThan(0);
      for (let k = 1; k < candles.length; k++)
        expect(candles[k]?.time).toBeGreaterThan(candles[k - 1]?.time ?? 0);
    }
    expect(sim.candles("AAPL", "1Y", { at: LIVE })?.length).toBeGreaterThan(245);
  });

  it("aggregates each day's minutes exactly to that day's daily candle", () => {
    for (const symbol of ["RELIANCE", "TSLA", "1155", "BTCUSD"]) {
      const minutes = sim.candles(symbol, "timeshare", { at: at("2026-03-05T23:59:00Z") }) ?? [];
      const [fromMinutes] = aggregateCandles(minutes, () => 0);
      const daily = sim.candles(symbol, "day", { at: at("2026-03-05T23:59:00Z"), limit: 1 })?.[0];
      expect({ ...fromMinutes, time: daily?.time }).toEqual(daily);
    }
  });

  it("ends intraday charts at the requested instant with a partial minute", () => {
    const candles = sim.candles("RELIANCE", "1min", { at: LIVE, limit: 500 }) ?? [];
    expect(candles.at(-1)?.time).toBe(at("2026-03-06T05:30:00Z") / 1000);
    expect(candles.at(-1)?.close).toBe(sim.quote("RELIANCE", LIVE)?.close);
    // 500 one-minute candles reach back into the previous session.
    expect(candles).toHaveLength(500);
    expect(sim.candles("RELIANCE", "5min", { at: LIVE, limit: 10 })?.at(-1)?.time).toBe(
      at("2026-03-06T05:30:00Z") / 1000,
    );
  });
});

describe("indices", () => {
  it("start at their base level on the pivot date and move with their constituents", () => {
    const nifty = sim.candles("NIFTY50", "day", { at: at("2025-07-01T12:00:00Z"), limit: 1 })?.[0];
    expect(Number(nifty?.close)).toBeCloseTo(24000, 0);
    const kospi = sim.quote("KOSPI", at("2026-03-06T03:00:00Z"));
    expect(kospi).toMatchObject({ exchange: "KRX", currency: "KRW", marketCap: null, status: "open" });
    const listing = sim.listing("KOSPI");
    expect(listing?.kind === "index" && listing.constituents).toContain("005930");
    expect(sim.indices().map((i) => i.symbol)).toEqual(
      expect.arrayContaining(["NIFTY50", "SENSEX", "SPX", "IXIC", "KOSPI", "KOSDAQ", "FBMKLCI", "SET"]),
    );
  });
});
