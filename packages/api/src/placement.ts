import { z } from "zod";
import { staffReason } from "./admin.js";
import { BLOCK_TRADE_LOCK_DAYS_MAX, BLOCK_TRADE_STATUSES, subscriptionShares } from "./blockTrade.js";
import { shareCount } from "./ipo-draw.js";
import { idempotencyKey, moneyString, plainText, positiveMoneyString, positivePrice } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { tradeOrder } from "./trading.js";

/**
 * Placements and capital increases (DESIGN §4.1 "Placements", §5 "Primary market"; spec §5 "placement has
 * a minimum", §8 "below minimum placement amount"). Staff make an offer of new shares of a listed
 * instrument: a fixed price, a minimum and an optional maximum amount per subscription (price × shares, in
 * the instrument's currency), a window, who may apply and the lock after allotment. A capital increase is
 * an offer of kind `capitalIncrease`, open by default only to the instrument's holders. A user subscribes
 * whole shares (`placement/subscribe`): the amount and the market's commission are held from `available`
 * at once, and the subscription is a trade order of kind `placement` under `review`. A reviewer approves
 * it (review kind `placement`: the position opens at the offer price, locked for the offer's trading days
 * from the approval) or rejects it (everything held comes back, `declined` with the reason).
 *
 * Refusals of `placement/subscribe`, in this order: ACCOUNT_DISABLED, ACCOUNT_FROZEN, TRADE_BANNED,
 * FUND_PASSWORD_NOT_SET, NOT_FOUND (an unknown offer), PLACEMENT_CLOSED (withdrawn, not yet open or past
 * its window), KYC_REQUIRED (not verified), PLACEMENT_HOLDERS_ONLY {symbol} (the offer is for holders),
 * QUANTITY_NOT_WHOLE_LOTS, PLACEMENT_BELOW_MIN {min, currency}, PLACEMENT_ABOVE_MAX {max, currency},
 * INSUFFICIENT_AVAILABLE {available}.
 */

export const PLACEMENT_KINDS = ["placement", "capitalIncrease"] as const;
export const placementKind = z.enum(PLACEMENT_KINDS);
export type PlacementKind = z.infer<typeof placementKind>;

/** Who may apply: every verified user, or only verified users holding the instrument. */
export const PLACEMENT_ELIGIBILITIES = ["verified", "holders"] as const;
export const placementEligibility = z.enum(PLACEMENT_ELIGIBILITIES);
export type PlacementEligibility = z.infer<typeof placementEligibility>;

/** Why this user may not apply to an offer (the refusal `placement/subscribe` would answer). */
export const PLACEMENT_INELIGIBLE = ["KYC_REQUIRED", "PLACEMENT_HOLDERS_ONLY"] as const;

export const placementStatus = z.enum(BLOCK_TRADE_STATUSES);
export type PlacementStatus = z.infer<typeof placementStatus>;

export const PLACEMENT_PAGE_SIZE = 20;

const offerId = z.string().uuid();

/** One offer as the user sees it (`placement/offers`, `placement/offer`). */
export const placementOffer = z.object({
  id: offerId,
  kind: placementKind,
  symbol: z.string(),
  exchange: z.string(),
  name: z.string(),
  market: z.string(),
  currency: z.string(),
  /** The fixed price per share, in the instrument's currency. */
  price: moneyString,
  /** The instrument's current price, when there is one. */
  livePrice: moneyString.nullable(),
  /** The least and most one subscription may be worth (price × shares, before the commission). */
  minAmount: moneyString,
  maxAmount: moneyString.nullable(),
  /** The same bounds in whole shares at the price: the fewest and most shares a subscription may ask. */
  minQuantity: shareCount,
  maxQuantity: shareCount.nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  eligibility: placementEligibility,
  /** The allotted position is locked for this many trading days after approval. */
  lockDays: z.number().int(),
  status: placementStatus,
});
export type PlacementOffer = z.infer<typeof placementOffer>;

/**
 * One offer with what the form needs to price a quantity to the cent of what `placement/subscribe` holds
 * (core `placementCost`: price × shares plus the market's fee rate with its minimum), the user's available
 * balance in the instrument's currency, and whether this user may apply (null: yes; else the refusal).
 */
