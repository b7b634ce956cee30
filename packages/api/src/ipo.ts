import { z } from "zod";
import { staffReason } from "./admin.js";
import { idempotencyKey, moneyString, plainText, positivePrice } from "./envelope.js";
import { cursorPage, cursorRequest } from "./identity.js";
import { askedShares, ipoAllocationRule, ipoDrawTerms, shareCount, sharesUpTo } from "./ipo-draw.js";

/**
 * New shares (IPO) (DESIGN §5 "Primary market"; spec §3 new-share fields, §4 states, §5 "limited number of
 * subscriptions (once or N times), not before subscription time, with enough balance", §8 "not yet listed or
 * subscription time", "subscription channel not open", §9 "Minimum IPO subscription: 10000 shares").
 *
 * An offering is created in the back office: one instrument of the catalogue (typically of the
 * `subscription` board), its underwriting price, the shares offered, the minimum (default 10,000) and an
 * optional maximum per subscription, how many times one user may subscribe, the lead broker, and its dates:
 * subscription opens → subscription closes (the deadline) ≤ draw ≤ payment due (the allocation date) ≤
 * listing. When it is created the server draws a random 32-byte seed and publishes only its SHA-256
 * (`seedHash`); the seed itself is published by the draw, so anyone can repeat the lottery.
 *
 * The life of a subscription (spec §4):
 *   applied (awaiting draw) ─ draw ─→ awaitingPayment (won, allotted) ─ pay ─→ paid ─ listing ─→ listed
 *                                 └─→ notWon                          └ waive / past due ─→ waived
 *   applied / awaitingPayment / paid ─ offering cancelled ─→ failed
 *
 * Money (DESIGN §5a "Primary market", as India's ASBA): a subscription blocks its amount when it is made
 * (entry `ipoPayment`, available → held). What it no longer needs goes back (entry `ipoRefund`, held →
 * available) in the transaction of the change: everything on a loss, a waiver, a lapse at listing or a
 * cancellation; the unallotted part of a win at the draw. A winner pays out of the block, so a payment
 * never fails for want of money; the listing makes the block the position's margin.
 *
 * - A provisional price (`priceFinalAt` on the save): subscriptions block at it until the scheduler makes the
 *   final price (`ipos/finalPrice`, or the provisional one) the price at that time; every applied block then
 *   follows it (a fall releases, a rise blocks more, or reduces or fails the application: docs/ipo.md), and
 *   subscribers are told when it moved more than `offering.finalPriceWarnAbove`.
 * - `ipo/subscribe` blocks price × quantity: it checks, in this order, ACCOUNT_FROZEN, TRADE_BANNED, KYC_REQUIRED,
 *   NOT_FOUND (unknown offering), NOT_YET_OPEN (before `opensAt`), SUBSCRIPTION_CHANNEL_CLOSED (past
 *   `closesAt`, drawn, listed or cancelled), QUANTITY_NOT_WHOLE_LOTS, IPO_BELOW_MIN {minShares},
 *   IPO_ABOVE_MAX {maxShares}, IPO_LIMIT_REACHED {limit}, INSUFFICIENT_AVAILABLE {available} (price ×
 *   quantity against the available balance of the offering's currency; refused, nothing is written). A
 *   user's subscriptions are serialised (their user row locked) so concurrent ones respect the limit.
 * - The draw (`ipos/draw`, staff, on or after the announced `drawAt` and the beacon round): the offering's
 *   published allocation rule over the applications' Merkle root and the beacon's randomness (ipo-draw.ts).
 *   Allotted (whole lots, at most the quantity asked): `awaitingPayment`, the unallotted part released;
 *   others `notWon`, all released. Each user gets a message (`ipoWon`, `ipoNotWon`, with what was
 *   `released`).
 * - `ipo/pay {subscriptionId}` only in `awaitingPayment` and before `paymentDueAt` (ORDER_STATE_INVALID
 *   otherwise; SUBSCRIPTION_CHANNEL_CLOSED past the due time): price × allotted is paid out of the block and
 *   stays held until the listing; `paid`.
 * - `ipo/waive {subscriptionId}` only in `awaitingPayment`: `waived`, the block released (`ipoRefund`).
 * - The listing (`ipos/listing`, staff, at or after `listingAt`): every `awaitingPayment` is `waived` (its
 *   block released, message `ipoWaived`); every
 *   `paid` opens a position (trade order of kind `ipo`: long, 1×, at the underwriting price, margin = the
 *   payment, no fee, not locked), booked `tradeMargin` held → margin; `listed`, with its order's id. Message
 *   `ipoListed`.
 * - The cancellation (`ipos/cancel`, staff, before listing): every open subscription `failed`; what it
 *   holds comes back (entry `ipoRefund`, held → available). Message `ipoCancelled`.
 */

