import type { Candle, KlineType, OrderDirection } from "@brokerage/api";
import type { UTCTimestamp } from "lightweight-charts";
import { chartTime } from "./components/PriceChart";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The periods a position's chart steps through as it ages, finest first: 1, 5, 15 and 30-minute bars
 * (the last 100 of each), then the 1M, 3M, 6M and 1Y ranges of daily closes.
 */
export const POSITION_PERIODS: readonly KlineType[] = [2, 3, 4, 5, 9, 10, 11, 12];

/**
 * The finest period whose window most likely holds the opening: 100 bars cover at least that much
 * trading time, and a market's trading time never runs ahead of the clock. A window that still misses the
 * opening (a market open around the clock, a long weekend) steps to `coarserPeriod`.
 */
export function positionPeriod(ageMs: number): KlineType {
  if (ageMs < 60 * MINUTE) return 2;
  if (ageMs < 6 * HOUR) return 3;
  if (ageMs < 20 * HOUR) return 4;
  if (ageMs < 40 * HOUR) return 5;
  if (ageMs < 30 * DAY) return 9;
  if (ageMs < 90 * DAY) return 10;
  if (ageMs < 180 * DAY) return 11;
  return 12;
}

/** The next coarser period of the ladder, none after the year. */
export function coarserPeriod(period: KlineType): KlineType | undefined {
  const at = POSITION_PERIODS.indexOf(period);
  return at < 0 ? undefined : POSITION_PERIODS[at + 1];
}

/** Whether the candles reach back to the opening (their first starts at or before it). */
export const reachesOpening = (candles: readonly Candle[], openedAt: number) =>
  candles.length > 0 && (candles[0]?.time ?? Infinity) * 1000 <= openedAt;

export const isIntraday = (period: KlineType) => period <= 5;

/**
 * At least this many points are drawn: a position minutes old shows the half hour before it opened (one-
 * minute bars), so the line reads as a line and not as a dot at the right edge.
 */
export const MIN_POINTS = 30;

export interface LinePoint {
  time: UTCTimestamp;
  value: number;
}

export interface PositionSeries {
  /** The price before the opening, up to the opening point (so the two lines join), drawn muted. */
  before: LinePoint[];
  /** From the opening (its time, its price) to the latest price. */
  since: LinePoint[];
}

/**
 * A position's line from the candles: each candle's close at its start, the candle the position opened
 * in replaced by the opening itself (its instant, the open price), and the live price as the last point
 * while it is newer than the last candle. Before the opening only as many points as `MIN_POINTS` asks.
 * Times are the chart's (intraday ones on the exchange's wall clock, see `chartTime`).
 */
export function positionSeries({
  candles,
  period,
  openedAt,
  openPrice,
  live,
  timeZone,
}: {
  candles: readonly Candle[];
  period: KlineType;
  /** Epoch milliseconds. */
  openedAt: number;
  openPrice: string;
  /** The live price and its market instant (ISO-8601). */
  live?: { close: string; at: string } | undefined;
  timeZone: string;
}): PositionSeries {
  const intraday = isIntraday(period);
  const at = (seconds: number) => chartTime(Math.floor(seconds), intraday, timeZone);
  const opened = openedAt / 1000;
  // The candle the position opened in is the last one starting at or before the opening.
  let opening = -1;
  candles.forEach((c, i) => {
    if (c.time <= opened) opening = i;
  });
  const before: LinePoint[] = candles
    .slice(0, Math.max(opening, 0))
    .map((c) => ({ time: at(c.time), value: Number(c.close) }));
  const since: LinePoint[] = [];
  const push = (point: LinePoint) => {
    const last = since[since.length - 1];
    // Times must rise: a candle no later than the opening (a zone's clock change) replaces its price.
    if (last && point.time <= last.time) last.value = point.value;
    else since.push(point);
  };
  push({ time: at(opened), value: Number(openPrice) });
  for (const c of candles.slice(opening + 1)) push({ time: at(c.time), value: Number(c.close) });
  // The live price is the last point while it is newer than every candle (a stale one is not drawn).
  const liveAt = live ? Date.parse(live.at) / 1000 : NaN;
  const lastTime = since[since.length - 1]?.time ?? -Infinity;
  if (live && !Number.isNaN(liveAt) && at(liveAt) > lastTime)
    since.push({ time: at(liveAt), value: Number(live.close) });
  const shown = before.slice(Math.max(0, before.length - Math.max(0, MIN_POINTS - since.length)));
  const first = since[0];
  // The muted line runs into the opening point, so the two read as one line that changes colour.
  return { before: first && shown.length > 0 ? [...shown, first] : shown, since };
}

/**
 * The price range the scale shows: the line and the opening price, and never narrower than 0.3% of the
 * opening price, so a quiet minute's cent of noise does not fill the chart like a crash.
 */
export function visibleRange(
  range: { minValue: number; maxValue: number } | null,
  openPrice: number,
  minShare = 0.003,
): { minValue: number; maxValue: number } {
  const low = Math.min(range?.minValue ?? openPrice, openPrice);
  const high = Math.max(range?.maxValue ?? openPrice, openPrice);
  const least = Math.abs(openPrice) * minShare;
  if (high - low >= least) return { minValue: low, maxValue: high };
  const middle = (low + high) / 2;
  return { minValue: middle - least / 2, maxValue: middle + least / 2 };
}

/**
 * The line's colours above and below the opening price: a gain in the colour of a rise, a loss in that of
 * a fall (as the P&L figures are), so a short's line is in the rise colour below its opening price.
 */
export function sideColors(direction: OrderDirection, colors: { rise: string; fall: string }) {
  const gain = colors.rise;
  const loss = colors.fall;
  return direction === "short" ? { above: loss, below: gain } : { above: gain, below: loss };
}

/** The colour of a price on the line: a gain's or a loss's against the opening price (at it: a gain's). */
export function colorAt(
  value: number,
  openPrice: number,
  direction: OrderDirection,
  colors: { rise: string; fall: string },
) {
  const { above, below } = sideColors(direction, colors);
  return value >= openPrice ? above : below;
}
