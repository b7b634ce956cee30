import { describe, expect, it } from "vitest";
import {
  actionFactor,
  adjustCandles,
  adjustmentEvents,
  adjustmentFactorsAt,
  type CorporateAction,
} from "./adjustment.js";
import { CORPORATE_ACTIONS } from "./corporate-actions.js";
import { MarketSimulator } from "./simulator/simulator.js";
import { dayNumFromIso } from "./time.js";
import type { Candle } from "./types.js";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const c = (iso: string, price: string, volume: number): Candle => ({
  time: day(iso),
  open: price,
  high: price,
  low: price,
  close: price,
  volume,
  turnover: "1000.00",
});

const actions: CorporateAction[] = [
  { symbol: "X", exDate: "2026-03-03", type: "split", ratio: 2 },
  { symbol: "X", exDate: "2026-03-05", type: "dividend", amount: 1 },
];
const candles = [
  c("2026-03-02", "100.00", 10),
  c("2026-03-03", "50.00", 20),
  c("2026-03-04", "50.00", 20),
  c("2026-03-05", "49.00", 20),
];
const events = adjustmentEvents(actions, (exDay) =>
  exDay === dayNumFromIso("2026-03-03") ? 100 : exDay === dayNumFromIso("2026-03-05") ? 50 : undefined,
);

describe("price adjustment", () => {
  it("computes split and dividend factors", () => {
    expect(actionFactor(actions[0] as CorporateAction, 100)).toBe(0.5);
    expect(actionFactor(actions[1] as CorporateAction, 50)).toBeCloseTo(0.98, 12);
    expect(() =>
      actionFactor({ symbol: "X", exDate: "2026-01-01", type: "dividend", amount: 60 }, 50),
    ).toThrow();
    expect(adjustmentFactorsAt(events, dayNumFromIso("2026-03-02"), "forward").price).toBeCloseTo(0.49, 12);
    expect(adjustmentFactorsAt(events, dayNumFromIso("2026-03-05"), "backward").price).toBeCloseTo(
      1 / 0.49,
      12,
    );
  });

  it("forward adjustment keeps the latest prices and scales history", () => {
    const adjusted = adjustCandles(candles, events, "forward", 2);
    expect(adjusted.map((x) => x.close)).toEqual(["49.00", "49.00", "49.00", "49.00"]);
    expect(adjusted.map((x) => x.volume)).toEqual([20, 20, 20, 20]);
    expect(adjusted[0]?.turnover).toBe("1000.00");
  });

  it("backward adjustment keeps the earliest prices and scales later ones", () => {
    const adjusted = adjustCandles(candles, events, "backward", 2);
    expect(adjusted.map((x) => x.close)).toEqual(["100.00", "100.00", "100.00", "100.00"]);
    expect(adjusted.map((x) => x.volume)).toEqual([10, 10, 10, 10]);
    expect(adjustCandles(candles, events, "none", 2)).toEqual(candles);
  });

  it("makes a visible difference on a simulated split (Netflix 10:1, 2025-11-17)", () => {
    expect(CORPORATE_ACTIONS.some((a) => a.symbol === "NFLX" && a.type === "split")).toBe(true);
    const sim = new MarketSimulator({ seed: "adjust" });
    const at = Date.parse("2025-11-20T21:00:00Z");
    const raw = sim.candles("NFLX", "day", { at, limit: 10 }) ?? [];
    const forward = sim.candles("NFLX", "day", { at, limit: 10, adjust: "forward" }) ?? [];
    const backward = sim.candles("NFLX", "day", { at, limit: 10, adjust: "backward" }) ?? [];
    const split = raw.findIndex((x) => x.time === day("2025-11-17"));
    const jump = (list: Candle[]) => Number(list[split]?.open) / Number(list[split - 1]?.close);
    expect(jump(raw)).toBeLessThan(0.15);
    expect(jump(forward)).toBeGreaterThan(0.8);
    expect(jump(backward)).toBeGreaterThan(0.8);
    expect(forward.at(-1)?.close).toBe(raw.at(-1)?.close);
    expect(backward[0]?.close).toBe(raw[0]?.close);
    expect(Number(forward[0]?.close)).toBeCloseTo(Number(raw[0]?.close) / 10, 1);
  });
});
