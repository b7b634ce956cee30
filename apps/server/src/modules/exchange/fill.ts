import type { ExchangeResult } from "@brokerage/api";
import { exchange, exchangeEntryType, money, scaleOf } from "@brokerage/core";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import { callAtOnce, type AtOnce } from "../ledger/at-once.js";
import { bookingLines } from "../ledger/book.js";
import { arrayLiteral } from "../ledger/repository.js";
import { settlement } from "../ledger/keys.js";
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
 * What `fillAtOnce` found: the answer (filled now, or stored under the key before), or `fallback` when
 * the general path must run (an account does not exist yet: only the general path creates accounts).
 */
export type FillOutcome = AtOnce<ExchangeResult>;

/**
 * Fills a quote in one round trip, with the database function `exchange_fill` (migrations 0008, 0011) in
 * autocommit: the same key and quote checks, booking, settlement and stored answer as the general path
 * (`idempotent` + `book`, in ExchangeService.exchange), in the same lock order (key, quote, accounts), as
 * one statement, writing the key and the quote once each; a refusal raises and PostgreSQL rolls the whole
 * statement back. The entry is built here by the core, as every entry is; the function only writes the
 * users' balances after it into the answer (the `wallets` of `ExchangeResult`).
 *
 * It answers the same refusals the general path does, in the same order: a key used before answers its
 * stored answer (IDEMPOTENCY_CONFLICT when that was another request), then NOT_FOUND, ORDER_STATE_INVALID
 * for a used quote, QUOTE_EXPIRED, INSUFFICIENT_AVAILABLE {available}.
 */
export async function fillAtOnce(db: Db, call: FillCall): Promise<FillOutcome> {
  const { userId, quote, at } = call;
  const from = quote.fromCurrency;
  const to = quote.toCurrency;
  const type = exchangeEntryType(from, to);
  const entry = exchange(type, userId, from, quote.amount, to, quote.receive);
  const lines = bookingLines(entry, userId);
  const platform = lines.filter((l) => l.userId === null);
  const { accounts, lineAccounts } = settlement(platform);
  const walletLine = (currency: string) =>
    lines.findIndex((l) => l.userId === userId && l.purpose === "available" && l.currency === currency) + 1;
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
  const statement = sql`select o_outcome as outcome, o_response as response, o_hash as "requestHash"
    from exchange_fill(
      ${call.owner}::text, ${call.key}::text, ${call.requestHash}::text, ${userId}::uuid, ${quote.id}::uuid,
      ${at.toISOString()}::timestamptz, ${from}::text, ${to}::text, ${quote.amount}::numeric,
      ${quote.receive}::numeric,
      ${arrayLiteral(lines.map((l) => l.userId))}::uuid[],
      ${arrayLiteral(lines.map((l) => l.purpose))}::text[],
      ${arrayLiteral(lines.map((l) => l.currency))}::text[],
      ${arrayLiteral(lines.map((l) => l.shard))}::smallint[],
      ${arrayLiteral(lines.map((l) => l.amount))}::numeric[],
      ${type}::text, ${`exchange:${quote.id}`}::text,
      ${accounts},
      ${arrayLiteral(lineAccounts)}::int[],
      ${arrayLiteral(platform.map((l) => l.amount))}::numeric[],
      ${JSON.stringify(answer)}::jsonb,
      ${arrayLiteral([walletLine(from), walletLine(to)])}::int[],
      ${arrayLiteral([scaleOf(from), scaleOf(to)])}::int[])`;
  return callAtOnce<ExchangeResult>(
    db,
    statement,
    { name: "exchange_fill", requestHash: call.requestHash },
    (reason, detail) => {
      switch (reason) {
        case "notFound":
          return new DomainError("NOT_FOUND");
        case "used":
          return new DomainError("ORDER_STATE_INVALID");
        case "expired":
          return new DomainError("QUOTE_EXPIRED");
        case "insufficient":
          return new DomainError("INSUFFICIENT_AVAILABLE", { available: atScale(detail ?? "0", from) });
        default:
          return "fallback";
      }
    },
  );
}

/** A balance as the wallet shows it: at its currency's scale ("990.00", "1491"). */
export const atScale = (amount: string, currency: string) => money(amount).toFixed(scaleOf(currency));
