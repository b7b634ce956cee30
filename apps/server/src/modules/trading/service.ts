import { randomUUID } from "node:crypto";
import {
  TRADE_PAGE_SIZE,
  type CloseReason,
  type ClosePositionRequest,
  type InventoryItem,
  type MessageKind,
  type OrderDraft,
  type OrderPreview,
  type OrderState,
  type PlaceOrderRequest,
  type SetStopsRequest,
  type TradeOrder,
  type TradeOrderPage,
  type TradeOrdersRequest,
  type TradePositionsRequest,
} from "@brokerage/api";
import {
  assertTransition,
  fillEntries,
  holdEntries,
  isOpen,
  lockedUntil as lockEnd,
  money,
  nextOpen,
  openEntries,
  orderCost,
  PRICE_DECIMALS,
  scaleOf,
  toBookedString,
  type ExchangeCode,
  type MarketCode,
  type MarketDataProvider,
  type Money,
  type TradingMarketConfig,
} from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import type { Settled } from "../../lib/batcher.js";
import { DomainError } from "../../lib/errors.js";
import { checkWithinAllowance, lockedAllowance } from "../day-trading/allowance.js";
import {
  idempotent,
  MoneyCalls,
  type Booked,
  type MoneyCall,
  type MoneyFeature,
  type Planned,
} from "../ledger/index.js";
import { MessageService } from "../messages/service.js";
import { availableOf, bookAll, heldOf, referenceOf, releaseHold, settle } from "./money.js";
import { currentPrice, dayClose, instrumentOf, isCurrent, isTradable, tradingConfig } from "./pricing.js";
import * as repo from "./repository.js";
import { checkStops, checkTerms, orderPrice, rule } from "./rules.js";
import { decimalsOf, inventoryOf, toTradeOrder } from "./view.js";

/** An order's row about to be written (its id chosen here). */
type OrderRow = repo.NewOrder & { id: string };
/** An order priced and checked against the market's terms (TradingService.price). */
type Priced = Awaited<ReturnType<TradingService["price"]>>;

/** An order to place, as the ledger's money calls take it: its draft, priced (or the pricing's refusal). */
interface OrderCall extends MoneyCall {
  draft: OrderDraft;
  priced: Priced | DomainError;
}

/** What placing an order writes once its money is booked: its row, which column links the entry, the answer. */
interface OrderPlan {
  values: OrderRow;
  entryColumn: "openEntryId" | "holdEntryId";
  /** The answer, but its order number (the database gives it). */
  answer: TradeOrder;
}

/** What changed, told after the commit: the matching engine keeps its book in step with it. */
export interface TradeChange {
  orderId: string;
  symbol: string;
  state: OrderState;
}

interface Deps {
  db: Db;
  clock: Clock;
  market: MarketDataProvider;
  /** Called after each committed change of an order (placed, filled, cancelled, stops set, closed …). */
  notify?: (change: TradeChange) => void;
}

const ORDER_TABS: Record<TradeOrdersRequest["tab"], OrderState[]> = {
  purchase: ["pending", "review"],
  finished: ["closed", "cancelled", "expired", "declined"],
};
const POSITION_MARKETS: Record<TradePositionsRequest["tab"], string[] | undefined> = {
  inProgress: undefined,
  crypto: ["CRYPTO"],
  forex: ["FX"],
};
/** The message a position closed by the system tells its owner, by close reason. */
const CLOSE_MESSAGES: Partial<Record<CloseReason, MessageKind>> = {
  dayEnd: "dayTradeClosed",
  liquidation: "positionLiquidated",
  stopLoss: "stopLossTriggered",
  takeProfit: "takeProfitTriggered",
};
/**
 * Orders in one batch, and batches at once. One at once, unlike exchange fills (exchange/service.ts
 * FILL_BATCHES): an order costs the server about half as much again as a fill, so while one batch is
 * written the server is still busy taking the next orders in, and the batches come out twice as large
 * (about 4 orders instead of 2 at 8 clients on the orders benchmark; PostgreSQL's CPU per order 0.56–0.74
 * ms with two at once, 0.40–0.52 ms with one, measured on 2026-11-28).
 */
const PLACE_BATCHES = { maxSize: 32, inFlight: 1 };

const ordersCursor = seqCursor("trade", BIGINT_SEQ_MAX);
const positionsCursor = seqCursor("position", BIGINT_SEQ_MAX);

/** A price the engine gives: above 0 and within the book's decimals. */
function enginePrice(price: string): string {
  const p = money(price);
  if (!p.isFinite() || !p.greaterThan(0)) throw new DomainError("PRICE_NOT_POSITIVE", { field: "price" });
  if (p.decimalPlaces() > PRICE_DECIMALS) throw new DomainError("INVALID_INPUT", { field: "price" });
  return p.toFixed();
}

