import type { ClosePositionRequest, SetStopsRequest, TradeOrder } from "@brokerage/api";
import { assertTransition, isOpen, money, nextOpen, type ExchangeCode } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import { DomainError } from "../../lib/errors.js";
import { idempotent } from "../ledger/index.js";
import { changeOf, type TradingDeps } from "./changes.js";
import { releaseHold, settle } from "./money.js";
import { currentPrice, isTradable } from "./pricing.js";
import * as repo from "./repository.js";
import { checkStops, rule } from "./rules.js";
import { decimalsOf, toTradeOrder } from "./view.js";

/** What an owner does with an order or a position: cancel it, close it, set its stops. */
export class OwnerActions {
  constructor(private readonly deps: TradingDeps) {}

  /** Cancels the user's pending order and gives back everything it held, at once. */
  async cancelOrder(userId: string, orderId: string): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await lockedOrder(tx, orderId, userId);
      rule(() => assertTransition(row.state, "cancel"));
      return toTradeOrder(await releaseHold(tx, row, "cancelled", { by: "user" }, clock.now()), market);
    });
    this.changed(order);
    return order;
  }

  /**
   * The owner closes a position (idempotent under the request's key): refused while shares of it are lent
   * (POSITION_LENT {until}) or it is locked (SELL_LOCKED {until}); while the market trades it closes now at the current price; while it is shut the position
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
      const row = await lockedOrder(tx, request.positionId, userId);
      const at = clock.now();
      const exchange = row.exchange as ExchangeCode;
      const marketOpen = isOpen(exchange, at);
      const lentUntil = await repo.lentUntil(tx, row.id);
      const next = rule(() =>
        assertTransition(row.state, "requestClose", {
          marketOpen,
          lockedUntil: row.lockedUntil?.getTime() ?? null,
          lentUntil,
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

  private changed(order: TradeOrder): void {
    this.deps.notify?.(changeOf(order));
  }
}

/** The order locked for the transaction, of the user when given; NOT_FOUND otherwise. */
export async function lockedOrder(tx: Db, id: string, userId?: string): Promise<repo.TradeOrderRow> {
  const row = await repo.lockOrder(tx, { id, userId });
  if (!row) throw new DomainError("NOT_FOUND");
  return row;
}
