import Decimal from "decimal.js";
import { fixedText, money, scaleOf, toBookedString, toChargedString, type Money } from "../money.js";

/**
 * Copy trading's unit accounting (docs/copy-trading.md): a product's portfolio is marked to market, its
 * fees accrue as liabilities inside it, and the followers hold units of what is left, the net assets.
 * Every function here is pure and exact (decimal strings in, decimal strings out).
 *
 * At a mark, from the portfolio's gross value V (its cash and its positions at their current prices, at the
 * currency's scale), the state before (units U, the fees accrued and not settled, the high-water mark) and
 * the time since the last mark:
 *
 * 1. management fee for the time: (V − accrued) × rate × elapsed ÷ one year (365 days), rounded UP to
 *    the currency's scale (a charge);
 * 2. NAV before the performance fee: (V − accrued) ÷ U;
 * 3. performance fee accrued: (that NAV − HWM) × U × rate, rounded UP, when that NAV is above the
 *    high-water mark, else none: it is computed afresh at every mark, so a fall takes back what a rise
 *    accrued; settling it (`settleFees`) raises the high-water mark to the NAV;
 * 4. the NAV per unit: (V − accrued) ÷ U, rounded DOWN to FOLLOW_NAV_SCALE decimals.
 *
 * Fees never take more than the portfolio holds: a loss that leaves V below the fees accrued forgives the
 * performance fee first, then the management fee, so that the net assets are never below zero. Followers'
 * values are their shares of the net assets by units (`allocateByUnits`): they add up, with the fees, to V
 * to the cent at every mark.
 */

export const NAV_SCALE = 8;
export const UNIT_SCALE = 8;
export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface FollowFeeTerms {
  /** A year's management fee on the net assets, as a fraction. */
  managementFeeRate: string;
  /** The share of the NAV's rise above the high-water mark. */
  performanceFeeRate: string;
}

export interface FollowBook {
  currency: string;
  /** Units outstanding. */
  units: string;
  /** Fees accrued and not yet settled (a liability inside the portfolio's value). */
  accruedManagement: string;
  accruedPerformance: string;
  /** The NAV per unit on which the last performance fee was charged (or the start NAV). */
  highWaterMark: string;
}

export interface NavMark {
  /** The gross value the mark was made on, at the currency's scale. */
  value: string;
  accruedManagement: string;
  accruedPerformance: string;
  highWaterMark: string;
  /** value − both fees accrued: what the units stand on (≥ 0). */
  netAssets: string;
  /** The NAV per unit (the last NAV when no units are outstanding). */
  nav: string;
  /** The management fee this mark accrued (the performance fee is accrued afresh at each mark). */
  managementFee: string;
}

const down = (value: Money, scale: number) => value.toDecimalPlaces(scale, Decimal.ROUND_DOWN);
const atScale = (value: Money, currency: string) =>
  fixedText(down(value, scaleOf(currency)), scaleOf(currency));
const navText = (value: Money) => down(value, NAV_SCALE).toFixed();

/** The portfolio's gross value as a mark takes it: rounded down to the currency's scale. */
export function markValue(value: string | Money, currency: string): string {
  return atScale(money(value), currency);
}

/**
 * Marks the NAV (steps 1–4 above). `elapsedMs` is the time since the last mark; `lastNav` the NAV answered
 * when no units are outstanding (no fee accrues then).
 */
export function markNav(
  book: FollowBook,
  terms: FollowFeeTerms,
  grossValue: string,
  elapsedMs: number,
  lastNav: string,
): NavMark {
  const { currency } = book;
  const value = money(markValue(grossValue, currency));
  const units = money(book.units);
  let accruedM = money(book.accruedManagement);
  let accruedP = money(book.accruedPerformance);
  let managementFee = money(0);
  if (units.greaterThan(0)) {
    const before = value.minus(accruedM).minus(accruedP);
    if (before.greaterThan(0) && elapsedMs > 0)
      managementFee = money(
        toChargedString(before.times(terms.managementFeeRate).times(elapsedMs).div(YEAR_MS), currency),
      );
    accruedM = accruedM.plus(managementFee);
    // The performance fee is accrued afresh at every mark on the rise above the high-water mark, so a
    // fall takes back what a rise accrued; it is kept only when settled.
    const gain = value.minus(accruedM).div(units).minus(book.highWaterMark);
    accruedP = gain.greaterThan(0)
      ? money(toChargedString(gain.times(units).times(terms.performanceFeeRate), currency))
      : money(0);
  }
  // Fees never exceed the value: forgive the performance fee first, then the management fee.
  let excess = accruedM.plus(accruedP).minus(value);
  if (excess.greaterThan(0)) {
    const fromP = Decimal.min(excess, accruedP);
    accruedP = accruedP.minus(fromP);
    excess = excess.minus(fromP);
    accruedM = accruedM.minus(excess);
    managementFee = Decimal.max(managementFee.minus(excess), 0) as Money;
  }
  const netAssets = value.minus(accruedM).minus(accruedP);
  const nav = units.greaterThan(0) ? money(navText(netAssets.div(units))) : money(lastNav);
  return {
    value: atScale(value, currency),
    accruedManagement: toBookedString(accruedM, currency),
    accruedPerformance: toBookedString(accruedP, currency),
    highWaterMark: money(book.highWaterMark).toFixed(),
    netAssets: toBookedString(netAssets, currency),
    nav: nav.toFixed(),
    managementFee: toBookedString(managementFee, currency),
  };
}

