import { money, type Money } from "../money.js";

/**
 * Risk figures (docs/risk.md), pure: the share of accounts that lost money on a product, the periods it
 * covers, the fat-finger checks and the order in which leveraged positions would be closed out.
 *
 * The loss share follows ESMA's CFD product intervention, Decision (EU) 2018/796 of 22 May 2018 (OJ L 136,
 * 1.6.2018, p. 50; renewed by Decisions 2018/1636 (OJ L 272, 31.10.2018, p. 62), 2019/155 (OJ L 27,
 * 31.1.2019, p. 36) and 2019/679 (OJ L 114, 30.4.2019, p. 22), and carried into the national measures since,
 * e.g. the FCA's COBS 22.5), its provider-specific risk warning ("[x]% of retail investor accounts lose
 * money when trading CFDs with this provider"): the percentage is calculated every three months over the
 * 12 months before the date it is calculated; an account lost money when the sum of all realised and
 * unrealised net profits of its CFDs over those 12 months is negative; every cost of them (charges, fees,
 * commissions) is counted; accounts without an open position in the period, other products' results and
 * deposits and withdrawals are left out. (Read 2026-12-04 from the decision as published on EUR-Lex.)
 */

/** In words, as `risk/disclosure` answers it (English; the app shows its own translation beside it). */
export const LOSS_SHARE_METHOD =
  "ESMA Decision (EU) 2018/796 of 22 May 2018: the share of retail accounts with a position in the product " +
  "during the 12 months before the calculation whose realised and unrealised net profit over those months, " +
  "after every charge and tax, is negative; recalculated every quarter (the first day of January, April, " +
  "July and October, 00:00 UTC). Deposits, withdrawals and other products are left out.";

export interface AccountResult {
  account: string;
  /** The account's net result on the product over the period (negative: it lost money). */
  result: Money | string;
}

export interface LossShare {
  accounts: number;
  lost: number;
  /** lost ÷ accounts at 4 decimals (half up); null when no account is counted. */
  lostShare: string | null;
}

/** Sums each account's results (an account may come several times, once per position) and counts losers. */
export function lossShare(results: readonly AccountResult[]): LossShare {
  const sums = new Map<string, Money>();
  for (const { account, result } of results) sums.set(account, (sums.get(account) ?? money(0)).plus(result));
  const accounts = sums.size;
  const lost = [...sums.values()].filter((sum) => sum.isNegative()).length;
  return {
    accounts,
    lost,
    lostShare: accounts === 0 ? null : money(lost).div(accounts).toFixed(4),
  };
}

/**
 * A position's net result "to date" at an instant: 0 before it opened; while open, its unrealised P&L at
 * that instant's price less the opening charges it paid; once closed, its net P&L (price move, less every
 * charge, plus any negative balance protection). Its result over a period is the difference of its values
 * at the period's two ends, so a position open across the start counts only what it made inside.
 */
export interface PositionValueAt {
  /** Not yet opened at the instant. */
  opened: boolean;
  /** Closed by the instant: its net P&L. */
  closedNet?: Money | string;
  /** Open at the instant: its gross unrealised P&L then (undefined: no price, counted as 0). */
  unrealised?: Money | string;
  openCharges: Money | string;
}

export function positionResultAt(position: PositionValueAt): Money {
  if (!position.opened) return money(0);
  if (position.closedNet !== undefined) return money(position.closedNet);
  return money(position.unrealised ?? 0).minus(position.openCharges);
}

/** The quarter boundaries ESMA's figure is computed at: the first of January, April, July, October (UTC). */
export function quarterStart(at: Date): Date {
  const month = at.getUTCMonth() - (at.getUTCMonth() % 3);
  return new Date(Date.UTC(at.getUTCFullYear(), month, 1));
}

/** The 12 months before `to`. */
export function twelveMonthsBefore(to: Date): Date {
  return new Date(
    Date.UTC(
      to.getUTCFullYear() - 1,
      to.getUTCMonth(),
      to.getUTCDate(),
      to.getUTCHours(),
      to.getUTCMinutes(),
      to.getUTCSeconds(),
      to.getUTCMilliseconds(),
    ),
  );
}

/** The day the displayed figure is computed for: up to today's 00:00 UTC. */
export function dayStartUtc(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export interface UnusualThresholds {
  /** A limit this far (fraction) from the current price asks again. */
  priceDeviation: string;
  /** A notional above this many times the usual asks again. */
  sizeMultiple: string;
  /** Fewer earlier orders than this: no usual size yet. */
  minOrders: number;
}

export interface UnusualCheck {
  /** The limit of a limit order (a market order is at the price: never far). */
  limit?: string;
  /** The current price. */
  price: string;
  notional: string;
  /** The notionals of the user's earlier orders in the currency, most recent first. */
  earlier: readonly string[];
}

export interface UnusualWarning {
  code: "priceFar" | "sizeUnusual";
  value: string;
  threshold: string;
}

/** The median of decimal strings (the mean of the two middle ones for an even count). */
export function median(values: readonly string[]): Money | undefined {
  if (values.length === 0) return undefined;
  const sorted = values.map((v) => money(v)).sort((a, b) => a.comparedTo(b));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as Money)
    : (sorted[mid - 1] as Money).plus(sorted[mid] as Money).div(2);
}

/** Why an order asks again: its limit far from the price, its size far above the user's usual. */
export function unusualOrder(check: UnusualCheck, thresholds: UnusualThresholds): UnusualWarning[] {
  const warnings: UnusualWarning[] = [];
  const price = money(check.price);
  if (check.limit !== undefined && price.greaterThan(0)) {
    const deviation = money(check.limit).minus(price).abs().div(price);
    if (deviation.greaterThan(thresholds.priceDeviation))
      warnings.push({
        code: "priceFar",
        value: deviation.toDecimalPlaces(4).toFixed(),
        threshold: thresholds.priceDeviation,
      });
  }
  const usual = check.earlier.length >= thresholds.minOrders ? median(check.earlier) : undefined;
  if (usual !== undefined && usual.greaterThan(0)) {
    const multiple = money(check.notional).div(usual);
    if (multiple.greaterThan(thresholds.sizeMultiple))
      warnings.push({
        code: "sizeUnusual",
        value: multiple.toDecimalPlaces(2).toFixed(),
        threshold: thresholds.sizeMultiple,
      });
  }
  return warnings;
}

export interface CloseOutCandidate {
  id: string;
  /** The current price (undefined: no price, ranked last). */
  price?: string;
  closeOutPrice: string;
}

/**
 * How far each position's price is from its close-out, as a fraction of its current price, and the order
 * in which a market falling (for longs; rising for shorts) in step would close them: the nearest first, ties
 * by id so the order is stated the same way every time.
 */
export function closeOutOrder<T extends CloseOutCandidate>(
  positions: readonly T[],
): (T & { distance: string | null; rank: number })[] {
  const measured = positions.map((p) => {
    const price = p.price === undefined ? undefined : money(p.price);
    const distance =
      price === undefined || price.isZero()
        ? null
        : money(p.closeOutPrice).minus(price).abs().div(price).toDecimalPlaces(6);
    return { position: p, distance };
  });
  measured.sort((a, b) => {
    if (a.distance === null || b.distance === null)
      return a.distance === b.distance ? a.position.id.localeCompare(b.position.id) : a.distance ? -1 : 1;
    return a.distance.comparedTo(b.distance) || a.position.id.localeCompare(b.position.id);
  });
  return measured.map(({ position, distance }, i) => ({
    ...position,
    distance: distance === null ? null : distance.toFixed(),
    rank: i + 1,
  }));
}
