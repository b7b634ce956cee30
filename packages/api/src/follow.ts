import { z } from "zod";
import { staffReason } from "./admin.js";
import type { ErrorCode } from "./errors.js";
import { idempotencyKey, moneyString, plainText, positiveMoneyString } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { currency } from "./ledger.js";
import { orderDraft, quantityString, tradeOrder } from "./trading.js";

/**
 * Copy trading ("follow", DESIGN §4.1 "Copy trading", §5a; spec §5 "follow product", §8 messages;
 * docs/copy-trading.md). A product is a real portfolio: its own account with its own ledger accounts,
 * traded by staff through the normal order path (`follow/trade`), so its positions, charges and P&L are
 * those of any account. Followers hold units of it at a NAV per unit, marked to market on the market
 * engine's tick rounds from the portfolio's cash and positions, net of the fees accrued.
 *
 * - `follow/buy` holds the amount from the follower's `available` (entry `copyBuy`); at the next NAV mark
 *   the amount moves into the portfolio and buys units at that NAV (rounded down to 8 decimals). Until then
 *   the holding is `pending` and may be redeemed, which gives the whole amount back.
 * - `follow/redeem` (where the product allows early redemption) asks for the payout at the next NAV mark
 *   (`redeeming`); the copy stop-loss (5–95 % of the amount, required) redeems by itself at the first mark
 *   at which the holding's value is at or below `stopValue`; the end time pays every holding out at the
 *   first mark after it; closing a product (`follow/close`, staff) pays everyone out at once at a fresh
 *   mark, with the staff's reason in each follower's message. Payouts are units × NAV rounded down to the
 *   currency's scale (entry `copyPayout`).
 * - Fees, disclosed on the product: a management fee (a year's rate on the net assets, accrued at each
 *   mark for the time since the last) and a performance fee (a share of the rise of the NAV above its
 *   high-water mark). The leader is paid `leaderShare` of both (entry `copyRebate`), the platform the rest
 *   (entry `copyFee`), when the fees are settled: at the first mark of each calendar day (UTC), at the end
 *   time and at a close. No staff action sets a NAV, a unit count or a result: they only follow from
 *   the ledger and the marks.
 *
 * Refusals of `follow/buy`, in this order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, TRADE_BANNED,
 * PRODUCT_UNAVAILABLE (unknown, closed or ended product), NOT_YET_OPEN (before `opensAt`),
 * FOLLOW_TIME_EXCEEDED (at or after `closesAt`), CHANNEL_PASSWORD_WRONG (a private product, a missing or
 * wrong channel password), INVALID_INPUT {field: amount} (more decimals than the currency has),
 * BELOW_MIN_BUY {min}, AMOUNT_ABOVE_MAX {max}, INSUFFICIENT_AVAILABLE {available}.
 * Refusals of `follow/redeem`: NOT_FOUND (unknown or another user's holding), FOLLOW_REDEEM_NOT_ALLOWED
 * (a product paying out only at its end time, for a holding that has units), ORDER_STATE_INVALID (already
 * redeeming or ended).
 */

const coded = (code: ErrorCode) => ({ message: code });

export const FOLLOW_PAGE_SIZE = 20;
/** The copy stop-loss: a whole percentage of the amount paid that may be lost before the holding is redeemed. */
export const FOLLOW_STOP_LOSS_MIN = 5;
export const FOLLOW_STOP_LOSS_MAX = 95;
/** Decimals of a NAV per unit and of a unit count. */
export const FOLLOW_NAV_SCALE = 8;
export const FOLLOW_UNIT_SCALE = 8;
/** The NAV per unit of a product before its first units are issued. */
export const FOLLOW_INITIAL_NAV = "1";

/**
 * What a user sees of a product's state: `upcoming` (before `opensAt`), `open` (taking buys until
 * `closesAt`), `running` (no more buys, holdings run until `endsAt`), `ended` (paid out at the end time),
 * `closed` (closed by staff, paid out with `closeReason`). While the positions of an ended or closed product
 * are still being closed it shows `running`, holdings waiting for their payout.
 */
export const FOLLOW_PRODUCT_STATUSES = ["upcoming", "open", "running", "ended", "closed"] as const;
export const followProductStatus = z.enum(FOLLOW_PRODUCT_STATUSES);
export type FollowProductStatus = z.infer<typeof followProductStatus>;

/**
 * A holding (a copy order): `pending` (amount held, units at the next mark), `active` (holds units),
 * `redeeming` (paid at the next mark), then one of the ended states: `redeemed` (early, by the follower;
 * a pending one is refunded whole), `stoppedOut` (the copy stop-loss), `paidOut` (the end time), `closedOut`
 * (the product closed by staff).
 */