/**
 * Settling the fees accrued at a mark: they leave the portfolio (the leader's share rounded down, the
 * platform the rest) and the high-water mark becomes the NAV if that is higher, so a performance fee is
 * charged once on each rise.
 */
export function settleFees(
  mark: Pick<NavMark, "accruedManagement" | "accruedPerformance" | "highWaterMark" | "nav">,
  leaderShare: string,
  currency: string,
): { leader: string; platform: string; highWaterMark: string } {
  const total = money(mark.accruedManagement).plus(mark.accruedPerformance);
  const paidPerformance = money(mark.accruedPerformance).greaterThan(0);
  const hwm = paidPerformance ? Decimal.max(mark.highWaterMark, mark.nav) : money(mark.highWaterMark);
  return { ...splitFees(total.toFixed(), leaderShare, currency), highWaterMark: hwm.toFixed() };
}

/** Units an amount buys at a NAV: amount ÷ NAV rounded down to UNIT_SCALE decimals (zero for a NAV ≤ 0). */
export function unitsFor(amount: string, nav: string): string {
  const n = money(nav);
  if (!n.greaterThan(0)) return "0";
  return down(money(amount).div(n), UNIT_SCALE).toFixed();
}

/**
 * Shares of the net assets by units, to the currency's scale, adding up to the net assets exactly: each
 * holding gets its units' share rounded down, and the minor units left over go one each to the holdings
 * with the largest remainders (ties to the earlier one). Holdings without units get zero.
 */
export function allocateByUnits(netAssets: string, units: readonly string[], currency: string): string[] {
  const scale = scaleOf(currency);
  const minor = money(10).pow(scale);
  const total = units.reduce((sum, u) => sum.plus(u), money(0));
  if (!total.greaterThan(0)) return units.map(() => fixedText(money(0), scale));
  const net = down(money(netAssets), scale).times(minor);
  const shares = units.map((u, i) => {
    const exact = net.times(u).div(total);
    const floor = exact.floor();
    return { i, floor, rest: exact.minus(floor) };
  });
  let left = net.minus(shares.reduce((sum, s) => sum.plus(s.floor), money(0))).toNumber();
  const order = [...shares].sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const s of order) {
    if (left <= 0) break;
    if (s.rest.isZero()) continue;
    s.floor = s.floor.plus(1);
    left -= 1;
  }
  return shares.map((s) => fixedText(s.floor.div(minor) as Money, scale));
}

/** The value of units at a NAV alone (no allocation): units × NAV rounded down to the currency's scale. */
export function valueAt(units: string, nav: string, currency: string): string {
  return atScale(money(units).times(nav), currency);
}

/**
 * The copy stop-loss: the value at or below which a holding is redeemed, the amount × (100 − pct) ÷ 100,
 * rounded up to the currency's scale (it fires no later than the percentage says).
 */
export function stopValueOf(amount: string, stopLossPct: number, currency: string): string {
  if (!Number.isInteger(stopLossPct) || stopLossPct < 5 || stopLossPct > 95)
    throw new RangeError("a copy stop-loss is a whole percentage from 5 to 95");
  return toChargedString(
    money(amount)
      .times(100 - stopLossPct)
      .div(100),
    currency,
  );
}

export const stopLossReached = (value: string, stopValue: string): boolean =>
  money(value).lessThanOrEqualTo(stopValue);

/** Settling accrued fees: the leader's share (rounded down) and the platform's (the rest). */
export function splitFees(
  accrued: string,
  leaderShare: string,
  currency: string,
): { leader: string; platform: string } {
  const total = money(accrued);
  const leader = down(total.times(leaderShare), scaleOf(currency));
  return {
    leader: toBookedString(leader, currency),
    platform: toBookedString(total.minus(leader), currency),
  };
}

/** The change from `from` to `to` in percent, 2 decimals (half up); null when `from` is not above zero. */
export function changePercent(from: string, to: string): string | null {
  const f = money(from);
  if (!f.greaterThan(0)) return null;
  return money(to).div(f).minus(1).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
