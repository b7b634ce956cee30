import { z } from "zod";
import { idempotencyKey, moneyString, plainText, positivePrice } from "./envelope.js";
import { cursorPage } from "./identity.js";
import { orderWarning } from "./risk.js";
import { chargeLine } from "./trading-charges.js";

/**
 * Trading (DESIGN §4.1 "Trading", §5 "Orders and positions"; spec §3 "Order or position", §4 states,
 * §5 trade rules; DESIGN §5a quantities: a decimal multiple of the instrument's step). An order and the position it opens are one record, as the spec
 * treats them: it is `pending` (a limit order waiting, funds held) or under `review` (a block trade), then
 * `open` once filled (locked until `lockedUntil`), `closing` when a close was asked for while the market
 * was shut (carried out at the next open), and `closed`; or it ends `cancelled`, `expired` (a limit order
 * at market close) or `declined` (a review refused). Money is decimal strings in the instrument's
 * settlement currency, at that currency's scale.
 */

export const ORDER_DIRECTIONS = ["long", "short"] as const;
export const orderDirection = z.enum(ORDER_DIRECTIONS);
export type OrderDirection = z.infer<typeof orderDirection>;

export const PRICE_TYPES = ["market", "limit"] as const;
export const priceType = z.enum(PRICE_TYPES);
export type PriceType = z.infer<typeof priceType>;

export const ORDER_STATES = [
  "pending",
  "review",
  "open",
  "closing",
  "closed",
  "cancelled",
  "expired",
  "declined",
] as const;
export const orderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderState>;

/**
 * What opened the order: the buy form, a block-trade offer, a day-trading (intraday) order, an IPO
 * allotment, or a placement or capital-increase subscription.
 */
export const ORDER_KINDS = ["normal", "blockTrade", "dayTrade", "ipo", "placement"] as const;
export const orderKind = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKind>;

/** How a position ended: closed by its owner, by its stop-loss or take-profit, automatically on loss, at close. */
export const CLOSE_REASONS = ["user", "stopLoss", "takeProfit", "liquidation", "dayEnd"] as const;
export const closeReason = z.enum(CLOSE_REASONS);
export type CloseReason = z.infer<typeof closeReason>;

const price = moneyString.describe("A price in the settlement currency");

/**
 * A quantity: a decimal string (never a JSON number, which cannot carry 0.1 exactly), at most 8 decimals,
 * as the database's numeric column holds it; written without trailing zeros in answers ("200", "0.001").
 */
export const quantityString = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, "decimal")
  .describe("A decimal string: shares, coins or currency units");

/**
 * The order the buy form sends, to `trade/preview` (priced, nothing changes) and `trade/placeOrder`.
 * Only the shape is checked here: the values (price above 0, a multiple of the instrument's step, an allowed
 * leverage) are the trading rules, which the server checks in their fixed order after the account's
 * standing, the market hours and the price (DESIGN §5), each refused with its own code: PRICE_NOT_POSITIVE,
 * QUANTITY_NOT_MULTIPLE_OF_STEP {quantity, step, lotSize}, LEVERAGE_NOT_ALLOWED.
 */
export const orderDraft = z.object({
  symbol: plainText.min(1).max(32),
  exchange: plainText.min(1).max(16).optional(),
  direction: orderDirection,
  priceType,
  /** Limit orders only (ignored for a market order): the limit, above 0 and within the band. */
  price: price.optional(),
  /**
   * A positive multiple of the instrument's step (market quote `details.quantityStep` for a limit order,
   * `marketQuantityStep` for a market one): the board lot of exchange shares (100 in Malaysia and Thailand,
   * else 1 share), a fraction of a coin for crypto, a fraction of a share for a US market order.
   */
  quantity: quantityString,
  /** One of the market's leverage list (`trading.<market>.leverages`). */
  leverage: z.number().max(1_000_000),
  /** Long: below the price; short: above it (STOP_PRICE_INVALID otherwise). */
  stopLoss: positivePrice.optional(),
  /** Long: above the price; short: below it. */
  takeProfit: positivePrice.optional(),
  /**
   * An intraday order (kind `dayTrade`, see dayTrading.ts): no lock, closed at the market's close. Only for
   * a user whose day-trading application was approved (MARGIN_NOT_ENABLED otherwise), its margin within the
   * allowance's remainder (DAY_TRADE_ALLOWANCE_EXCEEDED {available}) and in its currency.
   */
  dayTrade: z.boolean().optional(),
});
export type OrderDraft = z.infer<typeof orderDraft>;