export const FOLLOW_HOLDING_STATES = [
  "pending",
  "active",
  "redeeming",
  "redeemed",
  "stoppedOut",
  "paidOut",
  "closedOut",
] as const;
export const followHoldingState = z.enum(FOLLOW_HOLDING_STATES);
export type FollowHoldingState = z.infer<typeof followHoldingState>;
export const FOLLOW_ENDED_STATES = ["redeemed", "stoppedOut", "paidOut", "closedOut"] as const;

/** The spans measured figures are given over (drawdown, copiers' results, the NAV chart). */
export const FOLLOW_PERIODS = ["1D", "1W", "1M", "1Y", "all"] as const;
export const followPeriod = z.enum(FOLLOW_PERIODS);
export type FollowPeriod = z.infer<typeof followPeriod>;

/**
 * The risk score's published formula (core `followRiskScore`, docs/copy-trading.md): the band of the
 * annualised volatility of daily NAV returns and the band of the maximum drawdown, the higher of the two;
 * band n (1–10) is the first whose upper edge (a percentage) is above the figure, 10 above the last edge.
 * No score (null) before FOLLOW_RISK_MIN_DAYS daily returns were measured.
 */
export const FOLLOW_RISK_VOLATILITY_EDGES = ["1", "3", "5", "8", "12", "17", "25", "35", "50"] as const;
export const FOLLOW_RISK_DRAWDOWN_EDGES = ["2", "5", "8", "12", "17", "25", "35", "50", "70"] as const;
export const FOLLOW_RISK_MIN_DAYS = 5;
/** Trading days a year used to annualise the daily volatility (√252). */
export const FOLLOW_VOLATILITY_DAYS_A_YEAR = 252;

const productId = z.string().uuid();
const percent = z.string().describe("A percentage, 2 decimals, signed");
const rate = z.string().describe("A fraction: 0.02 is 2 %");

/** The fees a product discloses: what the leader and the platform are paid. */
export const followFees = z.object({
  /** A year's rate on the net assets, accrued at each mark. */
  managementFeeRate: rate,
  /** The share of the NAV's rise above the high-water mark. */
  performanceFeeRate: rate,
  /** The leader's share of both fees; the platform keeps the rest. */
  leaderShare: rate,
  /** The highest NAV per unit on which a performance fee was charged (the product's start NAV at first). */
  highWaterMark: moneyString,
  /** Fees accrued and not yet settled (in the NAV already), and all settled so far, to leader and platform. */
  accruedManagement: moneyString,
  accruedPerformance: moneyString,
  leaderPaid: moneyString,
  platformPaid: moneyString,
});
export type FollowFees = z.infer<typeof followFees>;

