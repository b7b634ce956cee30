import { createHash, randomBytes } from "node:crypto";
import {
  IPO_SUBSCRIPTION_STATES,
  type AdminIpoOffering,
  type adminIpoSubscription,
  type IpoOffering,
  type IpoSubscription,
  type IpoSubscriptionState,
} from "@brokerage/api";
import {
  ipoAmount,
  ipoDrawKeyInput,
  ipoPremium,
  ipoStatus,
  toBookedString,
  type MarketDataProvider,
} from "@brokerage/core";
import type { z } from "zod";
import { currentPrice, decimalsOf, priceText } from "../trading/index.js";
import { stillHeld } from "./holds.js";
import { drawTermsOf } from "./draw.js";
import type { OfferingRow, SubscriptionRow } from "./repository.js";

/** How offering and subscription rows become the contract's, and the lottery's seed and keys. */

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The hash published for a seed before anyone subscribes: SHA-256 (hex) of the seed's hex text. */
export const seedHashOf = (seed: string): string => sha256(seed);

/** A new offering's seed (32 random bytes, hex) and its published hash. */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString("hex");
  return { seed, seedHash: seedHashOf(seed) };
}

/** A subscription's draw key: SHA-256 (hex) of `ipoDrawKeyInput(seed, id)`. */
export const drawKeyOf = (seed: string, subscriptionId: string): string =>
  sha256(ipoDrawKeyInput(seed, subscriptionId));

const nameOf = (market: MarketDataProvider, symbol: string) => market.listing(symbol)?.name ?? symbol;

/** The underwriting price, at the currency's scale. */
const priceOf = (row: OfferingRow) => toBookedString(row.price, row.currency);

/** What a subscription costs: price × allotted once allotted, else price × the shares asked for. */
export const amountOf = (offering: OfferingRow, subscription: SubscriptionRow): string =>
  subscription.paymentAmount !== null
    ? toBookedString(subscription.paymentAmount, offering.currency)
    : ipoAmount(
        offering.price,
        subscription.allotted > 0n ? subscription.allotted : subscription.quantity,
        offering.currency,
      );

const scaled = (value: string | null, currency: string) =>
  value === null ? null : toBookedString(value, currency);

/** A provisional price and when it becomes final (docs/ipo.md "A provisional price"). */
export function priceTermsOf(row: OfferingRow) {
  return {
    provisionalPrice: scaled(row.provisionalPrice, row.currency),
    priceFinalAt: row.priceFinalAt?.toISOString() ?? null,
    priceProvisional: row.provisionalPrice !== null && row.priceFixedAt === null,
  };
}

/** What every view of an offering shares. The seed only once drawn (a cancelled undrawn one keeps it). */
function offeringCommon(row: OfferingRow, market: MarketDataProvider, at: Date) {
  return {
    id: row.id,
    symbol: row.symbol,
    exchange: row.exchange,
    name: nameOf(market, row.symbol),
    market: row.market,
    currency: row.currency,
    price: priceOf(row),
    ...priceTermsOf(row),
    minQuantity: String(row.minQuantity),
    maxQuantity: row.maxQuantity === null ? null : String(row.maxQuantity),
    minInvestment: ipoAmount(row.price, row.minQuantity, row.currency),
    subscriptionLimit: row.subscriptionLimit,
    leadBroker: row.leadBroker,
    totalShares: String(row.totalShares),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    drawAt: row.drawAt.toISOString(),
    paymentDueAt: row.paymentDueAt.toISOString(),
    listingAt: row.listingAt.toISOString(),
    status: ipoStatus(row, at),
    winRate: row.winRate,
    seedHash: row.seedHash,
    seed: row.drawnAt === null ? null : row.seed,
    ...drawTermsOf(row),
  };
}

/** The offering as users see it at `at`, with the grey-market price and premium when there is a price. */
export function toOffering(
  row: OfferingRow,
  subscribedShares: bigint,
  market: MarketDataProvider,
  at: Date,
): IpoOffering {
  const live = currentPrice(market, row.symbol, at);
  const decimals = decimalsOf(market, row);
  const premium = ipoPremium(priceOf(row), live);
  return {
    ...offeringCommon(row, market, at),
    subscribedShares: String(subscribedShares),
    marketPrice: live === undefined ? null : priceText(live, decimals),
    priceDifference: premium === null ? null : priceText(premium.priceDifference, decimals),
    premiumRate: premium?.premiumRate ?? null,
  };
}