/** What a close's message names: the order, the instrument, the price and the realised P&L. */
const closedParams = (order: TradeOrder): Record<string, string> => ({
  orderNo: order.orderNo,
  symbol: order.symbol,
  name: order.name,
  quantity: String(order.quantity),
  closePrice: order.closePrice ?? "",
  pnl: order.pnl ?? "",
  currency: order.currency,
});

/** Until when a position opened `at` is locked: never for a day trade (closed at the market's close instead). */
function lockFor(
  dayTrade: boolean | undefined,
  at: Date,
  config: TradingMarketConfig,
  exchange: ExchangeCode,
): Date | null {
  const locked = dayTrade ? null : lockEnd(at, config.lock, exchange);
  return locked === null ? null : new Date(locked);
}

/**
 * Trading (DESIGN §4.1 "Trading", §5 "Orders and positions"): preview and place orders, cancel, close,
 * stops, the lists; and the plain methods the matching engine calls (`fillOrder`, `closePosition`,
 * `expireOrder`, each in its own transaction, and the live rows to rebuild its book from). Money moves only
 * through the ledger (`book`), in the transaction that changes the order's state; every state change is an
 * UPDATE guarded on the state it leaves, on a row locked for the transaction.
 */
export class TradingService {
  /**
   * Priced orders go to the database together when they arrive while others are being written (one
   * statement and one commit for a batch): an order waits for at most the batches already running.
   */
  private readonly placing: MoneyCalls<OrderCall, OrderPlan, TradeOrder>;