/** The measured change of the NAV over the last day (the spec's "daily profit"): null without a mark a day old. */
export const followDailyChange = z.object({
  change: percent.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

/** One product as listed (`follow/products`). Every figure is measured; nothing is a forecast. */
export const followProduct = z.object({
  id: productId,
  name: z.string(),
  leaderName: z.string(),
  currency,
  status: followProductStatus,
  private: z.boolean(),
  earlyRedeem: z.boolean(),
  /** The least and most one buy may be ("minimum follow amount"); max null: no maximum. */
  minBuy: moneyString,
  maxBuy: moneyString.nullable(),
  opensAt: z.string(),
  /** The follow time limit: buys are taken until then. */
  closesAt: z.string(),
  /** The end time: every holding is paid out at the first mark after it. */
  endsAt: z.string(),
  /** The latest NAV per unit and when it was marked. */
  nav: moneyString,
  navAt: z.string().nullable(),
  /** The fund size: units outstanding × NAV (the net assets of the followers). */
  fundSize: moneyString,
  units: quantityString,
  /** Followers holding units or waiting for them now. */
  followers: z.number().int(),
  dailyChange: followDailyChange,
  /** Since the first mark: the NAV's change, the maximum drawdown, the risk score (null: too little history). */
  sinceStart: percent.nullable(),
  maxDrawdown: percent,
  riskScore: z.number().int().min(1).max(10).nullable(),
  managementFeeRate: rate,
  performanceFeeRate: rate,
  leaderShare: rate,
  closeReason: z.string().nullable(),
});
export type FollowProduct = z.infer<typeof followProduct>;

export const followNavPoint = z.object({ at: z.string(), nav: moneyString });
export type FollowNavPoint = z.infer<typeof followNavPoint>;

/** The risk score with what it was computed from, by the published formula above. */
export const followRisk = z.object({
  score: z.number().int().min(1).max(10).nullable(),
  /** Annualised volatility of daily returns (%), null before FOLLOW_RISK_MIN_DAYS returns. */
  volatility: percent.nullable(),
  maxDrawdown: percent,
  volatilityBand: z.number().int().nullable(),
  drawdownBand: z.number().int(),
  volatilityEdges: z.array(z.string()),
  drawdownEdges: z.array(z.string()),
  /** Daily returns the volatility was measured on, and the days they span. */
  days: z.number().int(),
});
export type FollowRisk = z.infer<typeof followRisk>;

/**
 * The copiers' own results over one period (from `from` to `to`): every follower who held units at any
 * time in it, each one's result the change of their holdings' value over the part of the period they held
 * (bought or the period's start, to the payout or the period's end, at the marked NAVs), over what it started
 * from. `lostShare`: the share (%) whose result was below zero; `medianResult`: the median result (%).
 */
export const followCopierResults = z.object({
  period: followPeriod,
  from: z.string(),
  to: z.string(),
  copiers: z.number().int(),
  lostShare: percent.nullable(),
  medianResult: percent.nullable(),
});
export type FollowCopierResults = z.infer<typeof followCopierResults>;

/** A position of the portfolio, as the followers see it. */
export const followPosition = z.object({
  symbol: z.string(),
  name: z.string(),
  direction: z.enum(["long", "short"]),
  quantity: quantityString,
  leverage: z.number().int(),
  openPrice: moneyString.nullable(),
  currentPrice: moneyString.nullable(),
  marketValue: moneyString.nullable(),
  pnl: moneyString.nullable(),
  openedAt: z.string().nullable(),
});

/** The portfolio now: its free cash, its positions' value and the positions themselves. */
export const followPortfolio = z.object({
  cash: moneyString,
  positionsValue: moneyString,
  /** cash + positionsValue: what the followers' units and the accrued fees stand on. */
  value: moneyString,
  positions: z.array(followPosition),
});

/** `follow/product {id}`: one product with its measured record. */
export const followProductDetail = followProduct.extend({
  strategy: z.string(),
  /** One point a day (the day's last mark), all days since the start; `follow/nav` gives finer ranges. */
  navSeries: z.array(followNavPoint),
  /** The largest fall from a peak of the NAV within each period (%, ≤ 0). */
  drawdowns: z.array(z.object({ period: followPeriod, maxDrawdown: percent })),
  risk: followRisk,
  copierResults: z.array(followCopierResults),
  fees: followFees,
  portfolio: followPortfolio,
});
export type FollowProductDetail = z.infer<typeof followProductDetail>;

/** `follow/products {cursor?}`: every product, newest first (ended and closed ones show their status). */
export const followProductsRequest = cursorRequest;
export const followProductPage = cursorPage(followProduct);
export type FollowProductPage = z.infer<typeof followProductPage>;

/** `follow/product {id}`: PRODUCT_UNAVAILABLE when unknown. */
export const followProductRequest = z.object({ id: productId });

/** `follow/nav {id, period}`: the NAV marks of one period (at most 500 points, evenly thinned). */
export const followNavRequest = z.object({ id: productId, period: followPeriod });
export const followNavResponse = z.object({ period: followPeriod, points: z.array(followNavPoint) });
export type FollowNavResponse = z.infer<typeof followNavResponse>;

const copyStopLoss = z
  .number()
  .int(coded("FOLLOW_STOP_LOSS_INVALID"))
  .min(FOLLOW_STOP_LOSS_MIN, coded("FOLLOW_STOP_LOSS_INVALID"))
  .max(FOLLOW_STOP_LOSS_MAX, coded("FOLLOW_STOP_LOSS_INVALID"));

/**
 * `follow/preview {productId, amount, copyStopLoss}`: what the buy sheet shows before acting, with the
 * refusal `follow/buy` would answer now (null: none besides the channel password, checked on buying).
 */
export const followPreviewRequest = z.object({
  productId,
  amount: positiveMoneyString,
  copyStopLoss,
});
export type FollowPreviewRequest = z.infer<typeof followPreviewRequest>;

export const followPreview = z.object({
  productId,
  currency,
  amount: moneyString,
  /** No charge is taken on buying: the whole amount buys units. */
  buyCharge: moneyString,
  /** The latest NAV (the units are bought at the next one, not at this) and the units it would give. */
  nav: moneyString,
  navAt: z.string().nullable(),
  unitsAtLatestNav: quantityString,
  /** The holding is redeemed by itself when its value is at or below this (amount × (1 − stop-loss %)). */
  stopValue: moneyString,
  /** The most a year's management fee takes from this amount at the disclosed rate. */
  managementFeeAYear: moneyString,
  fees: followFees,
  risk: followRisk,
  /** The copiers' measured results over the last year. */
  copierResults: followCopierResults,
  available: moneyString,
  minBuy: moneyString,
  maxBuy: moneyString.nullable(),
  closesAt: z.string(),
  endsAt: z.string(),
  earlyRedeem: z.boolean(),
  private: z.boolean(),
  refusal: z
    .enum([
      "PRODUCT_UNAVAILABLE",
      "NOT_YET_OPEN",
      "FOLLOW_TIME_EXCEEDED",
      "BELOW_MIN_BUY",
      "AMOUNT_ABOVE_MAX",
      "INSUFFICIENT_AVAILABLE",
    ])
    .nullable(),
});
export type FollowPreview = z.infer<typeof followPreview>;

/** `follow/buy {productId, amount, channelPassword?, copyStopLoss, idempotencyKey}`. */
export const followBuyRequest = z.object({
  productId,
  amount: positiveMoneyString,
  channelPassword: z.string().max(64).optional(),
  copyStopLoss,
  idempotencyKey,
});
export type FollowBuyRequest = z.infer<typeof followBuyRequest>;

/** Why an ended holding ended. */
export const FOLLOW_END_REASONS = ["redeemed", "stopLoss", "endTime", "closed"] as const;

/** One holding (a copy order) as its owner sees it (`follow/mine`, `follow/buy`, `follow/redeem`). */
export const followHolding = z.object({
  id: z.string().uuid(),
  productId,
  productName: z.string(),
  currency,
  state: followHoldingState,
  /** What was paid in. */
  amount: moneyString,
  copyStopLoss: z.number().int(),
  stopValue: moneyString,
  /** Units and the NAV they were bought at (null while pending). */
  units: quantityString.nullable(),
  buyNav: moneyString.nullable(),
  createdAt: z.string(),
  /** Since when the holding has units. */
  since: z.string().nullable(),
  /** The latest NAV and the value at it (units × NAV, rounded down); the amount while pending. */
  nav: moneyString,
  value: moneyString,
  /** value (or payout) − amount, net of every fee and charge, and as a percentage of the amount. */
  pnl: moneyString,
  pnlRate: percent,
  /** Ended holdings: when, at what NAV, what was paid and why (the staff's reason for a close). */
  endedAt: z.string().nullable(),
  payoutNav: moneyString.nullable(),
  payout: moneyString.nullable(),
  endReason: z.enum(FOLLOW_END_REASONS).nullable(),
  closeReason: z.string().nullable(),
  /** Whether `follow/redeem` would be taken now. */
  canRedeem: z.boolean(),
  endsAt: z.string(),
});
export type FollowHolding = z.infer<typeof followHolding>;

/** `follow/mine {cursor?}`: the user's holdings, newest first. */
export const followMineRequest = cursorRequest;
export const followHoldingPage = cursorPage(followHolding);
export type FollowHoldingPage = z.infer<typeof followHoldingPage>;

/** `follow/redeem {holdingId, idempotencyKey}`. */
export const followRedeemRequest = z.object({ holdingId: z.string().uuid(), idempotencyKey });
export type FollowRedeemRequest = z.infer<typeof followRedeemRequest>;

// ---------------------------------------------------------------------------------------------------
// Back office (permission follow.manage)

/** `closing`: staff closed it (or its end time passed) and positions are still being closed. */
export const FOLLOW_ADMIN_STATES = ["active", "closing", "ended", "closed"] as const;

/** A product as staff see it: its terms, its state and its figures (all measured, none editable). */
export const adminFollowProduct = followProduct.extend({
  strategy: z.string(),
  state: z.enum(FOLLOW_ADMIN_STATES),
  leaderAccount: z.string(),
  /** The portfolio's own account (it holds the product's ledger accounts and places its orders). */
  portfolioAccount: z.string(),
  cash: moneyString,
  portfolioValue: moneyString,
  accruedFees: moneyString,
  pendingAmount: moneyString,
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type AdminFollowProduct = z.infer<typeof adminFollowProduct>;

export const adminFollowListRequest = cursorRequest;
export const adminFollowPage = cursorPage(adminFollowProduct);
export type AdminFollowPage = z.infer<typeof adminFollowPage>;

const feeRate = z.string().regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, "A fraction from 0 to 1");

/**
 * `follow/save`: a new product (no id) or a change of one. Once created, its currency, leader, fees and
 * end time are fixed (FOLLOW_TERMS_FIXED); its name, strategy, minimum and maximum, follow time limit and
 * channel password may change while it is active (PRODUCT_UNAVAILABLE once ended or closed). The leader is
 * a user named by account (ACCOUNT_NOT_FOUND). `channelPassword`: for a private product, kept as a hash; on
 * a change, absent keeps the old one. Times in order opensAt < closesAt ≤ endsAt (INVALID_INPUT).
 */
export const adminFollowSaveRequest = z
  .object({
    id: productId.optional(),
    name: plainText.min(1).max(80),
    strategy: plainText.min(1).max(4000),
    leaderAccount: plainText.min(1).max(64),
    currency,
    minBuy: positiveMoneyString,
    maxBuy: positiveMoneyString.nullable(),
    opensAt: z.iso.datetime({ offset: true }),
    closesAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    private: z.boolean(),
    channelPassword: z.string().min(4).max(64).optional(),
    earlyRedeem: z.boolean(),
    managementFeeRate: feeRate,
    performanceFeeRate: feeRate,
    leaderShare: feeRate,
    reason: staffReason,
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.closesAt) <= Date.parse(v.opensAt))
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "INVALID_INPUT" });
    if (Date.parse(v.endsAt) < Date.parse(v.closesAt))
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "INVALID_INPUT" });
  });
