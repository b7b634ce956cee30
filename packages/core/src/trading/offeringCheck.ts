import Decimal from "decimal.js";
import type { Instant } from "../market/time.js";
import type { MarketDataProvider } from "../market/types.js";
import { money } from "../money.js";

/**
 * The warnings a primary-market offering's draft (an IPO, a block trade) gives staff before they save
 * it: another offering of the symbol that is not over, and a price further below the reference price
 * than the configured share. Warnings only: staff may still save after confirming.
 */

/**
 * The price a draft's discount is judged against: the symbol's last traded price (its last close when the
 * market is shut); null for a share still in subscription, which has no market price yet.
 */
export function offeringReferencePrice(
  market: MarketDataProvider,
  symbol: string,
  at: Instant,
): string | null {
  const quote = market.quote(symbol, at);
  return quote && quote.details.board !== "subscription" ? quote.close : null;
}

/** (reference − price) ÷ reference, unrounded; null without a positive reference. */
function exactDiscount(price: string, reference: string | null | undefined): Decimal | null {
  if (reference === null || reference === undefined) return null;
  const ref = money(reference);
  if (!ref.isFinite() || !ref.greaterThan(0)) return null;
  return ref.minus(price).div(ref);
}

/** (reference − price) ÷ reference as a fraction to 4 places; null without a positive reference. */
export function offeringDiscount(price: string, reference: string | null | undefined): string | null {
  return exactDiscount(price, reference)?.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4) ?? null;
}

/** Another offering of the symbol, as its record has it. */
export interface OfferingRecord {
  id: string;
  seq: number;
  state: string;
  price: string;
  opensAt: Date;
  closesAt: Date;
}

/** Another offering as a warning names it (instants as ISO text). */
export interface OtherOfferingView {
  id: string;
  seq: number;
  state: string;
  price: string;
  opensAt: string;
  closesAt: string;
}

export type OfferingDraftWarning =
  | { kind: "secondOffering"; others: OtherOfferingView[] }
  | { kind: "discount"; discount: string; limit: string };

/**
 * The draft's discount to `reference` and its warnings: `others` (the symbol's other offerings not over)
 * when there are any; the discount when it is above `warnAbove` (exactly at it does not warn; compared
 * unrounded, so 5.004 % is above 5 % though it reads 0.0500).
 */
export function offeringWarnings(draft: {
  price: string;
  reference: string | null | undefined;
  warnAbove: string;
  others: readonly OfferingRecord[];
}): { discount: string | null; warnings: OfferingDraftWarning[] } {
  const warnings: OfferingDraftWarning[] = [];
  if (draft.others.length > 0)
    warnings.push({
      kind: "secondOffering",
      others: draft.others.map((row) => ({
        id: row.id,
        seq: row.seq,
        state: row.state,
        price: row.price,
        opensAt: row.opensAt.toISOString(),
        closesAt: row.closesAt.toISOString(),
      })),
    });
  const exact = exactDiscount(draft.price, draft.reference);
  const discount = offeringDiscount(draft.price, draft.reference);
  if (exact !== null && discount !== null && exact.greaterThan(draft.warnAbove))
    warnings.push({ kind: "discount", discount, limit: money(draft.warnAbove).toFixed() });
  return { discount, warnings };
}
