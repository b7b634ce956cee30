import type { ExchangeResult } from "@brokerage/api";
import { exchange, exchangeEntryType, money, scaleOf } from "@brokerage/core";
import { runStatement, type Db } from "../../db/index.js";
import type { Settled } from "../../lib/batcher.js";
import { DomainError } from "../../lib/errors.js";
import { keyTaken, type AtOnce } from "../ledger/at-once.js";
import { bookingLines } from "../ledger/book.js";
import { arrayLiteral } from "../ledger/repository.js";
import type { ClaimedQuote } from "./repository.js";

/** What the fill of one quote needs: the quote's terms as they were made, and the call's key. */
export interface FillCall {
  userId: string;
  quote: ClaimedQuote;
  owner: string;
  key: string;
  requestHash: string;
  at: Date;
}

/**
 * What a fill found: the answer (filled now, or stored under the key before), or `fallback` when the
 * general path must run (an account does not exist yet: only the general path creates accounts).
 */
export type FillOutcome = AtOnce<ExchangeResult>;

/** The database function's answer for one fill (migration 0015). */
interface FillRow {
  index: number;
  outcome: "filled" | "stored" | "notFound" | "used" | "expired" | "insufficient" | "fallback";
  response: unknown;
  requestHash: string | null;
  detail: string | null;
}

/** A fill ready for the database: the call, its entry's type, and the platform's side of its entry. */
interface Prepared {
  call: FillCall;
  type: string;
  purpose: string;
  shard: number;
  answer: ExchangeResult;
}

/**
 * Fills several quotes in one statement and one commit, with the database function
 * `exchange_fill_together` (migration 0015), in autocommit: for each, the same key and quote checks,
 * booking and stored answer as the general path (`idempotent` + `book`, in ExchangeService.exchange), in
 * the same lock order (key, quote, accounts), writing the key and the quote once each. A fill's refusal
 * writes nothing and leaves the others to go on. The entry is built here by the core, as every entry is,
 * and must have the exchange's one shape (the user's wallet of `from` to the platform's FX account of it,
 * the platform's FX account of `to` to the user's wallet of it, at the quote's terms); a fill of another
 * shape is left to the general path.
 *
 * Each fill answers what the general path would, in the same order: a key used before answers its stored
 * answer (IDEMPOTENCY_CONFLICT when that was another request), then NOT_FOUND, ORDER_STATE_INVALID for a
 * used quote, QUOTE_EXPIRED, INSUFFICIENT_AVAILABLE {available}. A statement that fails as a whole (a key
 * found written by a writer that did not take its lock: none should) fails the batch; alone, its fill falls
 * back to the general path, which answers the key's answer.
 */
export async function fillTogether(db: Db, calls: readonly FillCall[]): Promise<Settled<FillOutcome>[]> {
  const outcomes: Settled<FillOutcome>[] = calls.map(() => ({ value: { fallback: true } }));
  const prepared: { at: number; fill: Prepared }[] = [];
  calls.forEach((call, at) => {
    const fill = prepare(call);
    if (fill) prepared.push({ at, fill });
  });
  if (prepared.length === 0) return outcomes;
  const fills = prepared.map((p) => p.fill);
  const column = <T extends string | number>(pick: (p: Prepared) => T) => arrayLiteral(fills.map(pick));
  const values = [
    column((p) => p.call.owner),
    column((p) => p.call.key),
    column((p) => p.call.requestHash),
    column((p) => p.call.userId),
    column((p) => p.call.quote.id),
    column((p) => p.call.at.toISOString()),
    column((p) => p.call.quote.fromCurrency),
    column((p) => p.call.quote.toCurrency),
    column((p) => p.call.quote.amount),
    column((p) => p.call.quote.receive),
    column((p) => p.type),
    column((p) => p.purpose),
    column((p) => p.shard),
    column((p) => JSON.stringify(p.answer)),
    column((p) => scaleOf(p.call.quote.fromCurrency)),
    column((p) => scaleOf(p.call.quote.toCurrency)),
  ];
  let rows: FillRow[];
  try {
    rows = await runStatement<FillRow>(db, FILL_TOGETHER, values);
  } catch (error) {
    if (calls.length === 1 && keyTaken(error)) return outcomes;
    throw error;
  }
  if (rows.length !== fills.length) throw new Error(`exchange_fill_together answered ${rows.length} rows`);
  for (const row of rows) {
    const { at, fill } = prepared[Number(row.index) - 1] as { at: number; fill: Prepared };
    outcomes[at] = settled(row, fill.call);
  }
  return outcomes;
}

