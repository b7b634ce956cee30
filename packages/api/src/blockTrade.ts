import { z } from "zod";
import { staffReason } from "./admin.js";
import { idempotencyKey, moneyString, plainText, positivePrice } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { shareCount, sharesUpTo } from "./ipo-draw.js";
import { quantityString, tradeOrder } from "./trading.js";

/**
 * Block trades (DESIGN §5 "Primary market"; spec §5 "Block trades have a minimum share count", §8 "block
 * trade closed (with minimum share count)", "secret key mismatch"). Staff publish an offer: one instrument
 * at a discounted price, a minimum (and optional maximum) share count per subscription, a subscription
 * window, a lock of N trading days and an optional secret key they hand out. A user subscribes
 * (`blockTrade/subscribe`): the margin and fee at the offer price, unleveraged, are held from `available`
 * in the instrument's settlement currency, and the subscription is a trade order of kind `blockTrade` under
 * `review`. A reviewer approves it (review kind `blockTrade`: the position opens at the offer price, locked
 * for the offer's trading days from the approval) or rejects it (everything held comes back, `declined`).
 *
 * Refusals of `blockTrade/subscribe`, in this order: ACCOUNT_FROZEN, TRADE_BANNED, FUND_PASSWORD_NOT_SET,
 * NOT_FOUND (an unknown offer), BLOCK_TRADE_CLOSED {minShares} (withdrawn, not yet open or past its
 * window), QUANTITY_NOT_WHOLE_LOTS, BLOCK_TRADE_BELOW_MIN {minShares}, BLOCK_TRADE_ABOVE_MAX {maxShares},
 * SECRET_KEY_MISMATCH (a key missing or wrong where the offer asks for one), INSUFFICIENT_AVAILABLE
 * {available}.
 */

/** Whether an offer takes subscriptions now: before its window, in it, or past it (or withdrawn). */
export const BLOCK_TRADE_STATUSES = ["upcoming", "open", "closed"] as const;
export const blockTradeStatus = z.enum(BLOCK_TRADE_STATUSES);
export type BlockTradeStatus = z.infer<typeof blockTradeStatus>;

/** The longest lock an offer may set, in trading days (about two years). */
export const BLOCK_TRADE_LOCK_DAYS_MAX = 500;
/** The most shares one offer may ask for or allow in one subscription. */
export const BLOCK_TRADE_QUANTITY_MAX = 100_000_000;
/** A secret key staff hand out: 4 to 64 characters, kept only as its SHA-256. */
export const blockTradeSecretKey = plainText.min(4).max(64);

/**
 * The shares a subscription asks for, as a decimal string of at most BLOCK_TRADE_QUANTITY_MAX: a fraction
 * passes here so that the server refuses it with its own QUANTITY_NOT_WHOLE_LOTS.
 */
export const subscriptionShares = quantityString.refine(
  // Zod runs a refinement even after the pattern failed: only digits reach BigInt.
  (v) => !/^\d+(\.\d+)?$/.test(v) || BigInt(v.split(".")[0] ?? "0") <= BigInt(BLOCK_TRADE_QUANTITY_MAX),
  { message: "INVALID_INPUT" },
);

const offerId = z.string().uuid();

/** One offer as the user sees it (`blockTrade/offers`, `blockTrade/offer`). */
export const blockTradeOffer = z.object({
  id: offerId,
  symbol: z.string(),
  exchange: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  /** The offer's price per share, in the settlement currency. */
  price: moneyString,
  /** The instrument's current price, when there is one (null: no current quote). */
  livePrice: moneyString.nullable(),
  /** How far below the current price the offer is, in percent with 2 decimals ("7.50"); null without a price. */
  discount: z.string().nullable(),
  minQuantity: shareCount,
  /** At most this many shares per subscription; null: no maximum. */
  maxQuantity: shareCount.nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** The position opened from a subscription is locked for this many trading days after approval. */
  lockDays: z.number().int(),
  /** The offer asks for the secret key its staff hand out. */
  secretKeyRequired: z.boolean(),
  status: blockTradeStatus,
});
export type BlockTradeOffer = z.infer<typeof blockTradeOffer>;

/**
 * One offer with what the subscription form needs to price a quantity to the cent of what
 * `blockTrade/subscribe` holds (core `blockTradeCost`: unleveraged, at the offer price, the market's fee
 * rate with its minimum), and the user's available balance in the settlement currency.
 */
export const blockTradeOfferDetail = blockTradeOffer.extend({
  feeRate: z.string(),
  minFee: moneyString,
  available: moneyString,
});
export type BlockTradeOfferDetail = z.infer<typeof blockTradeOfferDetail>;

