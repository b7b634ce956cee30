import Decimal from "decimal.js";
import { MoneyDecimal, fixedText, money, toBookedString, toChargedString, type Money } from "../money.js";
import type { TradingMarketConfig } from "./config.js";
import { TradingRuleError } from "./errors.js";

/**
 * The arithmetic of orders and positions (DESIGN §5 Orders and positions). Everything is exact until the
 * result: each amount is computed from exact inputs and rounded once, to its currency's booking scale (KRW
 * to the won, INR and USD to the cent): fees and stamp duty up (`toChargedString`, so a non-zero rate never
 * books zero), every other amount half-up. Quantities are whole lots and 1 lot is 1 share (spec §9).
 */

export type Direction = "long" | "short";
type Price = string | Money;

export type FeeRule = Pick<TradingMarketConfig, "feeRate" | "minFee">;
export type CloseRule = FeeRule & Pick<TradingMarketConfig, "stampDutyRate" | "stampDutyCap">;

/** An order as the user asks for it. */
export interface OrderTerms {
  direction: Direction;
  price: Price;
  quantity: number;
  leverage: number;
  currency: string;
}

/** An open position as it is stored: the margin is the amount booked when it opened. */
export interface PositionTerms {
  direction: Direction;
  openPrice: Price;
  quantity: number;
  margin: string;
  currency: string;
}

/** Throws QUANTITY_NOT_WHOLE_LOTS unless the quantity is a whole number of lots, at least one. */
export function assertWholeLots(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new TradingRuleError("QUANTITY_NOT_WHOLE_LOTS", { quantity: String(quantity) });
}

const lots = (quantity: number): Money => {
  assertWholeLots(quantity);
  return money(quantity);
};
const notionalOf = (price: Price, quantity: number): Money => money(price).times(lots(quantity));

/** The commission on one side: the rate on the notional, never below the minimum (rounded by the caller). */
function feeOn(notional: Money, rule: FeeRule): Money {
  return MoneyDecimal.max(notional.times(rule.feeRate), money(rule.minFee));
}

export interface OrderCost {
  /** Price × quantity. */
  notional: string;
  /** Price × quantity ÷ leverage: what moves from available to margin. */
  margin: string;
  /** The opening commission. */
  fee: string;
  /** Margin + fee: what the order takes from available. */
  total: string;
}

/** What opening the order costs, each amount at the currency's scale (the preview and the fill agree). */
export function orderCost(order: OrderTerms, rule: FeeRule): OrderCost {
  if (!Number.isInteger(order.leverage) || order.leverage < 1)
    throw new TradingRuleError("LEVERAGE_NOT_ALLOWED", { leverage: String(order.leverage) });
  const notional = notionalOf(order.price, order.quantity);
  const margin = toBookedString(notional.div(order.leverage), order.currency);
  const fee = toChargedString(feeOn(notional, rule), order.currency);
  return {
    notional: toBookedString(notional, order.currency),
    margin,
    fee,
    total: toBookedString(money(margin).plus(fee), order.currency),
  };
}

export interface CloseCost {
  /** Close price × quantity. */
  notional: string;
  /** The closing commission. */
  fee: string;
  /** Tax on the closing side, on the close notional, capped where the market caps it. */
  stampDuty: string;
}

/** What closing `quantity` at `price` costs, at the currency's scale. */
export function closeCost(
  position: Pick<PositionTerms, "quantity" | "currency">,
  price: Price,
  rule: CloseRule,
): CloseCost {
  const notional = notionalOf(price, position.quantity);
  let duty = notional.times(rule.stampDutyRate);
  if (rule.stampDutyCap !== undefined) duty = MoneyDecimal.min(duty, money(rule.stampDutyCap));
  return {
    notional: toBookedString(notional, position.currency),
    fee: toChargedString(feeOn(notional, rule), position.currency),
    stampDuty: toChargedString(duty, position.currency),
  };
}

/** (price − open) × quantity for a long, (open − price) × quantity for a short; exact. */
function exactPnl(position: Omit<PositionTerms, "margin">, price: Price): Money {
  const move = money(price).minus(position.openPrice).times(lots(position.quantity));
  return position.direction === "long" ? move : move.negated();
}

/** The P&L at `price`, at the currency's scale: unrealised while open, realised at the close price. */
export function pnl(position: Omit<PositionTerms, "margin">, price: Price): string {
  return toBookedString(exactPnl(position, price), position.currency);
}

/** P&L as a percentage of the margin, 2 decimals ("12.34"); "0.00" without margin. */
export function returnRate(profit: string | Money, margin: string | Money): string {
  const base = money(margin);
  if (base.isZero()) return "0.00";
  return fixedText(money(profit).div(base).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP), 2);
}

