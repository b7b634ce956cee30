import type { KlineType } from "@brokerage/api";
import { zoneOffsetMinutes } from "@brokerage/core";

const DAY_SECONDS = 86_400;
/** Seconds per candle of the intraday periods (time-share draws one-minute candles). */
const INTRADAY_SECONDS: Partial<Record<KlineType, number>> = { 1: 60, 2: 60, 3: 300, 4: 900, 5: 1_800 };

/** The end (exclusive, epoch seconds) of a candle of `period` that starts at `start`. */
export function candleEnd(period: KlineType, start: number): number {
  const intraday = INTRADAY_SECONDS[period];
  if (intraday !== undefined) return start + intraday;
  if (period === 7) return start + 7 * DAY_SECONDS;
  if (period === 8) {
    const date = new Date(start * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
  }
  return start + DAY_SECONDS; // a day, and the ranges' daily candles
}

/** before: older than the last candle · inside: it belongs to the last candle · after: a newer candle exists. */
export type TickPlace = "before" | "inside" | "after";

/**
 * Where a live price (its market instant, ISO-8601) falls against the chart's last candle. Daily, weekly
 * and monthly candles carry 00:00 UTC of their trading date, so the tick is read on the exchange's clock
 * (an evening tick in Sydney is already the next trading date in UTC terms and vice versa).
 */
export function placeTick(
  period: KlineType,
  candleStart: number,
  tickIso: string,
  timeZone: string,
): TickPlace {
  const instant = Date.parse(tickIso) / 1000;
  if (Number.isNaN(instant)) return "before";
  const tick =
    INTRADAY_SECONDS[period] === undefined
      ? instant + zoneOffsetMinutes(timeZone, instant * 1000) * 60
      : instant;
  if (tick < candleStart) return "before";
  return tick < candleEnd(period, candleStart) ? "inside" : "after";
}