export interface OfferingTally {
  /** Subscriptions by state. */
  counts: Partial<Record<IpoSubscriptionState, number>>;
  subscribedShares: bigint;
}

/** The offering as staff see it: who created it and its subscriptions by state. */
export function toAdminOffering(
  row: OfferingRow,
  extra: { createdBy: string; tally: OfferingTally | undefined },
  market: MarketDataProvider,
  at: Date,
): AdminIpoOffering {
  const counts = Object.fromEntries(
    IPO_SUBSCRIPTION_STATES.map((state) => [state, extra.tally?.counts[state] ?? 0]),
  ) as Record<IpoSubscriptionState, number>;
  return {
    ...offeringCommon(row, market, at),
    subscribedShares: String(extra.tally?.subscribedShares ?? 0n),
    createdBy: extra.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    subscriptionCount: Object.values(counts).reduce((sum, n) => sum + n, 0),
    counts,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    listedAt: row.listedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    finalPrice: scaled(row.finalPrice, row.currency),
    priceFixedAt: row.priceFixedAt?.toISOString() ?? null,
  };
}

/** A subscription as its owner sees it, with its offering's name, price and dates. */
export function toSubscription(
  subscription: SubscriptionRow,
  offering: OfferingRow,
  market: MarketDataProvider,
): IpoSubscription {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    id: subscription.id,
    subscriptionNo: subscription.subscriptionNo,
    offeringId: offering.id,
    symbol: offering.symbol,
    name: nameOf(market, offering.symbol),
    currency: offering.currency,
    price: priceOf(offering),
    quantity: String(subscription.quantity),
    allotted: String(subscription.allotted),
    amount: amountOf(offering, subscription),
    held: stillHeld(
      subscription.state === "listed" ? { heldAmount: "0", releasedAmount: "0" } : subscription,
      offering.currency,
    ),
    released: toBookedString(subscription.releasedAmount, offering.currency),
    state: subscription.state,
    drawKey: subscription.drawKey,
    createdAt: subscription.createdAt.toISOString(),
    drawAt: offering.drawAt.toISOString(),
    drawnAt: iso(subscription.drawnAt),
    paymentDueAt: offering.paymentDueAt.toISOString(),
    paidAt: iso(subscription.paidAt),
    listingAt: offering.listingAt.toISOString(),
    listedAt: iso(subscription.listedAt),
    orderId: subscription.orderId,
  };
}

export function toAdminSubscription(
  subscription: SubscriptionRow,
  offering: OfferingRow,
  account: string,
  market: MarketDataProvider,
): z.infer<typeof adminIpoSubscription> {
  return { ...toSubscription(subscription, offering, market), userId: subscription.userId, account };
}

/** What the audit record keeps of an offering: its terms and state (never the seed before the draw). */
export function offeringSnapshot(row: OfferingRow) {
  return {
    symbol: row.symbol,
    exchange: row.exchange,
    currency: row.currency,
    price: priceOf(row),
    provisionalPrice: scaled(row.provisionalPrice, row.currency),
    priceFinalAt: row.priceFinalAt?.toISOString() ?? null,
    finalPrice: scaled(row.finalPrice, row.currency),
    priceFixedAt: row.priceFixedAt?.toISOString() ?? null,
    totalShares: String(row.totalShares),
    minQuantity: String(row.minQuantity),
    maxQuantity: row.maxQuantity === null ? null : String(row.maxQuantity),
    subscriptionLimit: row.subscriptionLimit,
    leadBroker: row.leadBroker,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    drawAt: row.drawAt.toISOString(),
    paymentDueAt: row.paymentDueAt.toISOString(),
    listingAt: row.listingAt.toISOString(),
    seedHash: row.seedHash,
    allocationRule: row.allocationRule,
    lotSize: String(row.lotSize),
    beaconProvider: row.beaconProvider,
    beaconRound: row.beaconRound,
    state: row.state,
  };
}
