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
  money,
  quoteExchange,
  scaleOf,
  toBookedString,
  userAccount,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { DomainError } from "../../lib/errors.js";
import { MoneyCalls, type Booked, type MoneyCall, type MoneyFeature } from "../ledger/index.js";
import { getSettings } from "../settings/index.js";
import type { FxRates } from "./rates.js";
import * as repo from "./repository.js";
import type { LockedQuote } from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
  rates: FxRates;
}

/**
 * Fills in one batch, and batches at once. With two at once, one batch is written while the next one
 * gathers. The cap keeps one batch short, so no fill waits long behind others.
 */
const FILL_BATCHES = { maxSize: 32, inFlight: 2 };

/** One fill as the ledger's money calls take it: the quote it fills. */
interface FillCall extends MoneyCall {
  quoteId: string;
}

/** What a fill's write needs: the quote as it was made. */
type FillPlan = LockedQuote;

/** A balance as the wallet shows it: at its currency's scale ("990.00", "1491"). */
export const atScale = (amount: string, currency: string) => money(amount).toFixed(scaleOf(currency));

/**
 * Currency exchange (DESIGN §4.1, §5 Currencies): a quote at the live mid rate less the disclosed spread,
 * with the fee and the amount received, kept for `exchange.quoteSeconds`; then one fill of it, booked as
 * one ledger entry (the user's `from` wallet → the platform's FX accounts → the user's `to` wallet).
 */
export class ExchangeService {
  /** Fills go through the ledger's one write path for money calls, batched. */
  private readonly fills: MoneyCalls<FillCall, FillPlan, ExchangeResult>;

  constructor(private readonly deps: Deps) {
    this.fills = new MoneyCalls(deps.db, fillFeature, FILL_BATCHES);
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
   * Fills the user's quote once (idempotent under the request's key): refused for an account that is
   * disabled or frozen, NOT_FOUND for anyone else's quote, ORDER_STATE_INVALID when filled already,
   * QUOTE_EXPIRED after its expiry (never at a stale rate), INSUFFICIENT_AVAILABLE {available} when the
   * paying wallet cannot pay. A refusal changes nothing, so the quote can still be filled (before it
   * expires) once the money is there.
   */
  async exchange(userId: string, request: ExchangeRequest): Promise<ExchangeResult> {
    return this.fills.submit({
      owner: `user:${userId}`,
      key: request.idempotencyKey,
      request: { quoteId: request.quoteId },
      userId,
      at: this.deps.clock.now(),
      needs: {},
      quoteId: request.quoteId,
    });
  }
}

/** The exchange's part of its money calls: the quotes checked and locked, then marked filled. */
const fillFeature: MoneyFeature<FillCall, FillPlan, ExchangeResult> = {
  // The quotes locked with the claim.
  prepare: (calls) => [repo.lockQuotesSql(calls.map((c) => c.quoteId))],
  async plan(_tx, calls, [rows = []]) {
    const quotes = new Map(repo.lockedQuotes(rows).map((q) => [q.id, q]));
    const taken = new Set<string>();
    return calls.map((call) => {
      const quote = quotes.get(call.quoteId);
      if (!quote || quote.userId !== call.userId) return { error: new DomainError("NOT_FOUND") };
      if (quote.usedAt) return { error: new DomainError("ORDER_STATE_INVALID") };
      if (taken.has(quote.id)) return { error: new DomainError("ORDER_STATE_INVALID"), counted: true };
      if (quote.expiresAt <= call.at) return { error: new DomainError("QUOTE_EXPIRED") };
      taken.add(quote.id);
      const type = exchangeEntryType(quote.fromCurrency, quote.toCurrency);
      const entry = exchange(
        type,
        call.userId,
        quote.fromCurrency,
        quote.amount,
        quote.toCurrency,
        quote.receive,
      );
      return {
        value: { entries: [entry], reference: `exchange:${quote.id}`, cause: { by: "user" }, plan: quote },
      };
    });
  },

  write(booked) {
    const statements = [
      repo.markFilledSql(
        booked.map(({ call, planned, entries }) => ({
          id: planned.plan.id,
          at: call.at,
          entryId: (entries[0] as Booked).entryId,
        })),
      ),
    ];
    const answers = booked.map(({ call, planned, entries }) => {
      const quote = planned.plan;
      const from = quote.fromCurrency;
      const to = quote.toCurrency;
      const balances = (entries[0] as Booked).balances;
      const after = (currency: string) => {
        const balance = balances.get(accountKey(userAccount(call.userId, currency)));
        if (balance === undefined) throw new Error(`no balance of ${currency} after the exchange`);
        return { currency: currency as Currency, available: atScale(balance, currency) };
      };
      return {
        quoteId: quote.id,
        type: exchangeEntryType(from, to),
        amount: atScale(quote.amount, from),
        receive: atScale(quote.receive, to),
        wallets: [after(from), after(to)],
        exchangedAt: call.at.toISOString(),
      };
    });
    return { statements, answers };
  },

  // One entry: the exchange.
  maxEntries: 1,

  short(call, planned, _entry, available) {
    return new DomainError("INSUFFICIENT_AVAILABLE", {
      available: atScale(available, planned.plan.fromCurrency),
    });
  },
};