/** The statement of a batch: its arguments are arrays, one element per fill, so its text never changes. */
const FILL_TOGETHER = `select o_index as index, o_outcome as outcome, o_response as response,
    o_hash as "requestHash", o_detail as detail
  from exchange_fill_together($1::text[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::timestamptz[],
    $7::text[], $8::text[], $9::numeric[], $10::numeric[], $11::text[], $12::text[], $13::smallint[],
    $14::jsonb[], $15::int[], $16::int[])`;

/** Fills one quote (a batch of one). */
export async function fillAtOnce(db: Db, call: FillCall): Promise<FillOutcome> {
  const [outcome] = await fillTogether(db, [call]);
  if (!outcome) throw new Error("no outcome");
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}

/** The fill with its entry, when the entry has the exchange's one shape at the quote's terms. */
function prepare(call: FillCall): Prepared | undefined {
  const { userId, quote, at } = call;
  const from = quote.fromCurrency;
  const to = quote.toCurrency;
  const type = exchangeEntryType(from, to);
  const lines = bookingLines(exchange(type, userId, from, quote.amount, to, quote.receive), userId);
  const [pay, paid, given, get] = lines;
  const platform = paid?.purpose;
  const same = (
    line: (typeof lines)[number] | undefined,
    owner: string | null,
    currency: string,
    amount: string,
  ) =>
    line !== undefined &&
    line.userId === owner &&
    line.currency === currency &&
    line.purpose === (owner === null ? platform : "available") &&
    (owner === null || line.shard === 0) &&
    money(line.amount).eq(amount);
  const shaped =
    lines.length === 4 &&
    platform !== undefined &&
    paid?.shard === given?.shard &&
    same(pay, userId, from, money(quote.amount).neg().toFixed()) &&
    same(paid, null, from, quote.amount) &&
    same(given, null, to, money(quote.receive).neg().toFixed()) &&
    same(get, userId, to, quote.receive);
  if (!shaped || !paid) return undefined;
  // The answer with the wallets' balances still to write (the function writes them once it has booked).
  const answer: ExchangeResult = {
    quoteId: quote.id,
    type,
    amount: atScale(quote.amount, from),
    receive: atScale(quote.receive, to),
    wallets: [
      { currency: from as ExchangeResult["wallets"][number]["currency"], available: "" },
      { currency: to as ExchangeResult["wallets"][number]["currency"], available: "" },
    ],
    exchangedAt: at.toISOString(),
  };
  return { call, type, purpose: paid.purpose, shard: paid.shard, answer };
}

/** One fill's outcome from its row: the answer, the stored answer, or its refusal. */
function settled(row: FillRow, call: FillCall): Settled<FillOutcome> {
  const from = call.quote.fromCurrency;
  const answer = () => ({ value: { answer: row.response as ExchangeResult } }); // jsonb: answered parsed
  switch (row.outcome) {
    case "filled":
      return answer();
    case "stored":
      return row.requestHash === call.requestHash
        ? answer()
        : { error: new DomainError("IDEMPOTENCY_CONFLICT") };
    case "notFound":
      return { error: new DomainError("NOT_FOUND") };
    case "used":
      return { error: new DomainError("ORDER_STATE_INVALID") };
    case "expired":
      return { error: new DomainError("QUOTE_EXPIRED") };
    case "insufficient":
      return {
        error: new DomainError("INSUFFICIENT_AVAILABLE", { available: atScale(row.detail ?? "0", from) }),
      };
    default:
      return { value: { fallback: true } };
  }
}

/** A balance as the wallet shows it: at its currency's scale ("990.00", "1491"). */
export const atScale = (amount: string, currency: string) => money(amount).toFixed(scaleOf(currency));
