import { money, toBookedString, type Money } from "../money.js";
import type { Direction } from "./maths.js";

/**
 * Realised P&L first-in-first-out (DESIGN §5a "Honesty you can check": the yearly tax report). The platform
 * opens and closes positions as whole units, each a lot of its own; for tax, the lots of one instrument
 * and direction form one book, and each closing trade is matched against the book's oldest open lots,
 * whichever position the user chose to close. A closing trade larger than the oldest lot takes it whole
 * and goes on to the next (a partial match splits a lot); one smaller leaves the rest of the lot open.
 * Longs and shorts of one instrument are separate books: the platform holds both at once (a short is not
 * a sale of a long), so a purchase that closes a short never closes a long.
 *
 * Amounts are at the currency's scale and add up exactly: a trade's value and costs are shared between
 * the pieces it is matched in by quantity, the last piece taking what the rounding of the others left, so
 * the pieces of a trade sum to the trade, and a book whose lots are all closed sums to its trades.
 */

/** One trade of a book: an opening one makes a lot, a closing one is matched against lots. */
export interface FifoTrade {
  /** The book: the instrument and direction (`${symbol}:${direction}`). */
  book: string;
  leg: "open" | "close";
  /** ISO instant of the fill; trades are matched in this order (then by `seq`). */
  at: string;
  /** A tie-break for trades of one instant (the order's sequence number). */
  seq: number;
  /** The order (position) the trade belongs to. */
  orderId: string;
  quantity: string;
  /** Price × quantity as booked (see `tradesOfPosition`), at the currency's scale. */
  value: string;
  /** The trade's charges (fees and taxes) as booked, at the currency's scale. */
  costs: string;
  /** What negative balance protection paid in at a close (0 for an opening trade). */
  protection: string;
}

/** One closed lot, or the part of it one closing trade matched. */
export interface ClosedLot {
  book: string;
  direction: Direction;
  /** The opening trade (its order) and the closing trade (its order): different positions under FIFO. */
  openOrderId: string;
  closeOrderId: string;
  openedAt: string;
  closedAt: string;
  quantity: string;
  /** What the sale brought in: the closing value of a long, the opening (short-sale) value of a short. */
  proceeds: string;
  /** What the purchase cost: the opening value of a long, the buy-back value of a short. */
  costBasis: string;
  /** The lot's share of its opening and its closing trade's charges. */
  costs: string;
  /** The closing trade's share of negative balance protection, which the user did not pay. */
  protection: string;
  /** proceeds − cost basis − costs + protection. */
  net: string;
}

export interface FifoResult {
  closed: ClosedLot[];
  /** What is left of each lot not yet closed, oldest first. */
  open: { book: string; orderId: string; openedAt: string; quantity: string }[];
}

/** `total` shared out over `parts` by quantity, at scale; the last part takes the remainder. */
function share(total: string, parts: readonly Money[], whole: Money, currency: string): string[] {
  const amounts: string[] = [];
  let left = money(total);
  parts.forEach((part, index) => {
    if (index === parts.length - 1) {
      amounts.push(toBookedString(left, currency));
      return;
    }
    const amount = toBookedString(money(total).times(part).div(whole), currency);
    left = left.minus(amount);
    amounts.push(amount);
  });
  return amounts;
}

interface Piece {
  open: FifoTrade;
  close: FifoTrade;
  quantity: Money;
}

type PortionName = "openValue" | "openCosts" | "closeValue" | "closeCosts" | "protection";

const directionOf = (book: string): Direction => (book.endsWith(":short") ? "short" : "long");
const chronological = (a: FifoTrade, b: FifoTrade) =>
  a.at.localeCompare(b.at) || a.seq - b.seq || (a.leg === b.leg ? 0 : a.leg === "open" ? -1 : 1);

/**
 * Matches every book's closing trades against its lots, first in first out. A closing trade for more than
 * the book holds is an error of the caller (a close always follows its own opening trade).
 */