/** The spec's minimum subscription (§9), the default of a new offering. */
export const IPO_MIN_QUANTITY_DEFAULT = 10_000;
/** The most shares an offering may offer, or one subscription ask for. */
export const IPO_QUANTITY_MAX = 1_000_000_000;
/** The most times one offering may let a user subscribe. */
export const IPO_SUBSCRIPTION_LIMIT_MAX = 20;
export const IPO_PAGE_SIZE = 20;

/**
 * Where an offering is, as everyone sees it: before its window, in it, closed and awaiting the draw,
 * drawn (winners paying), listed, or cancelled.
 */
export const IPO_STATUSES = ["upcoming", "open", "closed", "drawn", "listed", "cancelled"] as const;
export const ipoStatus = z.enum(IPO_STATUSES);
export type IpoStatus = z.infer<typeof ipoStatus>;

/** A subscription's states (spec §4 "New share"; "to subscribe" is an open offering's own status). */
export const IPO_SUBSCRIPTION_STATES = [
  "applied",
  "notWon",
  "awaitingPayment",
  "paid",
  "listed",
  "waived",
  "failed",
] as const;
export const ipoSubscriptionState = z.enum(IPO_SUBSCRIPTION_STATES);
export type IpoSubscriptionState = z.infer<typeof ipoSubscriptionState>;

const offeringId = z.string().uuid();
const subscriptionId = z.string().uuid();

/** One offering as the user sees it (`ipo/offerings`, `ipo/offering`). Spec §3 "New share". */
export const ipoOffering = z.object({
  id: offeringId,
  symbol: z.string(),
  exchange: z.string(),
  /** The localised name is the app's (catalogue names); this is the catalogue's English name. */
  name: z.string(),
  /** The issue market (market code: IN, US, KR …). */
  market: z.string(),
  currency: z.string(),
  /**
   * The underwriting price per share in force: the provisional one until `priceFinalAt`, then the final
   * one. Subscriptions block price × quantity at it (docs/ipo.md "A provisional price").
   */
  price: moneyString,
  /** The provisional price the offering was saved with; null when its price was final from the start. */
  provisionalPrice: moneyString.nullable(),
  /** When the provisional price becomes final (ISO instant); null when it was final from the start. */
  priceFinalAt: z.string().nullable(),
  /** True while the price is provisional (before `priceFinalAt` and the scheduler's step at it). */
  priceProvisional: z.boolean(),
  /** The instrument's current (grey-market) price, when there is one. */
  marketPrice: moneyString.nullable(),
  /** marketPrice − price (null without a market price). */
  priceDifference: moneyString.nullable(),
  /** The pre-listing gain rate: priceDifference ÷ price in percent, 2 decimals ("12.50"). */
  premiumRate: z.string().nullable(),
  /** Shares offered, and shares subscribed so far by everyone ("total subscription"); whole shares. */
  totalShares: shareCount,
  subscribedShares: shareCount,
  minQuantity: shareCount,
  /** At most this many shares per subscription; null: no maximum. */
  maxQuantity: shareCount.nullable(),
  /** The minimum investment: price × minQuantity. */
  minInvestment: moneyString,
  /** How many times one user may subscribe ("once or N times"). */
  subscriptionLimit: z.number().int(),
  leadBroker: z.string(),
  opensAt: z.string(),
  /** The deadline. */
  closesAt: z.string(),
  drawAt: z.string(),
  /** The allocation date: winners pay before it. */
  paymentDueAt: z.string(),
  listingAt: z.string(),
  status: ipoStatus,
  /** Winners ÷ subscriptions in percent, 2 decimals, once drawn; else null. */
  winRate: z.string().nullable(),
  /** SHA-256 of the draw seed's hex text, in hex: published from the start. */
  seedHash: z.string(),
  /** The seed, hex: published by the draw (null before). */
  seed: z.string().nullable(),
  ...ipoDrawTerms.shape,
});
export type IpoOffering = z.infer<typeof ipoOffering>;

/** One offering with what its subscription form needs: the user's available balance and count so far. */
export const ipoOfferingDetail = ipoOffering.extend({
  available: moneyString,
  /** The user's subscriptions to this offering (any state), against `subscriptionLimit`. */
  mySubscriptions: z.number().int(),
});
export type IpoOfferingDetail = z.infer<typeof ipoOfferingDetail>;

/** `ipo/offerings {cursor?}`: every offering not cancelled, newest first (opening soonest last). */
export const ipoOfferingsRequest = cursorRequest;
export const ipoOfferingPage = cursorPage(ipoOffering);
export type IpoOfferingPage = z.infer<typeof ipoOfferingPage>;

/** `ipo/offering {offeringId}`: one offering (cancelled ones too); NOT_FOUND when unknown. */
export const ipoOfferingRequest = z.object({ offeringId });

