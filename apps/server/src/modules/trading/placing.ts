import { randomUUID } from "node:crypto";
import type { OrderDraft, OrderPreview, PlaceOrderRequest, TradeOrder } from "@brokerage/api";
import {
  holdEntries,
  isOpen,
  lockedUntil as lockEnd,
  money,
  openEntries,
  closeCost,
  orderCost,
  quantityText,
  scaleOf,
  toBookedString,
  type ExchangeCode,
  type Money,
  type TradingMarketConfig,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import { checkWithinAllowance, lockedAllowance } from "../day-trading/index.js";
import {
  availableOf,
  MoneyCalls,
  type Booked,
  type MoneyCall,
  type MoneyFeature,
  type Planned,
  type PlanOutcome,
} from "../ledger/index.js";
import { referenceOf } from "./money.js";
import { dayClose, instrumentOf, isCurrent, isTradable, tradingConfig } from "./pricing.js";
import * as repo from "./repository.js";
import { checkTerms, orderPrice, rule } from "./rules.js";
import { changeOf, type TradingDeps } from "./changes.js";
import { toTradeOrder } from "./view.js";

/**
 * Placing orders (DESIGN §4.1 "Trading", §5 "Orders and positions"): the preview, and the order placed as
 * a money call through the ledger's one write path, batched with the orders arriving meanwhile.
 */

/** An order's row about to be written (its id chosen here, its sequence number reserved). */
type OrderRow = repo.NewOrder & { id: string; seq: number };
/** An order priced and checked against the market's terms (OrderPlacing.price). */
type Priced = Awaited<ReturnType<OrderPlacing["price"]>>;

/** An order to place, as the ledger's money calls take it: its draft, priced (or the pricing's refusal). */
interface OrderCall extends MoneyCall {
  draft: OrderDraft;
  priced: Priced | DomainError;
}

/** What placing an order writes once its money is booked: its row, which column links the entry, the answer. */
interface OrderPlan {
  values: OrderRow;
  entryColumn: "openEntryId" | "holdEntryId";
  answer: TradeOrder;
}

/**
 * Orders in one batch, and batches at once: one at once, so that while one batch is written the server
 * takes the next orders in and the batches come out larger (docs/benchmarks.md, orders).
 */
const PLACE_BATCHES = { maxSize: 32, inFlight: 1 };

/** Until when a position opened `at` is locked: never for a day trade (closed at the market's close instead). */
export function lockFor(
  dayTrade: boolean | undefined,
  at: Date,
  config: TradingMarketConfig,
  exchange: ExchangeCode,
): Date | null {
  const locked = dayTrade ? null : lockEnd(at, config.lock, exchange);
  return locked === null ? null : new Date(locked);
}

export class OrderPlacing {
  private readonly placing: MoneyCalls<OrderCall, OrderPlan, TradeOrder>;
  constructor(private readonly deps: TradingDeps) {
    this.placing = new MoneyCalls(deps.db, this.placingFeature(), PLACE_BATCHES);
  }

  /** What the guards compare: the order's price and notional, the market's price now. */
  private static guarded(priced: Priced) {
    return {
      price: priced.price,
      marketPrice: priced.marketPrice,
      notional: priced.cost.notional,
      currency: priced.instrument.currency,
    };
  }

  /** What the order would cost now, priced exactly as `placeOrder` books it; nothing changes. */
  async preview(userId: string, draft: OrderDraft): Promise<OrderPreview> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const priced = await this.price(db, draft, at, "preview");
    const { instrument, config, cost } = priced;
    const locked = lockFor(draft.dayTrade, at, config, instrument.exchange);
    return {
      symbol: instrument.symbol,
      exchange: instrument.exchange,
      name: instrument.name,
      currency: instrument.currency,
      price: priced.price,
      quantity: quantityText(draft.quantity),
      leverage: draft.leverage,
      notional: cost.notional,
      margin: cost.margin,
      fee: cost.fee,
      charges: cost.charges,
      closeCharges: closeCost(
        { quantity: draft.quantity, currency: instrument.currency, direction: draft.direction },
        priced.price,
        config,
      ).charges,
      total: cost.total,
      available: await availableOf(db, userId, instrument.currency),
      feeRate: config.feeRate,
      lockedUntil: locked?.toISOString() ?? null,
      liquidationShare: config.liquidationShare,
      marketOpen: priced.marketOpen,
      warnings: (await this.deps.guards?.warnings(userId, draft, OrderPlacing.guarded(priced))) ?? [],
    };
  }

  /**
   * Places an order under its idempotency key, every check in the fixed order (see rules.ts), in one
   * transaction with its money, through the ledger's one write path for money calls (batched with the
   * orders arriving meanwhile): a market order fills at once at the current price (margin and fee leave
   * available, the position opens, locked per the market's rule); a limit order holds its margin and fee at
   * the limit and waits (`pending`) until the engine fills it, it is cancelled, or it expires at the close.
   */
  async placeOrder(userId: string, request: PlaceOrderRequest): Promise<TradeOrder> {
    const { db, clock } = this.deps;
    const { idempotencyKey, ...draft } = request;
    const at = clock.now();
    // Priced before the transaction (the market is in memory; the terms are a read of their own): its
    // refusal, if any, is told in its place among the checks, after the account's.
    // So are the user's own protections and the fat-finger guards (modules/risk protection.ts): the kill
    // switch, the acknowledged risk warning of a leveraged order, the daily loss limits, an unusual order.
    const priced = await this.price(db, draft, at, "place")
      .then(async (ok) => {
        await this.deps.guards?.checkNewOrder(userId, draft, OrderPlacing.guarded(ok));
        return ok;
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError) return error;
        throw error;
      });
    const order = await this.placing.submit({
      owner: `user:${userId}`,
      key: idempotencyKey,
      request: draft,
      userId,
      at,
      needs: { trade: true, fundPassword: true },
      draft,
      priced,
    });
    this.changed(order);
    return order;
  }

  /** Trading's part of placing orders as money calls: the checks that are its own, then the rows. */
  private placingFeature(): MoneyFeature<OrderCall, OrderPlan, TradeOrder> {
    return {
      // Each order's sequence number (so its order number) reserved with the claim.
      prepare: (calls) => [repo.reserveOrderSeqsSql(calls.length)],
      plan: async (tx, calls, [reserved = []]) => {
        const seqs = reserved.map((r) => Number(r.seq)).sort((a, b) => a - b);
        if (seqs.length < calls.length) throw new Error(`reserved ${seqs.length} order numbers`);
        // Day trades of one user in one batch share the allowance: each counts the margins planned before it.
        const planned = new Map<string, Money>();
        const plans: PlanOutcome<OrderPlan>[] = [];
        for (const [k, call] of calls.entries()) {
          try {
            plans.push({ value: await this.planOrder(tx, call, seqs[k] as number, planned) });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            // Refused for an allowance that counted the user's day trades planned before it.
            const counted = error.code === "DAY_TRADE_ALLOWANCE_EXCEEDED" && planned.has(call.userId);
            plans.push({ error, counted });
          }
        }
        return plans;
      },
      write: (booked) => ({
        statements: [
          repo.insertOrdersSql(
            booked.map(({ planned, entries }) => ({
              ...planned.plan.values,
              [planned.plan.entryColumn]: (entries[0] as Booked).entryId,
            })),
          ),
        ],
        answers: booked.map(({ planned }) => planned.plan.answer),
      }),
      // The margin, the fee and the stamp duty (openEntries).
      maxEntries: 3,
      short: (call, planned, _entry, available) =>
        new DomainError("INSUFFICIENT_AVAILABLE", {
          available: toBookedString(available, planned.plan.values.currency),
        }),
    };
  }

  /**
   * One order's own checks, after the account's: a day trade needs an approved day-trading application
   * (its row locked: the user's day trades are checked one after the other) and its margin within what
   * remains of it; then the pricing's refusal, if any. Answers what placing it books.
   */
  private async planOrder(
    tx: Db,
    call: OrderCall,
    seq: number,
    dayTrades: Map<string, Money>,
  ): Promise<Planned<OrderPlan>> {
    const { draft, priced, userId } = call;
    const allowance = draft.dayTrade ? await lockedAllowance(tx, userId) : undefined;
    if (priced instanceof DomainError) throw priced;
    if (allowance) {
      const before = dayTrades.get(userId) ?? money(0);
      const left = money(allowance.remaining).minus(before);
      const remaining = toBookedString(left.isNegative() ? money(0) : left, allowance.currency);
      checkWithinAllowance({ ...allowance, remaining }, priced.instrument.currency, priced.cost.margin);
      dayTrades.set(userId, before.plus(priced.cost.margin));
    }
    const values = { ...this.newOrder(userId, draft, priced, call.at), seq };
    const { entryColumn, entries, answer } = this.booked(userId, values, priced);
    return {
      entries,
      reference: referenceOf(values.id),
      cause: { by: "user" },
      plan: { values, entryColumn, answer },
    };
  }

  /**
   * What placing `values` books, and the answer: a market order's margin and fee
   * (the position opens), a limit order's hold of both (it waits).
   */
  private booked(userId: string, values: OrderRow, priced: Priced) {
    const { instrument, cost, price } = priced;
    const filled = values.state === "open";
    const entryColumn = filled ? ("openEntryId" as const) : ("holdEntryId" as const);
    const entries = filled
      ? openEntries(userId, instrument.currency, cost)
      : holdEntries(userId, instrument.currency, cost);
    const answer = toTradeOrder(
      repo.insertedOrder(values, { seq: values.seq, orderNo: repo.orderNoOf(values.seq) }),
      this.deps.market,
      filled ? price : undefined,
    );
    return { entryColumn, entries, answer };
  }

  /**
   * The row of an order about to be placed: a market order fills at once at the current price (the
   * position opens, locked per the market's rule; a day trade is not locked), a limit order holds its
   * margin and fee at the limit and waits (`pending`) until the engine fills it, it is cancelled, or it
   * expires at the market's close.
   */
  private newOrder(userId: string, draft: OrderDraft, priced: Priced, at: Date): Omit<OrderRow, "seq"> {
    const { instrument, config, cost, price } = priced;
    const common = {
      id: randomUUID(),
      userId,
      kind: draft.dayTrade ? ("dayTrade" as const) : ("normal" as const),
      symbol: instrument.symbol,
      exchange: instrument.exchange,
      market: instrument.market,
      currency: instrument.currency,
      direction: draft.direction,
      priceType: draft.priceType,
      quantity: quantityText(draft.quantity),
      leverage: draft.leverage,
      stopLoss: draft.stopLoss ?? null,
      takeProfit: draft.takeProfit ?? null,
      margin: cost.margin,
      openFee: cost.fee,
      openCharges: JSON.stringify(cost.charges),
      createdAt: at,
    };
    if (draft.priceType === "market")
      return {
        ...common,
        state: "open",
        openedAt: at,
        openPrice: price,
        lockedUntil: lockFor(draft.dayTrade, at, config, instrument.exchange),
      };
    return {
      ...common,
      state: "pending",
      limitPrice: price,
      expiresAt: new Date(dayClose(instrument.exchange, at)),
    };
  }

  /**
   * Prices and checks an order: the instrument, the market hours (placing only), a fresh price (placing:
   * tradable now; preview: current, so the form can be filled in while the market is shut), the terms and
   * the cost.
   */
  private async price(handle: Db, draft: OrderDraft, at: Date, purpose: "preview" | "place") {
    const { market } = this.deps;
    const instrument = instrumentOf(market, draft.symbol, draft.exchange);
    const marketOpen = isOpen(instrument.exchange, at);
    if (purpose === "place" && !marketOpen) throw new DomainError("NON_TRADING_HOURS");
    const quote = market.quote(instrument.symbol, at);
    const fresh = quote !== undefined && (purpose === "place" ? isTradable(quote, at) : isCurrent(quote, at));
    if (!quote || !fresh) throw new DomainError("PRICE_UNAVAILABLE");
    const price = orderPrice(draft, quote);
    const config = await tradingConfig(handle, instrument.market);
    // Parsed once: the terms, the cost and the row all take the price as this one number.
    const exactPrice = money(price);
    checkTerms(draft, exactPrice, quote, instrument, config);
    const cost = rule(() =>
      orderCost({ ...draft, price: exactPrice, currency: instrument.currency }, config),
    );
    // A price so small that the margin rounds to nothing would open a position for free.
    if (!money(cost.margin).greaterThan(0))
      throw new DomainError("BELOW_MIN_AMOUNT", {
        field: "quantity",
        min: money(1)
          .div(money(10).pow(scaleOf(instrument.currency)))
          .toFixed(),
      });
    return { instrument, price: exactPrice.toFixed(), marketPrice: quote.close, config, cost, marketOpen };
  }

  private changed(order: TradeOrder): void {
    this.deps.notify?.(changeOf(order));
  }
}
