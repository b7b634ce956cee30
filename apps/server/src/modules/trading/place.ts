import type { EntryType, ErrorCode, TradeOrder } from "@brokerage/api";
import { money, toBookedString, type EntryDraft } from "@brokerage/core";
import { getTableColumns } from "drizzle-orm";
import { runStatement, type Db } from "../../db/index.js";
import { tradeOrders } from "../../db/schema/index.js";
import type { Settled } from "../../lib/batcher.js";
import { DomainError } from "../../lib/errors.js";
import { keyTaken, type AtOnce } from "../ledger/at-once.js";
import { bookingLines } from "../ledger/book.js";
import { arrayLiteral, jsonArrayLiteral } from "../ledger/repository.js";
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

/** The database function's answer for one order (migrations 0016, 0018–0021). */
interface PlaceRow {
  index: number;
  outcome: "placed" | "stored" | "raised";
  /** Placed: its order number; stored: the stored answer; raised: the refusal. */
  response: unknown;
  requestHash: string | null;
  detail: string | null;
}

/** The statement of a batch: its arguments are arrays (per order, per entry, per line), its text fixed. */
const PLACE_TOGETHER = `select o_index as index, o_outcome as outcome, o_response as response,
    o_hash as "requestHash", o_detail as detail
  from order_place_together($1::text[], $2::text[], $3::text[], $4::uuid[], $5::timestamptz[], $6::jsonb[],
    $7::text[], $8::text[], $9::jsonb[], $10::int[], $11::text[], $12::int[], $13::uuid[], $14::text[],
    $15::text[], $16::smallint[], $17::numeric[])`;

/** The order table's columns by field name, each with its name in the table and its driver value. */
const ORDER_COLUMNS = getTableColumns(tradeOrders);

/**
 * An order's record by column name, as `jsonb_populate_record` reads it: the fields it leaves out
 * (undefined) take their columns' defaults. Built field by field from the columns taken once (not per
 * order), in the order's own field order.
 */
function orderRecord(order: NewOrder): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(order) as (keyof NewOrder)[]) {
    const value = order[key];
    if (value === undefined) continue;
    const column = ORDER_COLUMNS[key];
    record[column.name] = value === null ? null : column.mapToDriverValue(value);
  }
  return record;
}

/**
 * Places several priced orders in one statement and one commit, with the database function
 * `order_place_together` (migrations 0016, 0018–0021) in autocommit: for each, the same key check,
 * account checks (in the same order), row, entries and stored answer as the general path
 * (`TradingService.placeOrder`); an order's refusal writes nothing. The rows (their ids chosen here) and
 * the entries are built here, by the same code as the general path's; the function books them, adds each
 * order's first entry's id to its row and writes the order number the database gives into the answer.
 *
 * For orders already priced (their price refusals come from the general path, after the account's) and
 * not day trades (whose allowance the general path checks). A statement that fails as a whole fails the
 * batch (the batcher then runs its orders one by one).
 */
export async function placeTogether(db: Db, calls: readonly PlaceCall[]): Promise<Settled<PlaceOutcome>[]> {
  const entryStarts: number[] = [];
  const lineStarts: number[] = [];
  const types: string[] = [];
  const lines: ReturnType<typeof bookingLines> = [];
  for (const call of calls) {
    entryStarts.push(types.length + 1);
    for (const entry of call.entries) {
      types.push(entry.type);
      lineStarts.push(lines.length + 1);
      lines.push(...bookingLines(entry, call.userId));
    }
  }
  const values = [
    arrayLiteral(calls.map((c) => c.owner)),
    arrayLiteral(calls.map((c) => c.key)),
    arrayLiteral(calls.map((c) => c.requestHash)),
    arrayLiteral(calls.map((c) => c.userId)),
    arrayLiteral(calls.map((c) => c.at.toISOString())),
    jsonArrayLiteral(calls.map((c) => orderRecord(c.order))),
    arrayLiteral(calls.map((c) => ORDER_COLUMNS[c.entryColumn].name)),
    arrayLiteral(calls.map((c) => referenceOf(c.order.id))),
    jsonArrayLiteral(calls.map((c) => c.answer)),
    arrayLiteral(entryStarts),
    arrayLiteral(types),
    arrayLiteral(lineStarts),
    arrayLiteral(lines.map((l) => l.userId)),
    arrayLiteral(lines.map((l) => l.purpose)),
    arrayLiteral(lines.map((l) => l.currency)),
    arrayLiteral(lines.map((l) => l.shard)),
    arrayLiteral(lines.map((l) => l.amount)),
  ];
  const fallback: Settled<PlaceOutcome>[] = calls.map(() => ({ value: { fallback: true } }));
  let rows: PlaceRow[];
  try {
    rows = await runStatement<PlaceRow>(db, PLACE_TOGETHER, values);
  } catch (error) {
    // Its key written by a writer that did not take the key's lock (none should): the general path.
    if (calls.length === 1 && keyTaken(error)) return fallback;
    throw error;
  }
  if (rows.length !== calls.length) throw new Error(`order_place_together answered ${rows.length} rows`);
  const outcomes = fallback;
  for (const row of rows) {
    const at = Number(row.index) - 1;
    outcomes[at] = settled(row, calls[at] as PlaceCall);
  }
  return outcomes;
}

/** One order's outcome from its row: the answer, the stored answer, its refusal, or the general path. */
function settled(row: PlaceRow, call: PlaceCall): Settled<PlaceOutcome> {
  const response = row.response; // jsonb: both drivers answer it parsed
  switch (row.outcome) {
    case "placed":
      // The answer sent, with the order number the database gave (the one stored under the key).
      return { value: { answer: { ...call.answer, orderNo: String(response) } } };
    case "stored":
      return row.requestHash === call.requestHash
        ? { value: { answer: response as TradeOrder } }
        : { error: new DomainError("IDEMPOTENCY_CONFLICT") };
    case "raised": {
      const refusal = refusalOf(String(response), row.detail ?? undefined, call);
      return refusal === "fallback" ? { value: { fallback: true } } : { error: refusal };
    }
  }
}

/** The caller's error for the function's refusal `order_place:<reason>`, or the general path. */
function refusalOf(message: string, detail: string | undefined, call: PlaceCall): DomainError | "fallback" {
  const prefix = "order_place:";
  if (!message.startsWith(prefix)) throw new Error(`order_place_together raised ${message}`);
  const reason = message.slice(prefix.length);
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
}
