import type { EntryType, ErrorCode, TradeOrder } from "@brokerage/api";
import { money, toBookedString, type EntryDraft } from "@brokerage/core";
import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { tradeOrders } from "../../db/schema/index.js";
import { DomainError } from "../../lib/errors.js";
import { callAtOnce, type AtOnce } from "../ledger/at-once.js";
import { bookingLines } from "../ledger/book.js";
import { arrayLiteral } from "../ledger/repository.js";
import { referenceOf } from "./money.js";
import type { NewOrder } from "./repository.js";

/** What placing one priced order at once needs: its row, its entries, the answer, and the call's key. */
export interface PlaceCall {
  userId: string;
  order: NewOrder & { id: string };
  /** Which of the order's columns links it to its first entry. */
  entryColumn: "openEntryId" | "holdEntryId";
  entries: readonly EntryDraft<EntryType>[];
  /** The answer, but its order number (the database gives it). */
  answer: TradeOrder;
  owner: string;
  key: string;
  requestHash: string;
  at: Date;
}

/** The answer (placed now, or stored under the key before), or `fallback`: run the general path. */
export type PlaceOutcome = AtOnce<TradeOrder>;

const ACCOUNT_REFUSALS = new Set<string>([
  "UNAUTHORIZED",
  "ACCOUNT_DISABLED",
  "ACCOUNT_FROZEN",
  "TRADE_BANNED",
  "FUND_PASSWORD_NOT_SET",
]);

/**
 * Places an order in one round trip, with the database function `order_place` (migrations 0010, 0011:
 * the key written once, with its answer; 0012: the row written once, inserted after the bookings with its
 * link to its first entry) in autocommit: the same key check, account checks (in the same order), row,
 * bookings (`ledger_book_all`) and stored answer as the general path (`TradingService.placeOrder`), as one
 * statement; a refusal raises and PostgreSQL rolls the whole statement back. The row (its id chosen here)
 * and the entries are built here, by the same code as the general path's; the function only adds the
 * entry's id to the row and writes the order number the database gives into the answer.
 *
 * For an order already priced (its price refusals come from the general path, after the account's) and
 * not a day trade (whose allowance the general path checks).
 */
export async function placeAtOnce(db: Db, call: PlaceCall): Promise<PlaceOutcome> {
  const { userId, order, entries } = call;
  const columns = getTableColumns(tradeOrders);
  const written = (Object.keys(order) as (keyof NewOrder)[]).filter((key) => order[key] !== undefined);
  const record = Object.fromEntries(
    written.map((key) => {
      const value = order[key];
      return [columns[key].name, value === null ? null : columns[key].mapToDriverValue(value)];
    }),
  );
  const lines = entries.map((entry) => bookingLines(entry, userId));
  const starts: number[] = [];
  let next = 1;
  for (const entryLines of lines) {
    starts.push(next);
    next += entryLines.length;
  }
  const flat = lines.flat();
  const statement = sql`select o_outcome as outcome, o_response as response, o_hash as "requestHash"
    from order_place(
      ${call.owner}::text, ${call.key}::text, ${call.requestHash}::text, ${userId}::uuid,
      ${call.at.toISOString()}::timestamptz,
      ${arrayLiteral(written.map((key) => columns[key].name))}::text[], ${JSON.stringify(record)}::jsonb,
      ${columns[call.entryColumn].name}::text,
      ${arrayLiteral(starts)}::int[],
      ${arrayLiteral(flat.map((l) => l.userId))}::uuid[],
      ${arrayLiteral(flat.map((l) => l.purpose))}::text[],
      ${arrayLiteral(flat.map((l) => l.currency))}::text[],
      ${arrayLiteral(flat.map((l) => l.shard))}::smallint[],
      ${arrayLiteral(flat.map((l) => l.amount))}::numeric[],
      ${arrayLiteral(entries.map((e) => e.type))}::text[],
      ${referenceOf(order.id)}::text,
      ${JSON.stringify(call.answer)}::jsonb)`;
  const named = { name: "order_place", requestHash: call.requestHash };
  return callAtOnce<TradeOrder>(db, statement, named, (reason, detail) => {
    if (ACCOUNT_REFUSALS.has(reason)) return new DomainError(reason as ErrorCode);
    if (reason !== "insufficient") return "fallback";
    // As `bookAll` answers it: the available balance before this order's entries.
    const [index, balance] = (detail ?? "0:0").split(":");
    const currency = call.order.currency;
    let taken = money(0);
    for (const { postings } of call.entries.slice(0, Number(index)))
      for (const { account, amount } of postings)
        if (account.owner === "user" && account.purpose === "available" && account.currency === currency)
          taken = taken.minus(amount);
    return new DomainError("INSUFFICIENT_AVAILABLE", {
      available: toBookedString(money(balance ?? "0").plus(taken), currency),
    });
  });
}