export type AdminFollowSaveRequest = z.infer<typeof adminFollowSaveRequest>;

/** `follow/detail {productId}`: the product, its portfolio's orders and its followers. */
export const adminFollowDetailRequest = z.object({ productId });

export const adminFollowHolding = followHolding
  .omit({ canRedeem: true, productName: true })
  .extend({ account: z.string(), userId: z.string().uuid() });
export type AdminFollowHolding = z.infer<typeof adminFollowHolding>;

export const adminFollowDetail = z.object({
  product: adminFollowProduct,
  portfolio: followPortfolio,
  /** The portfolio's orders, open ones first, newest first (at most 100). */
  orders: z.array(tradeOrder),
  /** Every holding (at most 500), the ones not ended first. */
  holdings: z.array(adminFollowHolding),
  fees: followFees,
  risk: followRisk,
  copierResults: z.array(followCopierResults),
  navSeries: z.array(followNavPoint),
});
export type AdminFollowDetail = z.infer<typeof adminFollowDetail>;

/**
 * `follow/trade {productId, …order}`: an order of the product's portfolio through the normal order path
 * (the same checks, charges and states as `trade/placeOrder`); PRODUCT_UNAVAILABLE once ended or closed.
 */
export const adminFollowTradeRequest = orderDraft.extend({ productId, idempotencyKey, reason: staffReason });
export type AdminFollowTradeRequest = z.infer<typeof adminFollowTradeRequest>;

