import { formatFixed } from "./ticks.js";
import { DAY_MS, dayNumFromIso, type DayNum } from "./time.js";
import type { Candle, PriceAdjustment } from "./types.js";

/**
 * Corporate actions and price adjustment (spec §9: none, forward, backward).
 *
 * A split of `ratio` (new shares per old share; a 1:1 bonus issue is ratio 2) has the price factor
 * 1/ratio. A cash dividend D has the factor (P − D)/P, P being the close before the ex-date. Forward
 * adjustment multiplies every price before an ex-date by its factor (the latest prices are unchanged);
 * backward adjustment divides every price on and after it (the earliest prices are unchanged).
 * Volumes move inversely for splits only.
 */
export type CorporateAction =
  | { symbol: string; exDate: string; type: "split"; ratio: number }
  | { symbol: string; exDate: string; type: "dividend"; amount: number };

export interface AdjustmentEvent {
  /** The first trading day at the new basis. */
  exDay: DayNum;
  priceFactor: number;
  volumeFactor: number;
}

/** The price factor of one action, given the last close before its ex-date. */
export function actionFactor(action: CorporateAction, prevClose: number): number {
  if (action.type === "split") return 1 / action.ratio;
  if (!(prevClose > action.amount))
    throw new RangeError(`Dividend ${action.amount} not below close ${prevClose}`);
  return (prevClose - action.amount) / prevClose;
}

/** Builds adjustment events, sorted by ex-day; actions without a known previous close are skipped. */
export function adjustmentEvents(
  actions: readonly CorporateAction[],
  prevCloseBefore: (exDay: DayNum) => number | undefined,
): AdjustmentEvent[] {
  const events: AdjustmentEvent[] = [];
  for (const action of actions) {
    const exDay = dayNumFromIso(action.exDate);
    const prev = prevCloseBefore(exDay);
    if (prev === undefined) continue;
    events.push({
      exDay,
      priceFactor: actionFactor(action, prev),
      volumeFactor: action.type === "split" ? action.ratio : 1,
    });
  }
  return events.sort((a, b) => a.exDay - b.exDay);
}

export interface AdjustmentFactors {
  price: number;
  volume: number;
}

/** The factors that bring a price of trading day `day` onto the requested basis. */
export function adjustmentFactorsAt(
  events: readonly AdjustmentEvent[],
  day: DayNum,
  mode: PriceAdjustment,
): AdjustmentFactors {
  let price = 1;
  let volume = 1;
  for (const e of events) {
    if (mode === "forward" && e.exDay > day) {
      price *= e.priceFactor;
      volume *= e.volumeFactor;
    } else if (mode === "backward" && e.exDay <= day) {
      price /= e.priceFactor;
      volume /= e.volumeFactor;
    }
  }
  return { price, volume };
}

const utcDay = (time: number): DayNum => Math.floor((time * 1000) / DAY_MS);

/**
 * Adjusts candles onto the requested basis. `dayOf` maps a candle's time to its trading day (default: the
 * UTC date, right for daily candles); adjusted prices keep `decimals` decimals.
 */
export function adjustCandles(
  candles: readonly Candle[],
  events: readonly AdjustmentEvent[],
  mode: PriceAdjustment,
  decimals: number,
  dayOf: (time: number) => DayNum = utcDay,
): Candle[] {
  if (mode === "none" || events.length === 0) return [...candles];
  return candles.map((c) => {
    const f = adjustmentFactorsAt(events, dayOf(c.time), mode);
    if (f.price === 1 && f.volume === 1) return c;
    const p = (value: string) => formatFixed(Number(value) * f.price, decimals);
    return {
      time: c.time,
      open: p(c.open),
      high: p(c.high),
      low: p(c.low),
      close: p(c.close),
      volume: Math.round(c.volume * f.volume),
      turnover: c.turnover,
    };
  });
}
