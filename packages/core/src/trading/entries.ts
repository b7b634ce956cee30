import { platformAccount, transfer, userAccount, type AccountRef, type EntryDraft } from "../ledger/index.js";
import { money } from "../money.js";
import type { OrderCost, Settlement } from "./maths.js";

/**
 * The ledger entries of trading (DESIGN §5 Ledger), in the order the server books them, all in the one
 * transaction that changes the order's state. Types are the fund-flow types of `packages/api` ENTRY_TYPES.
 * An amount of zero books nothing (no fee when the fee is zero), so a list may be shorter than described.
 *
 *   market order fills      tradeMargin available → margin · fee available → fees
 *   limit order / review    tradeMargin available → held (margin + fee)
 *   … then fills            tradeMargin held → margin · fee held → fees · marginRelease held → available
 *                           for what the fill costs less than was held (a top-up available → held first
 *                           when it costs more)
 *   … or is cancelled, expires or is declined                marginRelease held → available
 *   close                   see `settlement` in maths.ts
 */
export type TradingEntryType =
  "tradeMargin" | "marginRelease" | "fee" | "stampDuty" | "realisedPnl" | "negativeBalanceProtection";
type Entry = EntryDraft<TradingEntryType>;

const positive = (amount: string) => money(amount).greaterThan(0);

function move(type: TradingEntryType, from: AccountRef, to: AccountRef, amount: string): Entry[] {
  return positive(amount) ? [transfer(type, from, to, amount)] : [];
}

const accounts = (userId: string, currency: string) => ({
  available: userAccount(userId, currency),
  held: userAccount(userId, currency, "held"),
  margin: userAccount(userId, currency, "margin"),
  fees: platformAccount("fees", currency),
  taxes: platformAccount("taxes", currency),
  pnl: platformAccount("pnl", currency),
  protection: platformAccount("protection", currency),
});

/** The opening charges split between the fees and the taxes accounts (all fees when `tax` is absent). */
function openCharges(from: AccountRef, a: ReturnType<typeof accounts>, cost: OpenCharges): Entry[] {
  const tax = cost.tax ?? "0";
  return [
    ...move("fee", from, a.fees, money(cost.fee).minus(tax).toFixed()),
    ...move("stampDuty", from, a.taxes, tax),
  ];
}
type OpenCharges = Pick<OrderCost, "fee"> & Partial<Pick<OrderCost, "tax">>;

/** A market order filled at once: its margin and opening charges (fees, then taxes) leave available. */
export function openEntries(
  userId: string,
  currency: string,
  cost: Pick<OrderCost, "margin"> & OpenCharges,
): Entry[] {
  const a = accounts(userId, currency);
  return [...move("tradeMargin", a.available, a.margin, cost.margin), ...openCharges(a.available, a, cost)];
}

/** A limit order waiting, or an order going to review: its margin and fee are held. */
export function holdEntries(userId: string, currency: string, cost: Pick<OrderCost, "total">): Entry[] {
  const a = accounts(userId, currency);
  return move("tradeMargin", a.available, a.held, cost.total);
}

/**
 * A held order fills (a limit crossed, a block trade approved) at a cost computed at the fill price: the
 * hold pays the margin and fee, and what it held beyond that goes back to available.
 */
export function fillEntries(
  userId: string,
  currency: string,
  held: Pick<OrderCost, "total">,
  filled: Pick<OrderCost, "margin" | "total"> & OpenCharges,
): Entry[] {
  const a = accounts(userId, currency);
  const rest = money(held.total).minus(filled.total);
  return [
    ...(rest.isNegative() ? move("tradeMargin", a.available, a.held, rest.negated().toFixed()) : []),
    ...move("tradeMargin", a.held, a.margin, filled.margin),
    ...openCharges(a.held, a, filled),
    ...(rest.isPositive() ? move("marginRelease", a.held, a.available, rest.toFixed()) : []),
  ];
}

/** A held order cancelled, expired or declined: everything held goes back. */
export function releaseEntries(userId: string, currency: string, held: Pick<OrderCost, "total">): Entry[] {
  const a = accounts(userId, currency);
  return move("marginRelease", a.held, a.available, held.total);
}

/**
 * A close, from its `settlement`: margin released, a shortfall paid in by the platform's protection
 * account, P&L credited or charged, fee and stamp duty charged. Booked in this order, the user's available
 * balance never dips below zero in between (the margin, the gain and the protection cover every charge).
 */
export function closeEntries(userId: string, currency: string, s: Settlement): Entry[] {
  const a = accounts(userId, currency);
  const { marginRelease, protection, realisedPnl, fee, stampDuty } = s.booked;
  const pnl = money(realisedPnl);
  return [
    ...move("marginRelease", a.margin, a.available, marginRelease),
    ...move("negativeBalanceProtection", a.protection, a.available, protection),
    ...(pnl.isNegative()
      ? move("realisedPnl", a.available, a.pnl, pnl.negated().toFixed())
      : move("realisedPnl", a.pnl, a.available, realisedPnl)),
    ...move("fee", a.available, a.fees, fee),
    ...move("stampDuty", a.available, a.taxes, stampDuty),
  ];
}
