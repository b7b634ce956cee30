import type { PlacementOfferDetail } from "@brokerage/api";
import {
  checkPlacementQuantity,
  placementAmount,
  placementCost,
  TradingRuleError,
  type OrderCost,
} from "@brokerage/core";
import { readStored, writeStored } from "../../lib/storage";

/**
 * The offer screen (/home/newStockPsBuy) reads its offer id from local storage, as the stock detail does
 * its stock: the paths carry no parameters (spec §2).
 */
export const PLACEMENT_OFFER_KEY = "placementOffer";

export const savePlacementId = (id: string) => writeStored(PLACEMENT_OFFER_KEY, id);
export const readPlacementId = () => readStored(PLACEMENT_OFFER_KEY);

/** What `quantity` shares cost: their amount, then what is held (the amount and the commission). */
export function subscriptionCost(
  offer: PlacementOfferDetail,
  quantity: string,
): { amount: string; cost: OrderCost } | null {
  try {
    return {
      amount: placementAmount(offer, quantity),
      cost: placementCost(offer, quantity, { feeRate: offer.feeRate, minFee: offer.minFee }),
    };
  } catch {
    return null;
  }
}

/**
 * The offer's amount bounds as the server words them (its error codes, the minimum inside the message),
 * checked before the sheet opens so an amount out of range is explained beside the stepper.
 */
export function amountProblem(
  offer: PlacementOfferDetail,
  quantity: string,
): { code: string; params: Record<string, string> } | null {
  try {
    checkPlacementQuantity(
      { ...offer, opensAt: new Date(offer.opensAt), closesAt: new Date(offer.closesAt), state: "active" },
      quantity,
    );
    return null;
  } catch (error) {
    if (error instanceof TradingRuleError) return { code: error.code, params: error.params };
    throw error;
  }
}