  constructor(private readonly deps: Deps) {
    this.placing = new MoneyCalls(deps.db, this.placingFeature(), PLACE_BATCHES);
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
      quantity: draft.quantity,
      leverage: draft.leverage,
      notional: cost.notional,
      margin: cost.margin,
      fee: cost.fee,
      total: cost.total,
      available: await availableOf(db, userId, instrument.currency),
      feeRate: config.feeRate,
      stampDutyRate: config.stampDutyRate,
      lockedUntil: locked?.toISOString() ?? null,
      liquidationShare: config.liquidationShare,
      marketOpen: priced.marketOpen,
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
    const priced = await this.price(db, draft, at, "place").catch((error: unknown) => {
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
      plan: async (tx, calls) => {
        // Day trades of one user in one batch share the allowance: each counts the margins planned before it.
        const planned = new Map<string, Money>();
        const plans: Settled<Planned<OrderPlan>>[] = [];
        for (const call of calls) {
          try {
            plans.push({ value: await this.planOrder(tx, call, planned) });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            plans.push({ error });
          }
        }
        return plans;
      },
      write: async (tx, booked) => {
        const rows = booked.map(({ planned, entries }) => ({
          ...planned.plan.values,
          [planned.plan.entryColumn]: (entries[0] as Booked).entryId,
        }));
        const numbers = await repo.insertOrders(tx, rows);
        return booked.map(({ planned }) => {
          const written = numbers.get(planned.plan.values.id);
          if (!written) throw new Error("a placed order was not written");
          return { ...planned.plan.answer, orderNo: written.orderNo };
        });
      },
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
    const values = this.newOrder(userId, draft, priced, call.at);
    const { entryColumn, entries, answer } = this.booked(userId, values, priced);
    return {
      entries,
      reference: referenceOf(values.id),
      cause: { by: "user" },
      plan: { values, entryColumn, answer },
    };
  }

  /**
   * What placing `values` books, and the answer but for its order number: a market order's margin and fee
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
      repo.insertedOrder(values, { seq: 0, orderNo: "" }),
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
  private newOrder(userId: string, draft: OrderDraft, priced: Priced, at: Date): OrderRow {
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
      quantity: draft.quantity,
      leverage: draft.leverage,
      stopLoss: draft.stopLoss ?? null,
      takeProfit: draft.takeProfit ?? null,
      margin: cost.margin,
      openFee: cost.fee,
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

  /** Cancels the user's pending order and gives back everything it held, at once. */
  async cancelOrder(userId: string, orderId: string): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await this.locked(tx, orderId, userId);
      rule(() => assertTransition(row.state, "cancel"));
      return toTradeOrder(await releaseHold(tx, row, "cancelled", { by: "user" }, clock.now()), market);
    });
    this.changed(order);
    return order;
  }

  /**
   * The owner closes a position (idempotent under the request's key): refused while locked (SELL_LOCKED
   * {until}); while the market trades it closes now at the current price; while it is shut the position
   * waits as `closing` and the engine closes it at the next open (a lock that lifts by then does not
   * refuse it).
   */
  async requestClose(userId: string, request: ClosePositionRequest): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const call = {
      owner: `user:${userId}`,
      key: request.idempotencyKey,
      request: { positionId: request.positionId },
    };
    const order = await idempotent(db, clock, call, async (tx) => {
      const row = await this.locked(tx, request.positionId, userId);
      const at = clock.now();
      const exchange = row.exchange as ExchangeCode;
      const marketOpen = isOpen(exchange, at);
      const next = rule(() =>
        assertTransition(row.state, "requestClose", {
          marketOpen,
          lockedUntil: row.lockedUntil?.getTime() ?? null,
          at: marketOpen ? at.getTime() : nextOpen(exchange, at),
        }),
      );
      if (next === "closing") {
        const waiting = await repo.transition(tx, {
          id: row.id,
          from: "open",
          to: "closing",
          changes: { closeRequestedAt: at },
        });
        if (!waiting) throw new DomainError("ORDER_STATE_INVALID");
        return toTradeOrder(waiting, market, currentPrice(market, row.symbol, at));
      }
      const quote = market.quote(row.symbol, at);
      if (!quote || !isTradable(quote, at)) throw new DomainError("PRICE_UNAVAILABLE");
      const closed = await settle(
        tx,
        row,
        { price: quote.close, reason: "user", cause: { by: "user" }, at },
        request.idempotencyKey,
      );
      return toTradeOrder(closed, market);
    });
    this.changed(order);
    return order;
  }

  /**
   * Sets or removes (null) the stop-loss and take-profit of the user's pending order or open position,
   * each on its side of the reference price: the limit of a pending order, the current price of a position.
   */
  async setStops(userId: string, request: SetStopsRequest): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const at = clock.now();
    const row = await repo.findOrder(db, { id: request.positionId, userId });
    if (!row) throw new DomainError("NOT_FOUND");
    if (row.state !== "pending" && row.state !== "open") throw new DomainError("ORDER_STATE_INVALID");
    const price = row.state === "open" ? currentPrice(market, row.symbol, at) : undefined;
    const reference = row.state === "pending" ? row.limitPrice : price;
    if (reference === null || reference === undefined) throw new DomainError("PRICE_UNAVAILABLE");
    // The position's own instrument, whatever its board now (a new share opened at listing included).
    const decimals = decimalsOf(market, row);
    for (const field of ["stopLoss", "takeProfit"] as const) {
      const value = request[field];
      if (value !== null && money(value).decimalPlaces() > decimals)
        throw new DomainError("INVALID_INPUT", { field });
    }
    checkStops(row.direction, reference, request);
    const changed = await repo.setStops(db, {
      id: row.id,
      userId,
      state: row.state,
      stopLoss: request.stopLoss,
      takeProfit: request.takeProfit,
    });
    if (!changed) throw new DomainError("ORDER_STATE_INVALID");
    const order = toTradeOrder(changed, market, price);
    this.changed(order);
    return order;
  }

  /** The user's orders of a tab (purchase: waiting; finished: ended), newest first. */
  async orders(userId: string, request: TradeOrdersRequest): Promise<TradeOrderPage> {
    const { db, market } = this.deps;
    const beforeSeq = request.cursor === undefined ? undefined : ordersCursor.decode(request.cursor);
    const rows = await repo.listPage(db, {
      userId,
      states: ORDER_TABS[request.tab],
      beforeSeq,
      limit: TRADE_PAGE_SIZE + 1,
    });
    return this.page(rows, ordersCursor, (row) => toTradeOrder(row, market));
  }

  /** The user's open positions (all, crypto or forex), newest first, valued at the current price. */
  async positions(userId: string, request: TradePositionsRequest): Promise<TradeOrderPage> {
    const { db, market, clock } = this.deps;
    const beforeSeq = request.cursor === undefined ? undefined : positionsCursor.decode(request.cursor);
    const rows = await repo.listPage(db, {
      userId,
      states: ["open", "closing"],
      markets: POSITION_MARKETS[request.tab],
      beforeSeq,
      limit: TRADE_PAGE_SIZE + 1,
    });
    const priceOf = this.prices(clock.now());
    return this.page(rows, positionsCursor, (row) => toTradeOrder(row, market, priceOf(row.symbol)));
  }

  /** One of the user's orders with every field of spec §3; NOT_FOUND for anyone else's. */
  async positionDetail(userId: string, id: string): Promise<TradeOrder> {
    const { db, market, clock } = this.deps;
    const row = await repo.findOrder(db, { id, userId });
    if (!row) throw new DomainError("NOT_FOUND");
    return toTradeOrder(row, market, currentPrice(market, row.symbol, clock.now()));
  }

  /** The user's open positions summed by instrument and direction. */
  async inventory(userId: string): Promise<InventoryItem[]> {
    const { db, market, clock } = this.deps;
    return inventoryOf(await repo.openPositions(db, userId), market, this.prices(clock.now()));
  }

  // The matching engine's calls: each one transaction, caused by the system, refusing as the user's would.

  /**
   * Fills a pending limit order at `price` (the engine decides the price: the limit or better). The fill is
   * costed at that price; what the hold held beyond it goes back to available, and a shortfall (a short
   * filled above its limit) is topped up from available (INSUFFICIENT_AVAILABLE when it cannot be).
   */
  async fillOrder(orderId: string, price: string): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await this.locked(tx, orderId);
      rule(() => assertTransition(row.state, "fill"));
      const at = clock.now();
      const fillPrice = enginePrice(price);
      const config = await tradingConfig(tx, row.market as MarketCode);
      const filled = rule(() => orderCost({ ...row, price: fillPrice }, config));
      const [entryId] = await bookAll(tx, fillEntries(row.userId, row.currency, heldOf(row), filled), {
        userId: row.userId,
        reference: referenceOf(row.id),
        cause: { by: "system" },
        at,
      });
      const locked = lockFor(row.kind === "dayTrade", at, config, row.exchange as ExchangeCode);
      const opened = await repo.transition(tx, {
        id: row.id,
        from: "pending",
        to: "open",
        changes: {
          margin: filled.margin,
          openFee: filled.fee,
          openedAt: at,
          openPrice: fillPrice,
          lockedUntil: locked,
          openEntryId: entryId ?? null,
        },
      });
      if (!opened) throw new DomainError("ORDER_STATE_INVALID");
      return toTradeOrder(opened, market, fillPrice);
    });
    this.changed(order);
    return order;
  }

  /**
   * Closes a position at `price`: a waiting close at the open (`user`), a stop-loss or take-profit, the
   * day-trade end, or the automatic close (`liquidation`, which a lock does not hold back; every other
   * reason is refused SELL_LOCKED while the position is locked).
   */
  async closePosition(positionId: string, price: string, reason: CloseReason): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await this.locked(tx, positionId);
      const at = clock.now();
      rule(() =>
        assertTransition(row.state, reason === "liquidation" ? "liquidate" : "close", {
          lockedUntil: row.lockedUntil?.getTime() ?? null,
          at: at.getTime(),
        }),
      );
      const settled = { price: enginePrice(price), reason, cause: { by: "system" }, at } as const;
      const closed = toTradeOrder(await settle(tx, row, settled), market);
      const kind = CLOSE_MESSAGES[reason];
      if (kind)
        await new MessageService({ db, clock }).send(tx, {
          userId: row.userId,
          kind,
          params: closedParams(closed),
        });
      return closed;
    });
    this.changed(order);
    return order;
  }

  /** A pending order at the market's close: expired, everything it held given back. */
  async expireOrder(orderId: string): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await this.locked(tx, orderId);
      rule(() => assertTransition(row.state, "expire"));
      return toTradeOrder(await releaseHold(tx, row, "expired", { by: "system" }, clock.now()), market);
    });
    this.changed(order);
    return order;
  }

  /** Every pending limit order, oldest first (the engine's book at start; `expiresAt` says when each ends). */
  pendingOrders(): Promise<repo.TradeOrderRow[]> {
    return repo.ordersIn(this.deps.db, ["pending"]);
  }

  /** Every open position and every close waiting for the open (stops, automatic close, the open's closes). */
  livePositions(): Promise<repo.TradeOrderRow[]> {
    return repo.ordersIn(this.deps.db, ["open", "closing"]);
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
    return { instrument, price: exactPrice.toFixed(), config, cost, marketOpen };
  }

  /** The order locked for the transaction, of the user when given; NOT_FOUND otherwise. */
  private async locked(tx: Db, id: string, userId?: string): Promise<repo.TradeOrderRow> {
    const row = await repo.lockOrder(tx, { id, userId });
    if (!row) throw new DomainError("NOT_FOUND");
    return row;
  }

  /** Current prices by symbol for one answer (one quote per symbol however many positions hold it). */
  private prices(at: Date): (symbol: string) => string | undefined {
    const seen = new Map<string, string | undefined>();
    return (symbol) => {
      if (!seen.has(symbol)) seen.set(symbol, currentPrice(this.deps.market, symbol, at));
      return seen.get(symbol);
    };
  }

  private page<C extends { encode(seq: number): string }>(
    rows: repo.TradeOrderRow[],
    cursor: C,
    view: (row: repo.TradeOrderRow) => TradeOrder,
  ): TradeOrderPage {
    const page = rows.slice(0, TRADE_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(view),
      nextCursor: rows.length > TRADE_PAGE_SIZE && last ? cursor.encode(last.seq) : null,
    };
  }

  private changed(order: TradeOrder): void {
    this.deps.notify?.({ orderId: order.id, symbol: order.symbol, state: order.state });
  }
}
