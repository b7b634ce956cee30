import { z } from "zod";
import { plainText, positivePrice } from "./envelope.js";

/**
 * `ipos/check {symbol, price, id?}` and `blockTrades/check {symbol, price, id?}` (ipos.manage,
 * blockTrades.manage): what the back office's form warns of before saving a draft, never a refusal (the
 * staff member confirms and saves). `id`: the record being edited, not counted as another offering of
 * the symbol. The same refusals as the save for the symbol (UNKNOWN_SYMBOL, INVALID_INPUT).
 */
export const offeringCheckRequest = z.object({
  id: z.string().uuid().optional(),
  symbol: plainText.min(1).max(32),
  price: positivePrice,
});
export type OfferingCheckRequest = z.infer<typeof offeringCheckRequest>;

/** Another offering of the symbol that is not over: its state and terms, for the warning to name. */
export const otherOffering = z.object({
  id: z.string(),
  seq: z.number().int(),
  /** The record's state: an IPO's `active`, `drawn`, `listed`; a block trade's `active`. */
  state: z.string(),
  price: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
});
export type OtherOffering = z.infer<typeof otherOffering>;

export const offeringWarning = z.discriminatedUnion("kind", [
  /** The symbol already has an offering of this kind that is open, upcoming or listed. */
  z.object({ kind: z.literal("secondOffering"), others: z.array(otherOffering).min(1) }),
  /** The price is more than `limit` (`offering.discountWarnAbove`) below the reference price. */
  z.object({ kind: z.literal("discount"), discount: z.string(), limit: z.string() }),
]);
export type OfferingWarning = z.infer<typeof offeringWarning>;

export const offeringCheckResponse = z.object({
  symbol: z.string(),
  currency: z.string(),
  /** The symbol's last traded price (null: none known, so no discount is judged). */
  referencePrice: z.string().nullable(),
  /** (reference − price) ÷ reference as a fraction, rounded to 4 places; negative is a premium. */
  discount: z.string().nullable(),
  warnings: z.array(offeringWarning),
});
export type OfferingCheckResponse = z.infer<typeof offeringCheckResponse>;
