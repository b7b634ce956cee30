import type { IpoOfferingDetail } from "@brokerage/api";
import { ipoAmount, money } from "@brokerage/core";
import { readStored, writeStored } from "../../lib/storage";

/**
 * The subscription screen (/home/newStockBuy) reads its offering's id from local storage, as the block-trade
 * detail does its offer: the paths carry no parameters (spec §2).
 */
export const IPO_OFFERING_KEY = "ipoOffering";

/** Storage unavailable: the subscription screen shows its empty state. */
export const saveOfferingId = (id: string) => writeStored(IPO_OFFERING_KEY, id);
export const readOfferingId = () => readStored(IPO_OFFERING_KEY);

/** Share counts as the screens write them: "10,000". */
export const sharesText = (value: number) => value.toLocaleString("en-US");

/** What `quantity` shares cost at the underwriting price, at the currency's scale; null when not whole. */
export function subscriptionAmount(
  offering: Pick<IpoOfferingDetail, "price" | "currency">,
  quantity: number,
): string | null {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return null;
  return ipoAmount(offering.price, quantity, offering.currency);
}

export interface Refusal {
  code: string;
  params: Record<string, string>;
}

/**
 * Why the server would refuse subscribing right now, whatever the quantity (its order: not yet open, the
 * channel closed, the user's limit reached); null while the form can be used.
 */
export function offeringRefusal(
  offering: Pick<IpoOfferingDetail, "status" | "subscriptionLimit" | "mySubscriptions">,
): Refusal | null {
  if (offering.status === "upcoming") return { code: "NOT_YET_OPEN", params: {} };
  if (offering.status !== "open") return { code: "SUBSCRIPTION_CHANNEL_CLOSED", params: {} };
  if (offering.mySubscriptions >= offering.subscriptionLimit)
    return { code: "IPO_LIMIT_REACHED", params: { limit: String(offering.subscriptionLimit) } };
  return null;
}

/**
 * The quantity's problems in the server's order (whole shares, the minimum, the maximum, then the available
 * balance against price × quantity), checked before the sheet opens so they are said beside the form.
 */
export function quantityRefusal(
  offering: Pick<IpoOfferingDetail, "price" | "currency" | "minQuantity" | "maxQuantity" | "available">,
  quantity: number,
): Refusal | null {
  const amount = subscriptionAmount(offering, quantity);
  if (amount === null) return { code: "QUANTITY_NOT_WHOLE_LOTS", params: {} };
  if (quantity < offering.minQuantity)
    return { code: "IPO_BELOW_MIN", params: { minShares: sharesText(offering.minQuantity) } };
  if (offering.maxQuantity !== null && quantity > offering.maxQuantity)
    return { code: "IPO_ABOVE_MAX", params: { maxShares: sharesText(offering.maxQuantity) } };
  if (money(amount).greaterThan(offering.available))
    return { code: "INSUFFICIENT_AVAILABLE", params: { available: offering.available } };
  return null;
}
