import type { Currency, Lending } from "@brokerage/api";
import { money, toBookedString, toPlainString, type MarketDataProvider } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import * as repo from "./repository.js";
import { expectedRebate } from "./terms.js";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Lendings as their owner sees them, each with the rebates paid on it. */
export async function toLendings(
  db: Db,
  market: MarketDataProvider,
  rows: readonly repo.SecuritiesLoanRow[],
): Promise<Lending[]> {
  const ids = rows.map((r) => r.id);
  const [rebates, orderNos] = await Promise.all([
    repo.rebatesOf(db, ids),
    repo.orderNos(
      db,
      rows.map((r) => r.positionId),
    ),
  ]);
  return rows.map((row) => {
    const own = rebates.filter((r) => r.loanId === row.id);
    const at = (value: string) => toBookedString(value, row.currency);
    const paid = own.reduce((sum, r) => sum.plus(r.amount), money(0));
    return {
      id: row.id,
      positionId: row.positionId,
      orderNo: orderNos.get(row.positionId) ?? "",
      symbol: row.symbol,
      name: market.listing(row.symbol)?.name ?? row.symbol,
      exchange: row.exchange,
      currency: row.currency as Currency,
      quantity: toPlainString(row.quantity),
      days: row.days,
      price: toPlainString(row.price),
      value: at(row.value),
      rate: toPlainString(row.rate),
      grossRate: toPlainString(row.grossRate),
      brokerShare: toPlainString(row.brokerShare),
      expectedRebate: expectedRebate(row.value, row.rate, row.days, row.currency),
      rebatePaid: toBookedString(paid, row.currency),
      state: row.state,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      startedAt: iso(row.startedAt),
      endsAt: iso(row.endsAt),
      recalledAt: iso(row.recalledAt),
      completedAt: iso(row.completedAt),
      rebates: own.map((r) => ({
        day: r.day,
        price: toPlainString(r.price),
        value: at(r.value),
        amount: at(r.amount),
        paidAt: r.paidAt.toISOString(),
      })),
    };
  });
}

export async function toLending(
  db: Db,
  market: MarketDataProvider,
  row: repo.SecuritiesLoanRow,
): Promise<Lending> {
  const [view] = await toLendings(db, market, [row]);
  if (!view) throw new Error("lending view missing");
  return view;
}
