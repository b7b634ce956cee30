import type { BlockTradeOfferDetail } from "@brokerage/api";
import { blockTradeCost, type OrderCost } from "@brokerage/core";
import { readStored, writeStored } from "../../lib/storage";

/**
 * The offer detail (/home/blockTrade1) reads its offer id from local storage, as the stock detail does its
 * stock: the paths carry no parameters (spec §2).
 */
export const BLOCK_TRADE_OFFER_KEY = "blockTradeOffer";

/** Storage unavailable: the detail screen shows its empty state. */
export const saveOfferId = (id: string) => writeStored(BLOCK_TRADE_OFFER_KEY, id);
export const readOfferId = () => readStored(BLOCK_TRADE_OFFER_KEY);

/**
 * What subscribing to `quantity` shares holds, from the offer's own fee rule with the core's maths: the
 * same figures the server holds, to the cent. Null when the quantity is not a whole number of shares.
 */
export function subscriptionCost(offer: BlockTradeOfferDetail, quantity: string): OrderCost | null {
  try {
    return blockTradeCost(offer, quantity, { feeRate: offer.feeRate, minFee: offer.minFee });
  } catch {
    return null;
  }
}

/**
 * The offer's share limits as the server words them (its error codes), checked before the sheet opens so
 * a quantity out of range is explained beside the stepper rather than after a round trip.
 */
export function sharesProblem(
  offer: Pick<BlockTradeOfferDetail, "minQuantity" | "maxQuantity">,
  quantity: string,
): { code: "BLOCK_TRADE_BELOW_MIN" | "BLOCK_TRADE_ABOVE_MAX"; params: Record<string, string> } | null {
  const shares = BigInt(quantity);
  if (shares < BigInt(offer.minQuantity))
    return { code: "BLOCK_TRADE_BELOW_MIN", params: { minShares: offer.minQuantity } };
  if (offer.maxQuantity !== null && shares > BigInt(offer.maxQuantity))
    return { code: "BLOCK_TRADE_ABOVE_MAX", params: { maxShares: offer.maxQuantity } };
  return null;
}
