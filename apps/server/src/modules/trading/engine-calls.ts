import type { CloseReason, MessageKind, TradeOrder } from "@brokerage/api";
import {
  assertTransition,
  fillEntries,
  money,
  orderCost,
  pnl,
  PRICE_DECIMALS,
  shouldLiquidate,
  type ExchangeCode,
  type MarketCode,
} from "@brokerage/core";
import { DomainError } from "../../lib/errors.js";
import * as riskRepo from "./margin-ladder.js";
import { MessageService } from "../messages/index.js";
import { changeOf, type TradingDeps } from "./changes.js";
import type { MarginCall } from "./engine/changes.js";
import { bookAll, heldOf, referenceOf, releaseHold, settle } from "./money.js";
import { lockedOrder } from "./owner-actions.js";
import { lockFor } from "./placing.js";
import { tradingConfig } from "./pricing.js";
import * as repo from "./repository.js";
import { rule } from "./rules.js";
import { positionTerms, toTradeOrder } from "./view.js";

/** How far above a warned level (in points of the margin) the equity must come back to re-arm it. */
export const MARGIN_CALL_REARM = "0.05";

/** Whether the equity at `price` is back at `level` + MARGIN_CALL_REARM of the margin or above. */
export function recoveredAbove(
  position: ReturnType<typeof positionTerms>,
  price: string,
  level: string,
): boolean {
  const share = money(1).minus(level).minus(MARGIN_CALL_REARM);
  // A level within 5 points of 100 %: recovered once the position no longer loses at all.
  const loss = money(pnl(position, price)).negated();
  return share.lessThanOrEqualTo(0)
    ? !loss.greaterThan(0)
    : !loss.greaterThan(money(position.margin).times(share));
}

/** The message a position closed by the system tells its owner, by close reason. */
const CLOSE_MESSAGES: Partial<Record<CloseReason, MessageKind>> = {
  dayEnd: "dayTradeClosed",
  liquidation: "positionLiquidated",
  stopLoss: "stopLossTriggered",
  takeProfit: "takeProfitTriggered",
};
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

/**
 * The matching engine's calls: each one transaction, caused by the system, refusing as the user's would;
 * and the live rows it rebuilds its book from.
 */
export class EngineCalls {
  constructor(private readonly deps: TradingDeps) {}

  /**
   * Fills a pending limit order at `price` (the engine decides the price: the limit or better). The fill is
   * costed at that price; what the hold held beyond it goes back to available, and a shortfall (a short
   * filled above its limit) is topped up from available (INSUFFICIENT_AVAILABLE when it cannot be).
   */
  async fillOrder(orderId: string, price: string): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await lockedOrder(tx, orderId);
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
          openCharges: JSON.stringify(filled.charges),
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
   * reason is refused SELL_LOCKED while the position is locked). Any of them waits while shares of the
   * position are lent (POSITION_LENT {until}).
   */
  async closePosition(positionId: string, price: string, reason: CloseReason): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await lockedOrder(tx, positionId);
      const at = clock.now();
      const lentUntil = await repo.lentUntil(tx, row.id);
      rule(() =>
        assertTransition(row.state, reason === "liquidation" ? "liquidate" : "close", {
          lockedUntil: row.lockedUntil?.getTime() ?? null,
          lentUntil,
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

  /**
   * A margin call: the open position's equity (margin + P&L at `price`) has fallen to `level` of its
   * margin. Its owner gets a `marginCall` message, and a socket event, once per position, level and descent
   * whatever the engine retries: the level's state (`margin_call_states`, modules/risk) is marked warned
   * under the position's row lock, and only `recovered` re-arms it. The message states the order in which
   * the user's leveraged positions would be closed out (modules/risk margin.ts). Answers whether it was sent
   * now; ORDER_STATE_INVALID once the position is no longer open.
   */
  async marginCall(positionId: string, level: string, price: string): Promise<boolean> {
    const { db, clock, market } = this.deps;
    let call: MarginCall | undefined;
    await db.transaction(async (tx) => {
      const row = await lockedOrder(tx, positionId);
      if (row.state !== "open")
        throw new DomainError("ORDER_STATE_INVALID", { state: row.state, event: "marginCall" });
      const at = enginePrice(price);
      const share = money(1).minus(level).toFixed();
      if (!shouldLiquidate(positionTerms(row), at, share)) return;
      if ((await riskRepo.marginCallState(tx, row.id, level))?.warned === 1) return;
      const descent = await riskRepo.markWarned(tx, row.id, level, clock.now());
      const config = await tradingConfig(tx, row.market as MarketCode);
      const closeOut = money(1).minus(config.liquidationShare).toFixed();
      const order = toTradeOrder(row, market, at);
      const percent = (fraction: string) => money(fraction).times(100).toFixed();
      const ladder = await riskRepo.marginStatus(this.deps, tx, row.userId);
      const sent = await new MessageService({ db, clock }).sendOnce(tx, {
        userId: row.userId,
        kind: "marginCall",
        once: { orderId: row.id, level, descent: String(descent) },
        params: {
          orderNo: order.orderNo,
          symbol: order.symbol,
          name: order.name,
          quantity: String(order.quantity),
          price: at,
          pnl: order.pnl ?? "",
          margin: order.margin,
          currency: order.currency,
          percent: percent(level),
          closeOutPercent: percent(closeOut),
          closeOrder: ladder.positions.map((p) => p.orderNo).join(" → "),
        },
      });
      if (sent) call = { userId: row.userId, orderId: row.id, symbol: row.symbol, level, closeOut };
    });
    if (call) this.deps.notifyMarginCall?.(call);
    return call !== undefined;
  }

  /**
   * The position's equity is back above `level` by the ladder's margin (`MARGIN_CALL_REARM`, 5 points of
   * the margin): the level is re-armed, so a new descent warns again. Answers whether it had been warned.
   */
  async marginRecovered(positionId: string, level: string, price: string): Promise<boolean> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const row = await lockedOrder(tx, positionId);
      if (row.state !== "open") return false;
      if (!recoveredAbove(positionTerms(row), enginePrice(price), level)) return false;
      return riskRepo.rearm(tx, row.id, level, clock.now());
    });
  }

  /** A pending order at the market's close: expired, everything it held given back. */
  async expireOrder(orderId: string): Promise<TradeOrder> {
    const { db, clock, market } = this.deps;
    const order = await db.transaction(async (tx) => {
      const row = await lockedOrder(tx, orderId);
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

  private changed(order: TradeOrder): void {
    this.deps.notify?.(changeOf(order));
  }
}