/** `ipo/subscribe`: whole shares (1 lot is 1 share), as a decimal string. Answers the subscription (`applied`). */
export const ipoSubscribeRequest = z.object({
  offeringId,
  quantity: askedShares(IPO_QUANTITY_MAX),
  idempotencyKey,
});
export type IpoSubscribeRequest = z.infer<typeof ipoSubscribeRequest>;

/** A subscription as its owner sees it, with the offering's name, price and dates it needs. */
export const ipoSubscription = z.object({
  id: subscriptionId,
  /** The number shown to the user: S and at least 10 digits. */
  subscriptionNo: z.string(),
  offeringId,
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  price: moneyString,
  quantity: shareCount,
  /** Shares allotted by the draw ("0" before it and when not won). */
  allotted: shareCount,
  /** What the allotment costs (price × allotted), or the subscription's value before the draw. */
  amount: moneyString,
  /**
   * What the subscription holds of the user's money now: the amount blocked when it was made, less what
   * went back; "0" once listed (the payment is the position's margin) or ended.
   */
  held: moneyString,
  /** What went back from the block to the available balance so far (a loss, the unallotted part, a waiver, a lapse, a cancellation). */
  released: moneyString,
  state: ipoSubscriptionState,
  /** Its rank in the draw, SHA-256(randomness ":" leaf) hex, once drawn (docs/primary-market.md). */
  drawKey: z.string().nullable(),
  createdAt: z.string(),
  drawAt: z.string(),
  drawnAt: z.string().nullable(),
  paymentDueAt: z.string(),
  paidAt: z.string().nullable(),
  listingAt: z.string(),
  listedAt: z.string().nullable(),
  /** The position opened at listing (`/trade/positionDetail`). */
  orderId: z.string().uuid().nullable(),
});
export type IpoSubscription = z.infer<typeof ipoSubscription>;

/** `ipo/mine {cursor?, offeringId?}`: the user's subscriptions, newest first. */
export const ipoMineRequest = cursorRequest.extend({ offeringId: offeringId.optional() });
export const ipoSubscriptionPage = cursorPage(ipoSubscription);
export type IpoSubscriptionPage = z.infer<typeof ipoSubscriptionPage>;

/** `ipo/pay`, `ipo/waive`: one of the user's own subscriptions (NOT_FOUND for another user's). */
export const ipoSubscriptionActionRequest = z.object({ subscriptionId, idempotencyKey });
export type IpoSubscriptionActionRequest = z.infer<typeof ipoSubscriptionActionRequest>;

// ---------------------------------------------------------------------------------------------------
// Back office (permission ipos.manage)

/** How many subscriptions are in each state (an object of the seven, so it serialises from JSON Schema). */
const ipoStateCounts = z.object(
  Object.fromEntries(IPO_SUBSCRIPTION_STATES.map((state) => [state, z.number().int()])) as Record<
    IpoSubscriptionState,
    z.ZodNumber
  >,
);

/** An offering as staff see it: its counts so far. */
export const adminIpoOffering = ipoOffering
  .omit({ marketPrice: true, priceDifference: true, premiumRate: true })
  .extend({
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Subscriptions in all, and by state. */
    subscriptionCount: z.number().int(),
    counts: ipoStateCounts,
    drawnAt: z.string().nullable(),
    listedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /** The final price staff set before `priceFinalAt` (null: none yet; the provisional one then stands). */
    finalPrice: moneyString.nullable(),
    /** When the price became final (the scheduler's step at `priceFinalAt`). */
    priceFixedAt: z.string().nullable(),
  });
export type AdminIpoOffering = z.infer<typeof adminIpoOffering>;

/** `ipos/offerings {cursor?}`: every offering, newest first, ADMIN_PAGE_SIZE a page. */
export const adminIpoListRequest = cursorRequest;
export const adminIpoPage = cursorPage(adminIpoOffering);
export type AdminIpoPage = z.infer<typeof adminIpoPage>;

const shares = sharesUpTo(IPO_QUANTITY_MAX);
const instant = z.iso.datetime({ offset: true });

/**
 * `ipos/save`: a new offering (no id) or a change of one that has not opened yet (ORDER_STATE_INVALID once
 * it has, or when cancelled). The instrument is named by its symbol (UNKNOWN_SYMBOL; a stock, not crypto or
 * forex: INVALID_INPUT); its exchange, market and currency follow from it. The price is at the currency's
 * scale. Dates: opensAt < closesAt ≤ drawAt ≤ paymentDueAt ≤ listingAt.
 */
