import {
  closePositionRequest,
  emptyRequest,
  inventoryResponse,
  orderDraft,
  orderIdRequest,
  orderPreview,
  placeOrderRequest,
  positionIdRequest,
  setStopsRequest,
  tradeOrder,
  tradeOrderPage,
  tradeOrdersRequest,
  tradePositionsRequest,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { TradingService, type TradeChange } from "./service.js";

export interface TradingRoutesOptions {
  /** The service to serve (one per process, shared with the matching engine); built here when absent. */
  service?: TradingService;
  /** Told after each committed change of an order, when the service is built here. */
  notify?: (change: TradeChange) => void;
}

const ORDER_REFUSALS =
  "Refusals, in this order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, TRADE_BANNED, FUND_PASSWORD_NOT_SET, UNKNOWN_SYMBOL (or " +
  "NOT_YET_OPEN for a share still in subscription), NON_TRADING_HOURS, PRICE_UNAVAILABLE (no quote, or one " +
  "older than 2 minutes while the market trades), PRICE_NOT_POSITIVE (also a limit order without a price), " +
  "INVALID_INPUT {field: price} (more decimals than the instrument's price), PRICE_BEYOND_LIMIT {min, max} " +
  "(limit orders: outside trading.<market>.priceBand around the previous close), QUANTITY_NOT_MULTIPLE_OF_STEP {quantity, step, lotSize}, " +
  "LEVERAGE_NOT_ALLOWED {allowed}, STOP_PRICE_INVALID {field}, INSUFFICIENT_AVAILABLE {available} (margin + " +
  "fee in the instrument's settlement currency). A day trade (`dayTrade: true`) also answers MARGIN_NOT_ENABLED " +
  "(no approved day-trading application, after FUND_PASSWORD_NOT_SET) and, after the terms, CURRENCY_UNSUPPORTED " +
  "{field: dayTrade} (an instrument outside the allowance's currency) and DAY_TRADE_ALLOWANCE_EXCEEDED {available}.";

/**
 * `trade/*` (DESIGN §4.1 "Trading"): preview, place, cancel, close, stops, the lists of the trade screen,
 * one order in full, the inventory. Every call needs a session and sees only the user's own orders:
 * another user's id answers NOT_FOUND. (`trade/kline` is the market module's.)
 */
export const tradingRoutes: FastifyPluginAsyncZod<TradingRoutesOptions> = async (app, options) => {
  const service =
    options.service ??
    new TradingService({ db: app.db, clock: app.clock, market: app.market, notify: options.notify });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["trade"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "trade/preview",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "What the order would cost now, to the cent of what trade/placeOrder books at the same price: " +
          "notional, margin (notional ÷ leverage), the opening charges (the commission trading.<market>." +
          "feeRate at least minFee, and trading.<market>.charges on the trade side the law charges; each " +
          "rounded up to the currency's scale) component by component in `charges`, what closing at this " +
          "price would charge in `closeCharges`, total, the available balance of the settlement currency, " +
          "the lock and the automatic-close share. Market orders are priced " +
          "at the current price (the last close while the market is shut, `marketOpen` false). Nothing " +
          "changes. Refusals: UNKNOWN_SYMBOL, " +
          "NOT_YET_OPEN, PRICE_UNAVAILABLE, and the order's terms as trade/placeOrder checks them.",
        body: orderDraft,
        response: answers(orderPreview, { session: true }),
      },
    },
    async (request) => ok(await service.preview(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "trade/placeOrder",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Place an order. A market order fills at once at the current price: margin and fee leave " +
          "available and the position opens (`open`, locked until `lockedUntil`). A limit order holds its " +
          "margin and fee and waits (`pending`) until the price crosses, it is cancelled, or it expires at " +
          "the market's close (`expiresAt`). A retry with the same idempotencyKey answers the first result " +
          "(IDEMPOTENCY_CONFLICT for another order under that key). " +
          ORDER_REFUSALS,
        body: placeOrderRequest,
        response: answers(tradeOrder, { session: true }),
      },
    },
    async (request) => ok(await service.placeOrder(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "trade/cancelOrder",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Cancel a pending order; everything it held goes back to available at once. Refusals: " +
          "NOT_FOUND, ORDER_STATE_INVALID (not pending: filled, cancelled or expired already).",
        body: orderIdRequest,
        response: answers(tradeOrder, { session: true }),
      },
    },
    async (request) => ok(await service.cancelOrder(sessionOf(request).userId, request.body.orderId)),
  );

  route(
    app,
    "trade/closePosition",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Close a position. While the market trades it closes now at the current price: margin back, " +
          "realised P&L, the closing fees (closeFee) and taxes (stampDuty) of trading.<market>.charges " +
          "booked, component by component in closeCharges. While it is " +
          "shut the position waits as `closing` and is closed at the next open at the opening price. A " +
          "retry with the same idempotencyKey answers the first result. Refusals: NOT_FOUND, " +
          "ORDER_STATE_INVALID (not open), SELL_LOCKED {until}, PRICE_UNAVAILABLE.",
        body: closePositionRequest,
        response: answers(tradeOrder, { session: true }),
      },
    },
    async (request) => ok(await service.requestClose(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "trade/setStops",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Set or remove (null) the stop-loss and take-profit of a pending order or an open position; they " +
          "close it when the price reaches them. Refusals: NOT_FOUND, ORDER_STATE_INVALID, " +
          "PRICE_UNAVAILABLE, INVALID_INPUT (more decimals than the instrument's price), STOP_PRICE_INVALID " +
          "{field} (a long's stop-loss must be below the limit or current price and its take-profit above; " +
          "a short's the other way round).",
        body: setStopsRequest,
        response: answers(tradeOrder, { session: true }),
      },
    },
    async (request) => ok(await service.setStops(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "trade/orders",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's orders of a tab, newest first, 20 a page: purchase (pending and under review), " +
          "finished (closed, cancelled, expired, declined). Pass `nextCursor` back as `cursor`.",
        body: tradeOrdersRequest,
        response: answers(tradeOrderPage, { session: true }),
      },
    },
    async (request) => ok(await service.orders(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "trade/positions",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's open positions (inProgress: all; crypto; forex), newest first, 20 a page, each with " +
          "the current price, market value, unrealised P&L and return rate (null without a current price).",
        body: tradePositionsRequest,
        response: answers(tradeOrderPage, { session: true }),
      },
    },
    async (request) => ok(await service.positions(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "trade/positionDetail",
    {
      ...withSession,
      schema: {
        ...schema,
        summary: "One of the user's orders or positions with every field of spec §3. Refusal: NOT_FOUND.",
        body: positionIdRequest,
        response: answers(tradeOrder, { session: true }),
      },
    },
    async (request) => ok(await service.positionDetail(sessionOf(request).userId, request.body.id)),
  );

  route(
    app,
    "trade/inventory",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's open positions by instrument and direction: quantity, average open price, and at " +
          "the current price the market value and P&L.",
        body: emptyRequest,
        response: answers(inventoryResponse, { session: true }),
      },
    },
    async (request) => ok(await service.inventory(sessionOf(request).userId)),
  );
};