export function matchFifo(trades: readonly FifoTrade[], currency: string): FifoResult {
  const books = new Map<string, { trade: FifoTrade; left: Money }[]>();
  const pieces: Piece[] = [];
  for (const trade of [...trades].sort(chronological)) {
    const lots = books.get(trade.book) ?? [];
    books.set(trade.book, lots);
    if (trade.leg === "open") {
      lots.push({ trade, left: money(trade.quantity) });
      continue;
    }
    let wanted = money(trade.quantity);
    while (wanted.greaterThan(0)) {
      const lot = lots[0];
      if (!lot) throw new Error(`FIFO: ${trade.orderId} closes more than book ${trade.book} holds`);
      const quantity = lot.left.lessThan(wanted) ? lot.left : wanted;
      pieces.push({ open: lot.trade, close: trade, quantity });
      lot.left = lot.left.minus(quantity);
      wanted = wanted.minus(quantity);
      if (lot.left.isZero()) lots.shift();
    }
  }

  // Each trade's value, costs and protection shared over the pieces it is in, in the order they were made.
  const byTrade = new Map<FifoTrade, Piece[]>();
  for (const piece of pieces)
    for (const trade of [piece.open, piece.close]) byTrade.set(trade, [...(byTrade.get(trade) ?? []), piece]);
  const portions = new Map<Piece, Record<PortionName, string>>();
  for (const [trade, matched] of byTrade) {
    const quantities = matched.map((p) => p.quantity);
    // An opening trade's lot may be only partly closed: it is shared over its whole quantity, the part
    // still open keeping its portion (the last "part" below) for a later report.
    const whole = money(trade.quantity);
    const matchedQuantity = quantities.reduce((sum, q) => sum.plus(q), money(0));
    const rest = whole.minus(matchedQuantity);
    const parts = rest.greaterThan(0) ? [...quantities, rest] : quantities;
    const values = share(trade.value, parts, whole, currency);
    const costs = share(trade.costs, parts, whole, currency);
    const protection = share(trade.protection, parts, whole, currency);
    matched.forEach((piece, index) => {
      const portion = portions.get(piece) ?? {
        openValue: "0",
        openCosts: "0",
        closeValue: "0",
        closeCosts: "0",
        protection: "0",
      };
      if (trade.leg === "open") {
        portion.openValue = values[index] ?? "0";
        portion.openCosts = costs[index] ?? "0";
      } else {
        portion.closeValue = values[index] ?? "0";
        portion.closeCosts = costs[index] ?? "0";
        portion.protection = protection[index] ?? "0";
      }
      portions.set(piece, portion);
    });
  }

  const closed = pieces.map((piece): ClosedLot => {
    const p = portions.get(piece);
    if (!p) throw new Error("FIFO: a piece without its portions");
    const direction = directionOf(piece.open.book);
    const [proceeds, costBasis] =
      direction === "long" ? [p.closeValue, p.openValue] : [p.openValue, p.closeValue];
    const costs = toBookedString(money(p.openCosts).plus(p.closeCosts), currency);
    return {
      book: piece.open.book,
      direction,
      openOrderId: piece.open.orderId,
      closeOrderId: piece.close.orderId,
      openedAt: piece.open.at,
      closedAt: piece.close.at,
      quantity: piece.quantity.toFixed(),
      proceeds,
      costBasis,
      costs,
      protection: p.protection,
      net: toBookedString(money(proceeds).minus(costBasis).minus(costs).plus(p.protection), currency),
    };
  });
  const open = [...books.values()].flatMap((lots) =>
    lots.map(({ trade, left }) => ({
      book: trade.book,
      orderId: trade.orderId,
      openedAt: trade.at,
      quantity: left.toFixed(),
    })),
  );
  return { closed, open };
}

/** A position as the ledger booked it: what `tradesOfPosition` turns into its trades. */
export interface BookedPosition {
  orderId: string;
  seq: number;
  symbol: string;
  direction: Direction;
  quantity: string;
  openedAt: string;
  /** The opening trade's value: open price × quantity at the currency's scale. */
  openValue: string;
  /** The opening trade's charges as booked. */
  openCosts: string;
  /** Once closed: when, the booked realised P&L (gross, signed), the closing charges and the protection. */
  close: { at: string; pnl: string; costs: string; protection: string } | null;
}

/**
 * A position's trades. The closing trade's value is the opening value moved by the P&L the ledger booked
 * (plus for a long, minus for a short), not the close price times the quantity rounded on its own: the two
 * can differ by the rounding of one unit of the currency's scale, and this way a position's lot, matched
 * with itself, nets exactly what its fund records add up to.
 */
export function tradesOfPosition(position: BookedPosition, currency: string): FifoTrade[] {
  const book = `${position.symbol}:${position.direction}`;
  const common = { book, seq: position.seq, orderId: position.orderId, quantity: position.quantity };
  const trades: FifoTrade[] = [
    {
      ...common,
      leg: "open",
      at: position.openedAt,
      value: position.openValue,
      costs: position.openCosts,
      protection: "0",
    },
  ];
  const { close } = position;
  if (close) {
    const moved = position.direction === "long" ? money(close.pnl) : money(close.pnl).negated();
    trades.push({
      ...common,
      leg: "close",
      at: close.at,
      value: toBookedString(money(position.openValue).plus(moved), currency),
      costs: close.costs,
      protection: close.protection,
    });
  }
  return trades;
}

/** The sums of the lots (a report's totals). */
export function lotTotals(
  lots: readonly ClosedLot[],
  currency: string,
): Pick<ClosedLot, "proceeds" | "costBasis" | "costs" | "protection" | "net"> {
  const sum = (pick: (lot: ClosedLot) => string) =>
    toBookedString(
      lots.reduce((total, lot) => total.plus(pick(lot)), money(0)),
      currency,
    );
  return {
    proceeds: sum((l) => l.proceeds),
    costBasis: sum((l) => l.costBasis),
    costs: sum((l) => l.costs),
    protection: sum((l) => l.protection),
    net: sum((l) => l.net),
  };
}