/** Price × quantity at the currency's scale: what the shares are worth now, for a long or a short alike. */
export function marketValue(price: Price, quantity: number, currency: string): string {
  return toBookedString(notionalOf(price, quantity), currency);
}

/**
 * How a close settles. The user's margin comes back, the P&L is credited or charged, the closing fee and
 * stamp duty are charged, each in full. A market loss beyond the margin (a price gap past the automatic
 * close) is the platform's: negative balance protection (ESMA Decision (EU) 2018/796, Annex IV; DESIGN
 * §5a), a retail client never loses more than the margin to the market, and that part is never taken from
 * the user's other money. The closing charges the margin does not cover (a fee above a small position's
 * margin) are taken from the available balance as far as it goes, and the platform bears the rest, so a
 * balance never goes below zero. What the platform bears is paid in from its protection account.
 *
 * Booked as these entries (see `closeEntries`), in this order so available never dips below zero between:
 *   marginRelease              margin → available                 `booked.marginRelease`
 *   negativeBalanceProtection  platform protection → available    `booked.protection`
 *   realisedPnl                platform P&L ↔ available           `booked.realisedPnl` (signed, for the user)
 *   fee                        available → platform fees          `booked.fee`
 *   stampDuty                  available → platform taxes         `booked.stampDuty`
 */
export interface Settlement {
  closeNotional: string;
  /** The position's realised P&L at the close price (the figure the position shows). */
  pnl: string;
  fee: string;
  stampDuty: string;
  /** Margin + P&L − fee − stamp duty; signed. When not negative, the change of the user's available. */
  net: string;
  /** −net when net is negative, else 0: what the margin does not cover. */
  shortfall: string;
  /** The part of the shortfall taken from the user's available balance: closing charges only, never loss. */
  fromAvailable: string;
  /** The amounts of the ledger entries, each at scale; a zero means that entry is not booked. */
  booked: {
    marginRelease: string;
    /** The part of the shortfall the platform bears: the loss beyond the margin, and unpaid charges. */
    protection: string;
    realisedPnl: string;
    fee: string;
    stampDuty: string;
  };
}

/**
 * Settles a close at `price`. `available` is the user's available balance in the settlement currency just
 * before the close (read in the closing transaction); only closing charges beyond the margin touch it.
 */
export function settlement(
  position: PositionTerms,
  price: Price,
  rule: CloseRule,
  available = "0",
): Settlement {
  const { currency } = position;
  const cost = closeCost(position, price, rule);
  const realised = money(pnl(position, price));
  const margin = money(position.margin);
  const net = margin.plus(realised).minus(cost.fee).minus(cost.stampDuty);
  const shortfall = net.isNegative() ? net.negated() : money(0);
  const lossBeyondMargin = MoneyDecimal.max(margin.plus(realised).negated(), 0);
  const chargesBeyondMargin = shortfall.minus(lossBeyondMargin);
  const fromAvailable = MoneyDecimal.min(chargesBeyondMargin, MoneyDecimal.max(money(available), 0));
  const s = (m: Money) => toBookedString(m, currency);
  return {
    closeNotional: cost.notional,
    pnl: s(realised),
    fee: cost.fee,
    stampDuty: cost.stampDuty,
    net: s(net),
    shortfall: s(shortfall),
    fromAvailable: s(fromAvailable),
    booked: {
      marginRelease: s(margin),
      protection: s(shortfall.minus(fromAvailable)),
      realisedPnl: s(realised),
      fee: cost.fee,
      stampDuty: cost.stampDuty,
    },
  };
}

/** The loss, as a share of the margin, at which a position is closed automatically; exact comparison. */
export function shouldLiquidate(position: PositionTerms, price: Price, share: string): boolean {
  const loss = exactPnl(position, price).negated();
  return loss.greaterThan(0) && loss.greaterThanOrEqualTo(money(position.margin).times(share));
}

/**
 * The price at which `shouldLiquidate` starts to answer true, rounded to `priceDecimals` towards the far
 * side (down for a long, up for a short) so that the shown price always triggers. Undefined when no price
 * above zero can reach it (an unleveraged long with a share of 1).
 */
export function liquidationPrice(
  position: PositionTerms,
  share: string,
  priceDecimals: number,
): string | undefined {
  const distance = money(position.margin).times(share).div(lots(position.quantity));
  if (position.direction === "long") {
    const price = money(position.openPrice)
      .minus(distance)
      .toDecimalPlaces(priceDecimals, Decimal.ROUND_DOWN);
    return price.greaterThan(0) ? fixedText(price, priceDecimals) : undefined;
  }
  return fixedText(
    money(position.openPrice).plus(distance).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP),
    priceDecimals,
  );
}
