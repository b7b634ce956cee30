import { FOLLOW_PERIODS, type FollowCopierResults, type FollowPeriod, type FollowRisk } from "@brokerage/api";
import {
  RISK_DRAWDOWN_EDGES,
  RISK_VOLATILITY_EDGES,
  changePercent,
  copierResults,
  maxDrawdown,
  money,
  riskScore,
  valueAt,
  type HeldStretch,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DAY } from "../../lib/clock.js";
import * as repo from "./repository.js";

/**
 * The measured figures of a product (docs/copy-trading.md), all from its NAV marks and its holdings: the
 * NAV series, the drawdown per period, the risk score and what it was computed from, the copiers' own
 * results, and the change of the last day. Nothing here looks forward.
 */

const PERIOD_MS: Record<Exclude<FollowPeriod, "all">, number> = {
  "1D": DAY,
  "1W": 7 * DAY,
  "1M": 30 * DAY,
  "1Y": 365 * DAY,
};

export const periodStart = (period: FollowPeriod, now: Date, first: Date | null): Date =>
  period === "all" ? (first ?? now) : new Date(now.getTime() - PERIOD_MS[period]);

/** The copiers' periods shown: the last month, the last year, and all the product's life. */
export const COPIER_PERIODS: readonly FollowPeriod[] = ["1M", "1Y", "all"];

export interface Figures {
  /** When the first mark was made. */
  first: Date | null;
  daily: { at: Date; nav: string }[];
  dailyChange: { change: string | null; from: string | null; to: string | null };
  sinceStart: string | null;
  drawdowns: { period: FollowPeriod; maxDrawdown: string }[];
  maxDrawdown: string;
  risk: FollowRisk;
}

/** The NAV figures of a product at `now` (its latest NAV `nav`, marked at `navAt`). */
export async function figuresOf(
  db: Db,
  product: Pick<repo.ProductRow, "id" | "nav" | "navAt">,
  now: Date,
): Promise<Figures> {
  const daily = await repo.dailyNavs(db, product.id);
  // The day-end marks before the last week and every mark of the last week: the series drawdowns are measured on.
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const recent = await repo.navsOf(db, product.id, weekAgo);
  const series = [...daily.filter((d) => d.at.getTime() < weekAgo.getTime()), ...recent];
  const first = (await repo.firstMark(db, product.id)) ?? null;
  const dayNavs = daily.map((d) => d.nav);
  const navsSince = (from: Date) => series.filter((m) => m.at.getTime() >= from.getTime()).map((m) => m.nav);
  const drawdowns = FOLLOW_PERIODS.map((period) => ({
    period,
    maxDrawdown: maxDrawdown(navsSince(periodStart(period, now, first?.at ?? null))),
  }));
  const allDrawdown = drawdowns.find((d) => d.period === "all")?.maxDrawdown ?? "0.00";
  const scored = riskScore(
    dayNavs,
    series.map((m) => m.nav),
  );
  const dayAgo = product.navAt
    ? await repo.navAtOrBefore(db, product.id, new Date(product.navAt.getTime() - DAY))
    : undefined;
  return {
    first: first?.at ?? null,
    daily,
    dailyChange: {
      change: dayAgo ? changePercent(dayAgo.nav, product.nav) : null,
      from: dayAgo?.at.toISOString() ?? null,
      to: dayAgo && product.navAt ? product.navAt.toISOString() : null,
    },
    sinceStart: first ? changePercent(first.nav, product.nav) : null,
    drawdowns,
    maxDrawdown: allDrawdown,
    risk: {
      ...scored,
      maxDrawdown: scored.maxDrawdown,
      volatilityEdges: [...RISK_VOLATILITY_EDGES],
      drawdownEdges: [...RISK_DRAWDOWN_EDGES],
    },
  };
}

/**
 * Each holding that had units in [from, to) as a stretch: from its value at `from` (the amount that bought
 * its units, or its units at the NAV of `startMark`, the mark at or before `from`) to its payout (ended
 * before `to`) or its units at `endNav`.
 */
function stretchesOver(
  holdings: readonly repo.HoldingRow[],
  from: Date,
  to: Date,
  startMark: { nav: string } | undefined,
  endNav: string,
  currency: string,
): HeldStretch[] {
  const stretches: HeldStretch[] = [];
  for (const h of holdings) {
    if (h.units === null || h.since === null || h.buyNav === null) continue;
    if (h.since.getTime() >= to.getTime()) continue;
    if (h.endedAt !== null && h.endedAt.getTime() < from.getTime()) continue;
    const boughtInPeriod = h.since.getTime() >= from.getTime();
    const start = boughtInPeriod
      ? h.amount
      : startMark
        ? valueAt(h.units, startMark.nav, currency)
        : h.amount;
    const ended = h.endedAt !== null && h.endedAt.getTime() < to.getTime();
    const end = ended ? (h.payout ?? "0") : valueAt(h.units, endNav, currency);
    if (money(start).greaterThan(0)) stretches.push({ copier: h.userId, start, end });
  }
  return stretches;
}

/**
 * The copiers' own results over `period` (`stretchesOver`, up to now at the latest NAV).
 */
export async function copierResultsOf(
  db: Db,
  product: Pick<repo.ProductRow, "id" | "nav" | "currency">,
  holdings: readonly repo.HoldingRow[],
  period: FollowPeriod,
  now: Date,
  first: Date | null,
): Promise<FollowCopierResults> {
  const from = periodStart(period, now, first);
  const startMark = period === "all" ? undefined : await repo.navAtOrBefore(db, product.id, from);
  const stretches = stretchesOver(holdings, from, now, startMark, product.nav, product.currency);
  return {
    period,
    from: from.toISOString(),
    to: now.toISOString(),
    ...copierResults(stretches),
  };
}

/**
 * A copy product's loss statistic input (modules/risk, ESMA's method as for leveraged trading): each
 * follower's result over [from, to), one row per holding (`stretchesOver`, its units valued at the NAV of
 * the mark at or before `to`), after the product's fees (the NAV is net of them). Undefined: no such product.
 */
export async function copyAccountResults(
  db: Db,
  productId: string,
  from: Date,
  to: Date,
): Promise<{ account: string; result: string }[] | undefined> {
  const product = await repo.findProduct(db, productId);
  if (!product) return undefined;
  const holdings = await repo.holdingsHeldIn(db, productId, from, to);
  const startMark = await repo.navAtOrBefore(db, productId, from);
  const endMark = await repo.navAtOrBefore(db, productId, to);
  const stretches = stretchesOver(holdings, from, to, startMark, endMark?.nav ?? "0", product.currency);
  return stretches.map((s) => ({ account: s.copier, result: money(s.end).minus(s.start).toFixed() }));
}