export const placeOrderRequest = orderDraft.extend({
  idempotencyKey,
  /**
   * The user saw the preview's `warnings` (a limit far from the price, a size far above the usual) and
   * confirmed: without it such an order answers ORDER_UNUSUAL.
   */
  confirmUnusual: z.boolean().optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

/** `trade/preview`: what the order would cost now, to the cent of what `trade/placeOrder` books. */
export const orderPreview = z.object({
  symbol: z.string(),
  exchange: z.string(),
  name: z.string(),
  currency: z.string(),
  /** The price the order is costed at: the current price (market) or the limit. */
  price,
  quantity: quantityString,
  leverage: z.number().int(),
  /** price × quantity. */
  notional: moneyString,
  /** notional ÷ leverage: held while the position is open. */
  margin: moneyString,
  /**
   * Every charge of the opening trade (commission, fees, taxes): the sum of `charges`, each rounded up to
   * the currency's scale. What `trade/placeOrder` books, to the cent.
   */
  fee: moneyString,
  /** The opening trade's charges, component by component (a buy for a long, a sale for a short). */
  charges: z.array(chargeLine),
  /** What closing at this price would charge, component by component (it is charged at the close price). */
  closeCharges: z.array(chargeLine),
  /** margin + fee: what leaves `available`. */
  total: moneyString,
  /** The settlement currency's available balance now. */
  available: moneyString,
  /** The commission rate the close will use too (shown before the user acts). */
  feeRate: z.string(),
  /** Until when the position would be locked if it opened now (null: no lock). */
  lockedUntil: z.string().nullable(),
  /** The loss, as a share of the margin, at which the position is closed automatically. */
  liquidationShare: z.string(),
  /** Whether the market trades now: outside its hours `trade/placeOrder` answers NON_TRADING_HOURS. */
  marketOpen: z.boolean(),
  /** Why the order asks again (`risk.unusualOrder`): placing it then needs `confirmUnusual: true`. */
  warnings: z.array(orderWarning),
});
export type OrderPreview = z.infer<typeof orderPreview>;

/** One order and the position it opened (spec §3 "Order or position"). */
export const tradeOrder = z.object({
  id: z.string().uuid(),
  /** The order number shown to the user. */
  orderNo: z.string(),
  kind: orderKind,
  symbol: z.string(),
  exchange: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  direction: orderDirection,
  priceType,
  state: orderState,
  quantity: quantityString,
  leverage: z.number().int(),
  /** The limit (limit orders), else null. */
  limitPrice: moneyString.nullable(),
  stopLoss: moneyString.nullable(),
  takeProfit: moneyString.nullable(),
  /** The original margin and the opening charges (held while pending, booked on fill). */
  margin: moneyString,
  openFee: moneyString,
  /** The opening trade's charges, component by component (their sum is `openFee`); null until filled. */
  openCharges: z.array(chargeLine).nullable(),
  createdAt: z.string(),
  /** Buy time and price: when and at what the order filled. */
  openedAt: z.string().nullable(),
  openPrice: moneyString.nullable(),
  lockedUntil: z.string().nullable(),
  /** Sell time and price, the closing fee and stamp duty, the realised P&L. */
  closedAt: z.string().nullable(),
  closePrice: moneyString.nullable(),
  /** The closing trade's fees (commission, exchange, clearing, regulator) and its taxes. */
  closeFee: moneyString.nullable(),
  stampDuty: moneyString.nullable(),
  /** The closing trade's charges, component by component (their sum is `closeFee` + `stampDuty`). */
  closeCharges: z.array(chargeLine).nullable(),
  closeReason: closeReason.nullable(),
  /**
   * The P&L net of every cost paid (DESIGN §5a): `pnlGross` − `costs` + `protection`. Realised once closed
   * (the sum of the order's fund records, to the cent); unrealised at `currentPrice` while open, less the
   * opening charges already paid (the closing ones are charged at the close). Null in every other state.
   */
  pnl: moneyString.nullable(),
  /** The price move times the quantity, before any cost: (close or current − open) × quantity, signed. */
  pnlGross: moneyString.nullable(),
  /** Every charge paid so far: `openFee`, and once closed `closeFee` + `stampDuty`. Null with `pnl`. */
  costs: moneyString.nullable(),
  /**
   * A closed position's loss beyond its margin (and closing charges beyond what the user had) that the
   * platform bore, negative balance protection: it is in `pnl`. "0.00" for most closes; null until closed.
   */
  protection: moneyString.nullable(),
  /** The net P&L as a percentage of the margin, 2 decimals. */
  returnRate: z.string().nullable(),
  /**
   * The latest price: of an open position (and `marketValue`, price × quantity, at it), or of a waiting
   * limit order, beside its limit; null otherwise.
   */
  currentPrice: moneyString.nullable(),
  marketValue: moneyString.nullable(),
  /** Why a review declined it. */
  declineReason: z.string().nullable(),
  /** Pending orders: when they expire (the market's close) unless filled or cancelled first. */
  expiresAt: z.string().nullable(),
});
export type TradeOrder = z.infer<typeof tradeOrder>;

/** `trade/orders {tab}`: purchase (pending and under review), finished (closed, cancelled, expired, declined). */
export const ORDER_TABS = ["purchase", "finished"] as const;
/** `trade/positions {tab}`: open positions (all, or of the crypto or forex market). */
export const POSITION_TABS = ["inProgress", "crypto", "forex"] as const;

const cursor = z.string().max(64).optional().describe("`nextCursor` of the previous page");
export const tradeOrdersRequest = z.object({ tab: z.enum(ORDER_TABS), cursor });
export const tradePositionsRequest = z.object({ tab: z.enum(POSITION_TABS), cursor });
export type TradeOrdersRequest = z.infer<typeof tradeOrdersRequest>;
export type TradePositionsRequest = z.infer<typeof tradePositionsRequest>;
export const tradeOrderPage = cursorPage(tradeOrder);
export type TradeOrderPage = z.infer<typeof tradeOrderPage>;

export const TRADE_PAGE_SIZE = 20;

export const orderIdRequest = z.object({ orderId: z.string().uuid() });
export const positionIdRequest = z.object({ id: z.string().uuid() });
export const closePositionRequest = z.object({ positionId: z.string().uuid(), idempotencyKey });
export type ClosePositionRequest = z.infer<typeof closePositionRequest>;

/** `trade/setStops`: a position's stop-loss and take-profit (null removes one). */
export const setStopsRequest = z.object({
  positionId: z.string().uuid(),
  stopLoss: positivePrice.nullable(),
  takeProfit: positivePrice.nullable(),
});
export type SetStopsRequest = z.infer<typeof setStopsRequest>;

/** `trade/inventory`: open positions by instrument and direction. */
export const inventoryItem = z.object({
  symbol: z.string(),
  exchange: z.string(),
  name: z.string(),
  currency: z.string(),
  direction: orderDirection,
  quantity: quantityString,
  /** Quantity-weighted average open price. */
  averageCost: moneyString,
  currentPrice: moneyString.nullable(),
  marketValue: moneyString.nullable(),
  /** The positions' P&L net of the opening charges they paid (the sum of each one's `pnl`). */
  pnl: moneyString.nullable(),
  /** Before costs (the sum of each one's `pnlGross`). */
  pnlGross: moneyString.nullable(),
  /** The opening charges the positions paid. */
  costs: moneyString,
});
export const inventoryResponse = z.array(inventoryItem);
export type InventoryItem = z.infer<typeof inventoryItem>;
