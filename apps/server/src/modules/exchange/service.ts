import type {
  Currency,
  ExchangeQuote,
  ExchangeQuoteRequest,
  ExchangeRequest,
  ExchangeResult,
} from "@brokerage/api";
import {
  accountKey,
  exchange,
  exchangeEntryType,
  fitsScale,
  quoteExchange,
  toBookedString,
  userAccount,
} from "@brokerage/core";
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { Batcher } from "../../lib/batcher.js";
import { DomainError } from "../../lib/errors.js";
import { book, idempotent, requestHash, userWallets, type CallContext } from "../ledger/index.js";
import { getSettings } from "../settings/service.js";
import type { FxRates } from "./rates.js";
import { atScale, fillTogether, type FillCall, type FillOutcome } from "./fill.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
  rates: FxRates;
}

/**
 * Fills in one batch, and batches at once. With two at once, one batch is written while the next one
 * gathers (measured on the ledger benchmark: one at once left PostgreSQL waiting for the server, three
 * made smaller batches). The cap keeps one batch short, so no fill waits long behind others.
 */
const FILL_BATCHES = { maxSize: 32, inFlight: 2 };

/**
 * Quotes kept in the process for their fill (they never change once made): enough for every quote alive
 * at once at 2,000 quotes a second with the default 30-second life (60,000), at a few hundred bytes each.
 * Expired ones are dropped as new ones come, and the oldest when full; a fill whose quote is not kept
 * reads it from the database.
 */
const MAX_KEPT_QUOTES = 100_000;

/**
 * Currency exchange (DESIGN §4.1, §5 Currencies): a quote at the live mid rate less the disclosed spread,
 * with the fee and the amount received, kept for `exchange.quoteSeconds`; then one fill of it, booked as
 * one ledger entry (the user's `from` wallet → the platform's FX accounts → the user's `to` wallet).
 */
export class ExchangeService {
  /** Quotes this process made, by id, with their owner and expiry: the fill finds them without a read. */
  private readonly kept = new Map<string, { userId: string; expiresAt: Date; quote: repo.ClaimedQuote }>();

  /**
   * Fills go to the database together when they arrive while others are being written (one statement
   * and one commit for a batch): a fill waits for at most the batches already running.
   */
  private readonly fills: Batcher<FillCall, FillOutcome>;

  constructor(private readonly deps: Deps) {
    this.fills = new Batcher((calls) => fillTogether(deps.db, calls), FILL_BATCHES);
  }

  async quote(userId: string, request: ExchangeQuoteRequest): Promise<ExchangeQuote> {
    const { db, clock, rates } = this.deps;
    const { from, to } = request;
    if (!fitsScale(request.amount, from)) throw new DomainError("INVALID_INPUT", { field: "amount" });
    const amount = toBookedString(request.amount, from);
    const at = clock.now();
    const settings = await getSettings(db, ["exchange.spread", "exchange.feeRate", "exchange.quoteSeconds"]);
    const spread = settings["exchange.spread"];
    const feeRate = settings["exchange.feeRate"];
    const mid = rates.mid(from, to, at);
    if (mid === undefined) throw new DomainError("RATE_UNAVAILABLE");
    const math = quoteExchange(amount, from, to, { mid, spread, feeRate });
    if (!math.ok) {
      if (math.reason === "belowMinimum")
        throw new DomainError("BELOW_MIN_AMOUNT", { field: "amount", min: math.min });
      throw new DomainError("RATE_UNAVAILABLE");
    }
    const expiresAt = new Date(at.getTime() + settings["exchange.quoteSeconds"] * 1000);
    const quoteId = await repo.insertQuote(db, {
      userId,
      fromCurrency: from,
      toCurrency: to,
      amount,
      rate: math.rate,
      spread,
      fee: math.fee,
      receive: math.receive,
      expiresAt,
      createdAt: at,
    });
    this.keep(at, quoteId, {
      userId,
      expiresAt,
      quote: { id: quoteId, fromCurrency: from, toCurrency: to, amount, receive: math.receive },
    });
    return {
      quoteId,
      from,
      to,
      amount,
      rate: math.rate,
      midRate: mid,
      spread,
      fee: math.fee,
      feeRate,
      receive: math.receive,
      expiresAt: expiresAt.toISOString(),
      createdAt: at.toISOString(),
    };
  }

