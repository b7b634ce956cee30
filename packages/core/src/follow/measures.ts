import Decimal from "decimal.js";
import { money, type Money } from "../money.js";

/**
 * Measured figures of a copy product (docs/copy-trading.md): drawdown, volatility, the risk score and its
 * published formula, and the copiers' own results. Nothing here forecasts: each figure is computed from
 * NAV marks that happened.
 */

/** Upper edges (percent) of the bands 1–9 of the risk score; above the last edge is band 10. */
export const RISK_VOLATILITY_EDGES = ["1", "3", "5", "8", "12", "17", "25", "35", "50"] as const;
export const RISK_DRAWDOWN_EDGES = ["2", "5", "8", "12", "17", "25", "35", "50", "70"] as const;
/** Daily returns needed before a volatility (and so a score) is given. */
export const RISK_MIN_DAYS = 5;
export const TRADING_DAYS_A_YEAR = 252;

const pct = (value: Money) => value.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * The largest fall from a running peak, in percent (≤ 0, 2 decimals): min over t of NAV_t ÷ max(NAV_≤t) − 1.
 * "0.00" for fewer than two points.
 */
export function maxDrawdown(navs: readonly string[]): string {
  let peak: Money | undefined;
  let worst = money(0);
  for (const text of navs) {
    const nav = money(text);
    if (peak === undefined || nav.greaterThan(peak)) peak = nav;
    if (peak.greaterThan(0)) {
      const fall = nav.div(peak).minus(1);
      if (fall.lessThan(worst)) worst = fall;
    }
  }
  return pct(worst);
}

/** Daily returns r_d = NAV_d ÷ NAV_(d−1) − 1 of a series of day-end NAVs (a non-positive NAV ends the series). */
export function dailyReturns(dayNavs: readonly string[]): Money[] {
  const returns: Money[] = [];
  for (let i = 1; i < dayNavs.length; i += 1) {
    const before = money(dayNavs[i - 1] ?? "0");
    if (!before.greaterThan(0)) break;
    returns.push(
      money(dayNavs[i] ?? "0")
        .div(before)
        .minus(1),
    );
  }
  return returns;
}

/**
 * Annualised volatility in percent (2 decimals): the sample standard deviation of the daily returns × √252.
 * Null with fewer than RISK_MIN_DAYS returns.
 */
export function annualisedVolatility(dayNavs: readonly string[]): string | null {
  const returns = dailyReturns(dayNavs);
  if (returns.length < RISK_MIN_DAYS) return null;
  const mean = returns.reduce((s, r) => s.plus(r), money(0)).div(returns.length);
  const variance = returns.reduce((s, r) => s.plus(r.minus(mean).pow(2)), money(0)).div(returns.length - 1);
  return pct(variance.sqrt().times(money(TRADING_DAYS_A_YEAR).sqrt()) as Money);
}

/** Band 1–10 of a figure (its absolute value, percent) against upper edges: the first edge above it. */
export function bandOf(figure: string, edges: readonly string[]): number {
  const value = money(figure).abs();
  const index = edges.findIndex((edge) => value.lessThan(edge));
  return index === -1 ? edges.length + 1 : index + 1;
}

export interface RiskScore {
  score: number | null;
  volatility: string | null;
  maxDrawdown: string;
  volatilityBand: number | null;
  drawdownBand: number;
  days: number;
}

/**
 * The risk score (1–10), the published formula: max(band of the annualised volatility of daily NAV returns,
 * band of the maximum drawdown since the start), each band the first of RISK_*_EDGES above the figure.
 * Null (no score) before RISK_MIN_DAYS daily returns: a product too young to be measured is not rated.
 */
export function riskScore(dayNavs: readonly string[], allNavs: readonly string[]): RiskScore {
  const volatility = annualisedVolatility(dayNavs);
  const drawdown = maxDrawdown(allNavs);
  const drawdownBand = bandOf(drawdown, RISK_DRAWDOWN_EDGES);
  const volatilityBand = volatility === null ? null : bandOf(volatility, RISK_VOLATILITY_EDGES);
  return {
    score: volatilityBand === null ? null : Math.max(volatilityBand, drawdownBand),
    volatility,
    maxDrawdown: drawdown,
    volatilityBand,
    drawdownBand,
    days: dailyReturns(dayNavs).length,
  };
}

/** One stretch a copier held units in a period: the value it started from and the value it ended at. */
export interface HeldStretch {
  copier: string;
  start: string;
  end: string;
}

export interface CopierResults {
  copiers: number;
  /** Share of copiers whose result was below zero, percent (null: no copiers). */
  lostShare: string | null;
  /** The median copier's result, percent (the mean of the middle two for an even count). */
  medianResult: string | null;
}

/**
 * Copiers' own results: per copier, the sum of their stretches' end values over the sum of their start
 * values, less one; then the share below zero and the median.
 */
export function copierResults(stretches: readonly HeldStretch[]): CopierResults {
  const sums = new Map<string, { start: Money; end: Money }>();
  for (const s of stretches) {
    const sum = sums.get(s.copier) ?? { start: money(0), end: money(0) };
    sums.set(s.copier, { start: sum.start.plus(s.start), end: sum.end.plus(s.end) });
  }
  const results = [...sums.values()]
    .filter((s) => s.start.greaterThan(0))
    .map((s) => s.end.div(s.start).minus(1))
    .sort((a, b) => a.comparedTo(b));
  if (results.length === 0) return { copiers: 0, lostShare: null, medianResult: null };
  const lost = results.filter((r) => r.isNegative() && !r.isZero()).length;
  const mid = Math.floor(results.length / 2);
  const median =
    results.length % 2 === 1
      ? (results[mid] as Money)
      : (results[mid - 1] as Money).plus(results[mid] as Money).div(2);
  return {
    copiers: results.length,
    lostShare: pct(money(lost).div(results.length)),
    medianResult: pct(median),
  };
}