export const placementOfferDetail = placementOffer.extend({
  feeRate: z.string(),
  minFee: moneyString,
  available: moneyString,
  ineligible: z.enum(PLACEMENT_INELIGIBLE).nullable(),
});
export type PlacementOfferDetail = z.infer<typeof placementOfferDetail>;

/** `placement/offers {cursor?}`: offers open now or opening later, newest first. */
export const placementOffersRequest = cursorRequest;
export const placementOfferPage = cursorPage(placementOffer);
export type PlacementOfferPage = z.infer<typeof placementOfferPage>;

/** `placement/offer {id}`: one offer (a withdrawn or ended one shows `closed`); NOT_FOUND when unknown. */
export const placementOfferRequest = z.object({ id: offerId });

/** `placement/subscribe {offerId, quantity, idempotencyKey}`: whole shares. */
export const placementSubscribeRequest = z.object({
  offerId,
  quantity: subscriptionShares,
  idempotencyKey,
});
export type PlacementSubscribeRequest = z.infer<typeof placementSubscribeRequest>;

/** A subscription: the trade order it is, with its offer's kind, price and lock. */
export const placementSubscription = tradeOrder.extend({
  offerId,
  offerKind: placementKind,
  offerPrice: moneyString,
  lockDays: z.number().int(),
});
export type PlacementSubscription = z.infer<typeof placementSubscription>;

/** `placement/mine {cursor?}`: the user's subscriptions, newest first. */
export const placementMineRequest = cursorRequest;
export const placementSubscriptionPage = cursorPage(placementSubscription);
export type PlacementSubscriptionPage = z.infer<typeof placementSubscriptionPage>;

// ---------------------------------------------------------------------------------------------------
// Back office (permission placements.manage)

/** An offer as staff see it: its state and its subscriptions so far. */
export const adminPlacementOffer = placementOffer.omit({ livePrice: true, status: true }).extend({
  state: z.enum(["active", "withdrawn"]),
  status: z.enum([...BLOCK_TRADE_STATUSES, "withdrawn"]),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Subscriptions waiting for review, and the shares of those approved. */
  pendingCount: z.number().int(),
  approvedQuantity: shareCount,
});
export type AdminPlacementOffer = z.infer<typeof adminPlacementOffer>;

export const adminPlacementListRequest = cursorRequest;
export const adminPlacementPage = cursorPage(adminPlacementOffer);
export type AdminPlacementPage = z.infer<typeof adminPlacementPage>;

/**
 * `placements/save`: a new offer (no id) or a change of one that has not opened yet (ORDER_STATE_INVALID
 * once it has, or when withdrawn). The instrument is named by its symbol (UNKNOWN_SYMBOL); its exchange,
 * market and currency follow from it; a maximum below the minimum is INVALID_INPUT on `maxAmount` (checked
 * by the server in exact decimals). `eligibility` absent: `holders` for a capital increase, `verified`
 * for a placement.
 */
export const adminPlacementSaveRequest = z
  .object({
    id: offerId.optional(),
    kind: placementKind,
    symbol: plainText.min(1).max(32),
    price: positivePrice,
    minAmount: positiveMoneyString,
    maxAmount: positiveMoneyString.nullable(),
    opensAt: z.iso.datetime({ offset: true }),
    closesAt: z.iso.datetime({ offset: true }),
    eligibility: placementEligibility.optional(),
    lockDays: z.number().int().min(0).max(BLOCK_TRADE_LOCK_DAYS_MAX),
    reason: staffReason,
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.closesAt) <= Date.parse(v.opensAt))
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "INVALID_INPUT" });
  });
export type AdminPlacementSaveRequest = z.infer<typeof adminPlacementSaveRequest>;

/** `placements/withdraw {id, reason}`: takes no new subscriptions; those under review stay to be decided. */
export const adminPlacementWithdrawRequest = z.object({ id: offerId, reason: staffReason });
export type AdminPlacementWithdrawRequest = z.infer<typeof adminPlacementWithdrawRequest>;

export const PLACEMENT_SAVE_AUDIT = "placement.save";
export const PLACEMENT_WITHDRAW_AUDIT = "placement.withdraw";
export const PLACEMENT_LIST_AUDIT = "read.placementOffers";