/** `follow/closePosition {productId, positionId}`: closes one of the portfolio's positions (`trade/closePosition`). */
export const adminFollowClosePositionRequest = z.object({
  productId,
  positionId: z.string().uuid(),
  idempotencyKey,
  reason: staffReason,
});
export type AdminFollowClosePositionRequest = z.infer<typeof adminFollowClosePositionRequest>;

/** `follow/cancelOrder {productId, orderId}`: cancels a waiting limit order of the portfolio. */
export const adminFollowCancelOrderRequest = z.object({
  productId,
  orderId: z.string().uuid(),
  reason: staffReason,
});
export type AdminFollowCancelOrderRequest = z.infer<typeof adminFollowCancelOrderRequest>;

/**
 * `follow/close {productId, reason}`: asks the close of every open position of the portfolio through the
 * normal close path (a market that is shut closes at its next open) and cancels its waiting orders; at the
 * first mark with no position open, every holding is paid out at that NAV and each follower gets a
 * message with the reason. No buys are taken from the close on. PRODUCT_UNAVAILABLE once ended or closed.
 */
export const adminFollowCloseRequest = z.object({ productId, reason: staffReason });
export type AdminFollowCloseRequest = z.infer<typeof adminFollowCloseRequest>;

export const FOLLOW_SAVE_AUDIT = "follow.save";
export const FOLLOW_TRADE_AUDIT = "follow.trade";
export const FOLLOW_CLOSE_POSITION_AUDIT = "follow.closePosition";
export const FOLLOW_CANCEL_ORDER_AUDIT = "follow.cancelOrder";
export const FOLLOW_CLOSE_AUDIT = "follow.close";
/** The system's action when a product reaches its end time (actor `system`). */
export const FOLLOW_END_AUDIT = "follow.end";
export const FOLLOW_LIST_AUDIT = "read.followProducts";
export const FOLLOW_DETAIL_AUDIT = "read.followProduct";
