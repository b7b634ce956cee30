import { money, toBookedString, type Money } from "../money.js";
import { returnRate } from "./maths.js";

/**
 * A position's P&L net of every cost it paid (DESIGN §5a "P&L means net"): the gross P&L (the price move
 * times the quantity) less the opening charges, the closing charges and the closing taxes once paid, plus
 * what negative balance protection paid in for it (a loss beyond the margin that the platform bore). The
 * net figure is what the position did to the user's equity: the sum of its fund records, to the cent.
 */
export interface PositionCosts {
  /** The opening trade's charges (fees and taxes), as booked at the fill. */
  openFee: Money | string;
  /** The closing trade's fees, once closed. */
  closeFee?: Money | string | null;
  /** The closing trade's taxes, once closed. */
  stampDuty?: Money | string | null;
  /** Paid in by the platform at the close (negative balance protection), once closed. */
  protection?: Money | string | null;
}

export interface NetPnl {
  /** The price move times the quantity, before costs. */
  gross: string;
  /** Every charge paid so far: opening, and once closed the closing fees and taxes. */
  costs: string;
  /** gross − costs + protection: what the position added to (or took from) the user's equity. */
  net: string;
  /** net as a percentage of the margin, 2 decimals. */
  returnRate: string;
}

/** What a position has paid in charges so far, at the currency's scale. */
export function paidCosts(costs: PositionCosts, currency: string): string {
  return toBookedString(
    money(costs.openFee)
      .plus(costs.closeFee ?? 0)
      .plus(costs.stampDuty ?? 0),
    currency,
  );
}

/** The net P&L of a gross P&L (`pnl` of maths.ts, unrealised or realised) and the costs it paid. */
export function netPnl(
  gross: Money | string,
  costs: PositionCosts,
  position: { margin: Money | string; currency: string },
): NetPnl {
  const paid = paidCosts(costs, position.currency);
  const net = toBookedString(
    money(gross)
      .minus(paid)
      .plus(costs.protection ?? 0),
    position.currency,
  );
  return {
    gross: toBookedString(gross, position.currency),
    costs: paid,
    net,
    returnRate: returnRate(net, position.margin),
  };
}
