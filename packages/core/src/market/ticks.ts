import { money } from "../money.js";

/**
 * Tick sizes and price bands. A tick table is a list of bands: prices below `below` trade in steps of
 * `tick`; the last band has `below: null`. Prices leave the market module as decimal strings with a fixed
 * number of decimals per instrument (its `priceDecimals`).
 */
export interface TickBand {
  below: number | null;
  tick: string;
}
export type TickTable = readonly TickBand[];

export const fixedTick = (tick: string): TickTable => [{ below: null, tick }];

export function tickSizeFor(table: TickTable, price: number): string {
  for (const band of table) if (band.below === null || price < band.below) return band.tick;
  return table[table.length - 1]?.tick ?? "0.01";
}

/** Renders an integer count of 10^-decimals units as a decimal string (e.g. 123456, 2 → "1234.56"). */
export function formatScaled(units: number, decimals: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(units));
  if (decimals === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(decimals + 1, "0");
  const text = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return negative && units !== 0 ? `-${text}` : text;
}

/** Rounds a float to a whole number of 10^-decimals units, then renders it. For non-price amounts. */
export function formatFixed(value: number, decimals: number): string {
  return formatScaled(Math.round(value * 10 ** decimals), decimals);
}

export type TickRounding = "nearest" | "up" | "down";

/** Rounds a float price to the tick in force at that price and renders it with `decimals` decimals. */
export function roundToTick(
  table: TickTable,
  decimals: number,
  price: number,
  rounding: TickRounding = "nearest",
): string {
  const scale = 10 ** decimals;
  const tickUnits = Math.round(Number(tickSizeFor(table, price)) * scale) || 1;
  const steps = (price * scale) / tickUnits;
  const nudged = Math.abs(steps - Math.round(steps)) < 1e-9 ? Math.round(steps) : steps;
  const n =
    rounding === "up" ? Math.ceil(nudged) : rounding === "down" ? Math.floor(nudged) : Math.round(nudged);
  return formatScaled(n * tickUnits, decimals);
}

/** True when a decimal price is a whole number of ticks. */
export function isOnTick(table: TickTable, price: string): boolean {
  const tick = tickSizeFor(table, Number(price));
  return money(price).mod(tick).isZero();
}

export interface PriceBandCheck {
  ok: boolean;
  /** Lowest and highest accepted limit prices, on the tick grid. */
  lower: string;
  upper: string;
}

/**
 * A limit price must lie within ±band of the previous close (band as a fraction, e.g. "0.3").
 * The limits are rounded inwards to the tick grid.
 */
export function checkPriceBand(
  prevClose: string,
  price: string,
  band: string,
  table: TickTable,
  decimals: number,
): PriceBandCheck {
  const prev = money(prevClose);
  const rawLower = prev.times(money(1).minus(band));
  const rawUpper = prev.times(money(1).plus(band));
  const onGrid = (value: typeof prev, up: boolean): string => {
    const tick = money(tickSizeFor(table, value.toNumber()));
    const steps = value.div(tick);
    return (up ? steps.ceil() : steps.floor()).times(tick).toFixed(decimals);
  };
  const lower = onGrid(rawLower, true);
  const upper = onGrid(rawUpper, false);
  const p = money(price);
  return { ok: p.gte(lower) && p.lte(upper), lower, upper };
}