  /**
   * Fills the user's quote once (idempotent under the request's key): NOT_FOUND for anyone else's,
   * ORDER_STATE_INVALID when filled already, QUOTE_EXPIRED after its expiry (never at a stale rate),
   * INSUFFICIENT_AVAILABLE {available} when the paying wallet cannot pay. A refusal changes nothing, so
   * the quote can still be filled (before it expires) once the money is there.
   */
  async exchange(userId: string, request: ExchangeRequest): Promise<ExchangeResult> {
    const at = this.deps.clock.now();
    const quote = await this.fillable(userId, request.quoteId, at);
    if (quote) {
      const owner = `user:${userId}`;
      const hash = requestHash({ quoteId: request.quoteId });
      const call = { userId, quote, owner, key: request.idempotencyKey, requestHash: hash, at };
      const outcome = await this.fills.submit(call);
      this.kept.delete(request.quoteId);
      if ("answer" in outcome) return outcome.answer;
    }
    return this.exchangeInSteps(userId, request, at);
  }

  /**
   * The general path of a fill, in steps (`idempotent` + `book`): for a quote that `fillTogether` cannot
   * fill (its user lacks the wallet it pays into, so the account must be created first) or that is not
   * fillable at all (another user's, used, expired: the refusal comes from here, after the key's check).
   */
  private async exchangeInSteps(userId: string, request: ExchangeRequest, at: Date): Promise<ExchangeResult> {
    const { db, clock } = this.deps;
    const call = {
      owner: `user:${userId}`,
      key: request.idempotencyKey,
      request: { quoteId: request.quoteId },
    };
    const ids = { userId, id: request.quoteId };
    // The quote is claimed in the key's own statement (only when the key is claimed too): one round trip.
    const alongside = (claimed: SQL) => repo.claimQuoteSql({ ...ids, at }, claimed);
    const fill = async (tx: Db, { atEnd, alongside: row }: CallContext) => {
      const quote = repo.claimedQuote(row);
      if (!quote) {
        const existing = await repo.findQuote(tx, ids);
        if (!existing) throw new DomainError("NOT_FOUND");
        throw new DomainError(existing.usedAt ? "ORDER_STATE_INVALID" : "QUOTE_EXPIRED");
      }
      const from = quote.fromCurrency;
      const to = quote.toCurrency;
      const type = exchangeEntryType(from, to);
      const short = new DomainError("INSUFFICIENT_AVAILABLE");
      const booked = await book(tx, {
        entry: exchange(type, userId, from, quote.amount, to, quote.receive),
        userId,
        reference: `exchange:${quote.id}`,
        idempotencyKey: request.idempotencyKey,
        cause: { by: "user" },
        at,
        insufficient: () => short,
      }).catch(async (error: unknown) => {
        if (error !== short) throw error;
        const wallet = (await userWallets(tx, userId)).find((w) => w.currency === from);
        throw new DomainError("INSUFFICIENT_AVAILABLE", {
          available: atScale(wallet?.available ?? "0", from),
        });
      });
      atEnd(repo.setQuoteEntrySql(quote.id, booked.entryId));
      const after = (currency: string) => {
        const balance = booked.balances.get(accountKey(userAccount(userId, currency)));
        if (balance === undefined) throw new Error(`no balance of ${currency} after the exchange`);
        return { currency: currency as Currency, available: atScale(balance, currency) };
      };
      return {
        quoteId: quote.id,
        type,
        amount: atScale(quote.amount, from),
        receive: atScale(quote.receive, to),
        wallets: [after(from), after(to)],
        exchangedAt: at.toISOString(),
      };
    };
    return idempotent(db, clock, call, fill, { alongside });
  }

  /** The user's quote if it may be filled now (from this process's quotes, else read), else undefined. */
  private async fillable(userId: string, id: string, at: Date): Promise<repo.ClaimedQuote | undefined> {
    const kept = this.kept.get(id);
    if (kept) return kept.userId === userId && kept.expiresAt > at ? kept.quote : undefined;
    const row = await repo.findQuote(this.deps.db, { userId, id });
    if (!row || row.usedAt || row.expiresAt <= at) return undefined;
    return {
      id: row.id,
      fromCurrency: row.fromCurrency,
      toCurrency: row.toCurrency,
      amount: row.amount,
      receive: row.receive,
    };
  }

  private keep(
    at: Date,
    id: string,
    quote: { userId: string; expiresAt: Date; quote: repo.ClaimedQuote },
  ): void {
    // Oldest first (a Map iterates in insertion order): the expired, then the oldest while full.
    for (const [oldId, old] of this.kept) {
      if (old.expiresAt > at && this.kept.size < MAX_KEPT_QUOTES) break;
      this.kept.delete(oldId);
    }
    this.kept.set(id, quote);
  }
}