export const adminIpoSaveRequest = z
  .object({
    id: offeringId.optional(),
    symbol: plainText.min(1).max(32),
    price: positivePrice,
    totalShares: shares,
    minQuantity: shares,
    maxQuantity: shares.nullable(),
    subscriptionLimit: z.number().int().min(1).max(IPO_SUBSCRIPTION_LIMIT_MAX),
    leadBroker: plainText.min(1).max(120),
    opensAt: instant,
    closesAt: instant,
    drawAt: instant,
    paymentDueAt: instant,
    listingAt: instant,
    /** Default: the market's (IN lottery, KR equalThenProRata, others proRata). */
    allocationRule: ipoAllocationRule.optional(),
    /** Shares per lot, at most the minimum subscription (default: the minimum subscription). */
    lotSize: shares.optional(),
    /**
     * Given: `price` is provisional and becomes final at this instant, in the future and no later than
     * `closesAt` (the applications' root is published only once the price is final: an application its
     * final price reduces changes before the root, never after).
     */
    priceFinalAt: instant.nullable().optional(),
    reason: staffReason,
  })
  .superRefine((v, ctx) => {
    // Compared only once each is whole digits (a refinement runs after a field's own refusal too).
    const count = (shares: unknown) =>
      typeof shares === "string" && /^\d+$/.test(shares) ? BigInt(shares) : null;
    const [min, max, total, lot] = [v.minQuantity, v.maxQuantity, v.totalShares, v.lotSize].map(count);
    if (min != null && max != null && max < min)
      ctx.addIssue({ code: "custom", path: ["maxQuantity"], message: "INVALID_INPUT" });
    if (min != null && total != null && min > total)
      ctx.addIssue({ code: "custom", path: ["minQuantity"], message: "INVALID_INPUT" });
    if (min != null && lot != null && lot > min)
      ctx.addIssue({ code: "custom", path: ["lotSize"], message: "INVALID_INPUT" });
    if (v.priceFinalAt != null && Date.parse(v.priceFinalAt) > Date.parse(v.closesAt))
      ctx.addIssue({ code: "custom", path: ["priceFinalAt"], message: "INVALID_INPUT" });
    const order: (keyof typeof v)[] = ["opensAt", "closesAt", "drawAt", "paymentDueAt", "listingAt"];
    for (let i = 1; i < order.length; i++) {
      const before = Date.parse(v[order[i - 1] as "opensAt"]);
      const after = Date.parse(v[order[i] as "opensAt"]);
      if (i === 1 ? after <= before : after < before)
        ctx.addIssue({ code: "custom", path: [order[i] as string], message: "INVALID_INPUT" });
    }
  });
export type AdminIpoSaveRequest = z.infer<typeof adminIpoSaveRequest>;

/**
 * `ipos/draw {id, reason}` (not yet drawn: ORDER_STATE_INVALID otherwise; NOT_YET_OPEN before the announced
 * `drawAt`), `ipos/listing {id, reason}` (drawn, at or after `listingAt`: NOT_YET_OPEN before), `ipos/cancel {id, reason}` (not
 * yet listed). Each answers the offering after it and leaves an audit record.
 */
export const adminIpoActionRequest = z.object({ id: offeringId, reason: staffReason });
export type AdminIpoActionRequest = z.infer<typeof adminIpoActionRequest>;

/**
 * `ipos/finalPrice {id, price, reason}`: the final price of an offering whose price is provisional, set
 * before `priceFinalAt` (ORDER_STATE_INVALID when its price is final, or from `priceFinalAt` on; the price
 * at the currency's scale: INVALID_INPUT on `price`). It may be set again until then; at `priceFinalAt` the
 * scheduler makes it the price (the provisional one when none was set). Audited (ipo.finalPrice).
 */
export const adminIpoFinalPriceRequest = z.object({
  id: offeringId,
  price: positivePrice,
  reason: staffReason,
});
export type AdminIpoFinalPriceRequest = z.infer<typeof adminIpoFinalPriceRequest>;

/** `ipos/subscriptions {id, cursor?}`: an offering's subscriptions, with the user's account, newest first. */
export const adminIpoSubscriptionsRequest = cursorRequest.extend({ id: offeringId });
export const adminIpoSubscription = ipoSubscription.extend({
  userId: z.string().uuid(),
  account: z.string(),
});
export const adminIpoSubscriptionPage = cursorPage(adminIpoSubscription);
export type AdminIpoSubscriptionPage = z.infer<typeof adminIpoSubscriptionPage>;

/** The audit actions of the back office's IPO calls. */
export const IPO_SAVE_AUDIT = "ipo.save";
export const IPO_DRAW_AUDIT = "ipo.draw";
export const IPO_LISTING_AUDIT = "ipo.listing";
export const IPO_CANCEL_AUDIT = "ipo.cancel";
export const IPO_CHECK_AUDIT = "ipo.check";
/** Staff set the final price of a provisional one. */
export const IPO_FINAL_PRICE_AUDIT = "ipo.finalPrice";
/** The price became final at its stated time (the system's step), the subscriptions' blocks adjusted. */
export const IPO_PRICE_FIXED_AUDIT = "ipo.priceFixed";
