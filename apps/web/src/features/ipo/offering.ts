import type { IpoOfferingDetail } from "@brokerage/api";
import { ipoAmount, money } from "@brokerage/core";
import { readStored, writeStored } from "../../lib/storage";
import { pluralOf, sharesText } from "../../lib/format";

/**
 * The subscription screen (/home/newStockBuy) reads its offering's id from local storage, as the block-trade
 * detail does its offer: the paths carry no parameters (spec §2).
 */
export const IPO_OFFERING_KEY = "ipoOffering";

/** Storage unavailable: the subscription screen shows its empty state. */
export const saveOfferingId = (id: string) => writeStored(IPO_OFFERING_KEY, id);
export const readOfferingId = () => readStored(IPO_OFFERING_KEY);

export { pluralOf, sharesText };

/** The whole shares a typed count is (null unless digits, at least one). */
export const wholeShares = (quantity: string): bigint | null =>
  /^\d+$/.test(quantity) && BigInt(quantity) >= 1n ? BigInt(quantity) : null;

/** What `quantity` shares cost at the underwriting price, at the currency's scale; null when not whole. */
export function subscriptionAmount(
  offering: Pick<IpoOfferingDetail, "price" | "currency">,
  quantity: string,
): string | null {
  const shares = wholeShares(quantity);
  return shares === null ? null : ipoAmount(offering.price, shares, offering.currency);
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
  quantity: string,
): Refusal | null {
  const amount = subscriptionAmount(offering, quantity);
  const shares = wholeShares(quantity);
  if (amount === null || shares === null) return { code: "QUANTITY_NOT_WHOLE_LOTS", params: {} };
  if (shares < BigInt(offering.minQuantity))
    return { code: "IPO_BELOW_MIN", params: { minShares: sharesText(offering.minQuantity) } };
  if (offering.maxQuantity !== null && shares > BigInt(offering.maxQuantity))
    return { code: "IPO_ABOVE_MAX", params: { maxShares: sharesText(offering.maxQuantity) } };
  if (money(amount).greaterThan(offering.available))
    return { code: "INSUFFICIENT_AVAILABLE", params: { available: offering.available } };
  return null;
}