/** `blockTrade/offers {cursor?}`: offers open now or opening later, newest first. */
export const blockTradeOffersRequest = cursorRequest;
export const blockTradeOfferPage = cursorPage(blockTradeOffer);
export type BlockTradeOfferPage = z.infer<typeof blockTradeOfferPage>;

/** `blockTrade/offer {offerId}`: one offer (a withdrawn or ended one shows `closed`); NOT_FOUND when unknown. */
export const blockTradeOfferRequest = z.object({ offerId });

/** `blockTrade/subscribe`: whole shares (1 lot is 1 share); the key only where the offer asks for one. */
export const blockTradeSubscribeRequest = z.object({
  offerId,
  quantity: subscriptionShares,
  secretKey: plainText.max(64).optional(),
  idempotencyKey,
});
export type BlockTradeSubscribeRequest = z.infer<typeof blockTradeSubscribeRequest>;

/**
 * A subscription: the trade order it is (`review`, then `open`, `closed`, or `declined` with its reason),
 * with the offer it subscribed to and the offer's price.
 */
export const blockTradeSubscription = tradeOrder.extend({
  offerId,
  offerPrice: moneyString,
  lockDays: z.number().int(),
});
export type BlockTradeSubscription = z.infer<typeof blockTradeSubscription>;

/** `blockTrade/mine {cursor?}`: the user's subscriptions, newest first. */
export const blockTradeMineRequest = cursorRequest;
export const blockTradeSubscriptionPage = cursorPage(blockTradeSubscription);
export type BlockTradeSubscriptionPage = z.infer<typeof blockTradeSubscriptionPage>;

export const BLOCK_TRADE_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------
// Back office (permission blockTrades.manage)

/** An offer as staff see it: its state (`withdrawn` takes nothing new) and its subscriptions so far. */
export const adminBlockTradeOffer = blockTradeOffer
  .omit({ livePrice: true, discount: true, status: true })
  .extend({
    state: z.enum(["active", "withdrawn"]),
    status: z.enum([...BLOCK_TRADE_STATUSES, "withdrawn"]),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Subscriptions waiting for review, and the shares of those approved. */
    pendingCount: z.number().int(),
    approvedQuantity: shareCount,
  });
export type AdminBlockTradeOffer = z.infer<typeof adminBlockTradeOffer>;

export const adminBlockTradeListRequest = cursorRequest;
export const adminBlockTradePage = cursorPage(adminBlockTradeOffer);
export type AdminBlockTradePage = z.infer<typeof adminBlockTradePage>;

const shares = sharesUpTo(BLOCK_TRADE_QUANTITY_MAX);

/**
 * `blockTrades/save`: a new offer (no id) or a change of one that has not opened yet (ORDER_STATE_INVALID
 * once it has, or when withdrawn). The instrument is named by its symbol (UNKNOWN_SYMBOL); its exchange,
 * market and currency follow from it. `secretKey`: a new key; null removes it; absent keeps the current one.
 */
export const adminBlockTradeSaveRequest = z
  .object({
    id: offerId.optional(),
    symbol: plainText.min(1).max(32),
    price: positivePrice,
    minQuantity: shares,
    maxQuantity: shares.nullable(),
    opensAt: z.iso.datetime({ offset: true }),
    closesAt: z.iso.datetime({ offset: true }),
    lockDays: z.number().int().min(0).max(BLOCK_TRADE_LOCK_DAYS_MAX),
    secretKey: blockTradeSecretKey.nullable().optional(),
    reason: staffReason,
  })
  .superRefine((v, ctx) => {
    if (v.maxQuantity !== null && BigInt(v.maxQuantity) < BigInt(v.minQuantity))
      ctx.addIssue({ code: "custom", path: ["maxQuantity"], message: "INVALID_INPUT" });
    if (Date.parse(v.closesAt) <= Date.parse(v.opensAt))
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "INVALID_INPUT" });
  });
export type AdminBlockTradeSaveRequest = z.infer<typeof adminBlockTradeSaveRequest>;

/** `blockTrades/withdraw {id, reason}`: takes no new subscriptions; those under review stay to be decided. */
export const adminBlockTradeWithdrawRequest = z.object({ id: offerId, reason: staffReason });
export type AdminBlockTradeWithdrawRequest = z.infer<typeof adminBlockTradeWithdrawRequest>;

/** The audit actions of the back office's block-trade calls. */
export const BLOCK_TRADE_SAVE_AUDIT = "blockTrade.save";
export const BLOCK_TRADE_WITHDRAW_AUDIT = "blockTrade.withdraw";
export const BLOCK_TRADE_CHECK_AUDIT = "blockTrade.check";
