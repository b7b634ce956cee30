import Decimal from "decimal.js";
import { money, toBookedString } from "../money.js";
import { TradingRuleError } from "../trading/errors.js";

/**
 * New shares (IPO) rules (DESIGN §5 "Primary market"; the contract is packages/api ipo.ts). Pure: the
 * server computes each subscription's draw key with SHA-256 (`ipoDrawKeyInput` says of what) and hands the
 * keys in, so the lottery can be repeated by anyone who has the published seed.
 */

/** What the draw key of a subscription is the SHA-256 (hex) of: the seed (hex), a colon and its id. */
export const ipoDrawKeyInput = (seedHex: string, subscriptionId: string): string =>
  `${seedHex}:${subscriptionId}`;

export interface DrawEntry {
  id: string;
  quantity: number;
  /** SHA-256(ipoDrawKeyInput(seed, id)) in hex. */
  key: string;
}

export interface DrawResult {
  /** Allotted quantity by subscription id: the whole quantity for a winner, 0 otherwise. */
  allotted: Map<string, number>;
  winners: number;
  sharesAllotted: number;
  /** winners ÷ entries in percent, 2 decimals ("0.00" when nobody subscribed). */
  winRate: string;
}

/**
 * The lottery: in ascending key order (the id breaks a tie, which SHA-256 makes all but impossible) each
 * subscription is allotted in full while its quantity fits in the shares left, and skipped otherwise (a
 * smaller one further on may still fit). Undersubscribed, everyone wins.
 */
export function ipoDraw(entries: readonly DrawEntry[], totalShares: number): DrawResult {
  if (!Number.isSafeInteger(totalShares) || totalShares < 0) throw new RangeError("totalShares");
  const ordered = [...entries].sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const allotted = new Map<string, number>();
  let left = totalShares;
  let winners = 0;
  for (const entry of ordered) {
    if (!Number.isSafeInteger(entry.quantity) || entry.quantity <= 0) throw new RangeError("quantity");
    const wins = entry.quantity <= left;
    allotted.set(entry.id, wins ? entry.quantity : 0);
    if (wins) {
      left -= entry.quantity;
      winners += 1;
    }
  }
  return {
    allotted,
    winners,
    sharesAllotted: totalShares - left,
    winRate: ipoWinRate(winners, entries.length),
  };
}

/** Winners ÷ subscriptions in percent, 2 decimals, half up. */
export function ipoWinRate(winners: number, subscriptions: number): string {
  if (subscriptions === 0) return "0.00";
  return new Decimal(winners)
    .div(subscriptions)
    .times(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

/** Price × quantity at the currency's scale (what a subscription needs available, what a winner pays). */
export function ipoAmount(price: string, quantity: bigint | string, currency: string): string {
  return toBookedString(money(price).times(String(quantity)), currency);
}

/**
 * The whole shares a decimal string asks for (the contract's share counts): QUANTITY_NOT_WHOLE_LOTS
 * {quantity} unless it is a whole number of shares, at least one ("10000.0" is 10,000).
 */
export function wholeShares(quantity: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(quantity);
  const whole = match?.[1];
  if (whole === undefined || /[1-9]/.test(match?.[2] ?? "") || BigInt(whole) < 1n)
    throw new TradingRuleError("QUANTITY_NOT_WHOLE_LOTS", { quantity });
  return BigInt(whole);
}

/**
 * The grey-market figures of spec §3: the price difference (market − underwriting) and the pre-listing gain
 * rate (difference ÷ underwriting, percent, 2 decimals). Null without a market price.
 */
export function ipoPremium(
  price: string,
  marketPrice: string | null | undefined,
): { priceDifference: string; premiumRate: string } | null {
  if (marketPrice === null || marketPrice === undefined) return null;
  const market = money(marketPrice);
  const underwriting = money(price);
  if (!market.isFinite() || !underwriting.greaterThan(0)) return null;
  const difference = market.minus(underwriting);
  return {
    priceDifference: difference.toFixed(),
    premiumRate: difference.div(underwriting).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

export type IpoOfferingState = "active" | "drawn" | "listed" | "cancelled";
export type IpoStatusValue = "upcoming" | "open" | "closed" | "drawn" | "listed" | "cancelled";

/** Where an offering is at `now`: its stored state, and for an active one its window. */
export function ipoStatus(
  offering: { state: IpoOfferingState; opensAt: Date; closesAt: Date },
  now: Date,
): IpoStatusValue {
  if (offering.state !== "active") return offering.state;
  if (now.getTime() < offering.opensAt.getTime()) return "upcoming";
  if (now.getTime() < offering.closesAt.getTime()) return "open";
  return "closed";
}
