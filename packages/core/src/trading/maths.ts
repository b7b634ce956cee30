import Decimal from "decimal.js";
import { MoneyDecimal, fixedText, money, toBookedString, type Money } from "../money.js";
import { chargeLines, chargeTotals, tradeSideOf, type ChargeComponent, type ChargeLine } from "./charges.js";
import { marketCharges, type TradingMarketConfig } from "./config.js";
import { TradingRuleError } from "./errors.js";
import { quantityOf } from "./quantity.js";

/**
 * The arithmetic of orders and positions (DESIGN §5 Orders and positions). Everything is exact until the
 * result: each amount is computed from exact inputs and rounded once, to its currency's booking scale (KRW
 * to the won, INR and USD to the cent): fees and stamp duty up (`toChargedString`, so a non-zero rate never
 * books zero), every other amount half-up. Quantities are decimals, multiples of the instrument's step
 * (market/lots.ts, checked by `checkOrder`), exact like the prices.
 */

export type Direction = "long" | "short";
type Price = string | Money;
/**
 * A quantity: a decimal string as the wire and the database carry it, a decimal, or a whole JS number (a
 * count of shares is exact as a number; a fraction never is, and is refused).
 */
export type Quantity = string | Money;

/** The commission, and the market's other charges (none where left out: a block trade's offer). */
export type FeeRule = Pick<TradingMarketConfig, "feeRate" | "minFee"> & { charges?: ChargeComponent[] };
export type CloseRule = FeeRule;

/** An order as the user asks for it. */
export interface OrderTerms {
  direction: Direction;
  price: Price;
  quantity: Quantity;
  leverage: number;
  currency: string;
}

/** An open position as it is stored: the margin is the amount booked when it opened. */
export interface PositionTerms {
  direction: Direction;
  openPrice: Price;
  quantity: Quantity;
  margin: string;
  currency: string;
}

/**
 * The quantity as a decimal; QUANTITY_NOT_WHOLE_LOTS {quantity} unless it is a whole number of lots, at least
 * one (a decimal string such as "200", never a JS number: quantities travel as text).
 */
export function assertWholeLots(quantity: string): Money {
  const plain = typeof quantity === "string" && /^\d+(\.\d+)?$/.test(quantity);
  const units = plain ? money(quantity) : null;
  if (units === null || !units.isInteger() || units.lessThan(1))
    throw new TradingRuleError("QUANTITY_NOT_WHOLE_LOTS", { quantity: String(quantity) });
  return units;
}

/** The quantity as a decimal; QUANTITY_NOT_MULTIPLE_OF_STEP unless it is a decimal above 0. */
const lots = (quantity: Quantity): Money => quantityOf(quantity);
const notionalOf = (price: Price, quantity: Quantity): Money => money(price).times(lots(quantity));

/** Every charge of one trade, component by component (charges.ts), and its fees and taxes. */
function chargesOn(
  notional: Money,
  quantity: Quantity,
  side: "buy" | "sell",
  currency: string,
  rule: FeeRule,
) {
  const lines = chargeLines(marketCharges({ ...rule, charges: rule.charges ?? [] }), {
    value: notional,
    shares: quantity,
    side,
    currency,
  });
  return { lines, ...chargeTotals(lines) };
}

export interface OrderCost {
  /** Price × quantity. */
  notional: string;
  /** Price × quantity ÷ leverage: what moves from available to margin. */
  margin: string;
  /** Every charge of the opening trade: the sum of `charges`. */
  fee: string;
  /** The part of `fee` that is tax (booked to the platform's taxes account, the rest to its fees). */
  tax: string;
  /** Margin + fee: what the order takes from available. */
  total: string;
  /** The opening trade's charges, component by component (a buy for a long, a sale for a short). */
  charges: ChargeLine[];
}

/** What opening the order costs, each amount at the currency's scale (the preview and the fill agree). */
export function orderCost(order: OrderTerms, rule: FeeRule): OrderCost {
  if (!Number.isInteger(order.leverage) || order.leverage < 1)
    throw new TradingRuleError("LEVERAGE_NOT_ALLOWED", { leverage: String(order.leverage) });
  const notional = notionalOf(order.price, order.quantity);
  const margin = toBookedString(notional.div(order.leverage), order.currency);
  const charged = chargesOn(
    notional,
    order.quantity,
    tradeSideOf(order.direction, "open"),
    order.currency,
    rule,
  );
  const fee = toBookedString(charged.fees.plus(charged.taxes), order.currency);
  return {
    notional: toBookedString(notional, order.currency),
    margin,
    fee,
    tax: toBookedString(charged.taxes, order.currency),
    total: toBookedString(money(margin).plus(fee), order.currency),
    charges: charged.lines,
  };
}

export interface CloseCost {
  /** Close price × quantity. */
  notional: string;
  /** The closing trade's commission and other fees (exchange, clearing, regulator). */
  fee: string;
  /** The closing trade's taxes (transaction tax, stamp duty, VAT/GST), booked as the `stampDuty` entry. */
  stampDuty: string;
  /** The closing trade's charges, component by component (a sale for a long, a buy for a short). */
  charges: ChargeLine[];
}

/** What closing `quantity` at `price` costs, at the currency's scale (a long unless `direction` says). */
export function closeCost(
  position: Pick<PositionTerms, "quantity" | "currency"> & { direction?: Direction },
  price: Price,
  rule: CloseRule,
): CloseCost {
  const notional = notionalOf(price, position.quantity);
  const side = tradeSideOf(position.direction ?? "long", "close");
  const charged = chargesOn(notional, position.quantity, side, position.currency, rule);
  return {
    notional: toBookedString(notional, position.currency),
    fee: toBookedString(charged.fees, position.currency),
    stampDuty: toBookedString(charged.taxes, position.currency),
    charges: charged.lines,
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
export function marketValue(price: Price, quantity: Quantity, currency: string): string {
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
  /** The closing trade's charges, component by component: `fee` + `stampDuty`. */
  charges: ChargeLine[];
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
    charges: cost.charges,
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
