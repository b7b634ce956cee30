import { z } from "zod";
import { moneyString } from "./envelope.js";
import { currency } from "./ledger.js";

/**
 * Risk (DESIGN §5a "Honesty you can check"; docs/risk.md): the share of retail accounts that lost money on
 * a product, the margin-call ladder's state, and the user's own protections (kill switch, daily loss limit).
 */

/**
 * The products whose loss statistic is published. `leveraged`: positions opened with a leverage above 1;
 * `dayTrading`: intraday orders (kind `dayTrade`); and each copy product as `copy:<product id>` (its
 * followers' holdings, docs/risk.md).
 */
export const RISK_PRODUCTS = ["leveraged", "dayTrading"] as const;
/** A product a warning is acknowledged for (a leveraged order needs it). */
export const acknowledgedProduct = z.enum(RISK_PRODUCTS);
export type AcknowledgedProduct = z.infer<typeof acknowledgedProduct>;
/** A copy product's key: `copy:` and the product's id. */
export const copyRiskProduct = z.templateLiteral(["copy:", z.uuid()]);
export type CopyRiskProduct = z.infer<typeof copyRiskProduct>;
export const riskProduct = z.union([acknowledgedProduct, copyRiskProduct]);
export type RiskProduct = z.infer<typeof riskProduct>;
/** The copy product a key names, or undefined for another product. */
export const copyProductOf = (product: RiskProduct): string | undefined =>
  product.startsWith("copy:") ? product.slice("copy:".length) : undefined;

export const riskDisclosureRequest = z.object({ product: riskProduct });
export type RiskDisclosureRequest = z.infer<typeof riskDisclosureRequest>;

/** One computed figure: accounts counted, how many lost money, the share (4 decimals; null: none counted). */
export const lossFigure = z.object({
  lostShare: z.string().nullable(),
  accounts: z.number().int(),
  lost: z.number().int(),
  /** The 12 months the figure covers: from (inclusive) to (exclusive), ISO instants. */
  from: z.string(),
  to: z.string(),
  computedAt: z.string(),
});
export type LossFigure = z.infer<typeof lossFigure>;

/**
 * `risk/disclosure`: the published figure (computed at the last quarter's start over the 12 months before
 * it, ESMA's method: `method` says it in words) with, beside it, the day's figure for display, and whether
 * the user has acknowledged the warning.
 */
export const riskDisclosure = lossFigure.extend({
  /** The product asked for (a `RiskProduct`; written as a plain string, the answers' fast serialiser). */
  product: z.string(),
  method: z.string(),
  daily: lossFigure,
  /** When the user acknowledged this product's warning (null: not yet; a leveraged order needs it). */
  acknowledgedAt: z.string().nullable(),
});
export type RiskDisclosure = z.infer<typeof riskDisclosure>;

export const riskAcknowledgeRequest = z.object({ product: acknowledgedProduct });

/** One leveraged position in the order its close-out would come (nearest first). */
export const marginPosition = z.object({
  orderId: z.string().uuid(),
  orderNo: z.string(),
  symbol: z.string(),
  currency: z.string(),
  margin: moneyString,
  /** Margin + unrealised P&L at the current price (null without a price). */
  equity: moneyString.nullable(),
  /** Equity ÷ margin (4 decimals), null without a price. */
  marginLevel: z.string().nullable(),
  /** The price at which the position is closed out. */
  closeOutPrice: z.string(),
  /** How far the price is from the close-out, as a fraction of the current price (null without one). */
  distance: z.string().nullable(),
  /** The lowest warning level reached in this descent (null: none). */
  warnedLevel: z.string().nullable(),
  /** 1 for the position that would be closed first. */
  rank: z.number().int(),
});
export type MarginPosition = z.infer<typeof marginPosition>;

export const marginStatus = z.object({
  positions: z.array(marginPosition),
  /** The warning levels (fractions of the margin, highest first) and the close-out level. */
  levels: z.array(z.string()),
  closeOut: z.string(),
});
export type MarginStatus = z.infer<typeof marginStatus>;

/** `user/killSwitch`: lock the user's own trading for this many hours (a lock can only be extended). */
export const killSwitchRequest = z.object({ hours: z.number().int().min(1).max(8760) });

/** `user/lossLimit`: a daily loss limit in a currency; null removes it (from the next day, as raising). */
export const lossLimitRequest = z.object({
  currency,
  amount: moneyString.refine((v) => !v.startsWith("-") && !/^0(\.0*)?$/.test(v), "positive").nullable(),
});

export const lossLimitState = z.object({
  currency: z.string(),
  /** The limit in force now (null: none). */
  amount: moneyString.nullable(),
  /** A raise or removal waiting for the next day: the amount then (null: removed) and when. */
  next: z.object({ amount: moneyString.nullable(), from: z.string() }).nullable(),
  /** Today's trading result in the currency (negative: a loss), net of costs. */
  today: moneyString,
  reached: z.boolean(),
});

/** `user/selfProtection` (and the answer of both calls above). */
export const selfProtection = z.object({
  lockedUntil: z.string().nullable(),
  lossLimits: z.array(lossLimitState),
  /** The day a loss limit counts: from this instant, in `timeZone`. */
  dayStart: z.string(),
  timeZone: z.string(),
});
export type SelfProtection = z.infer<typeof selfProtection>;

/** Why `trade/preview` asks again (`trade/placeOrder` refuses ORDER_UNUSUAL without `confirmUnusual`). */
export const ORDER_WARNINGS = ["priceFar", "sizeUnusual"] as const;
export const orderWarning = z.object({
  code: z.enum(ORDER_WARNINGS),
  /** priceFar: the limit's distance from the current price (fraction); sizeUnusual: notional ÷ usual. */
  value: z.string(),
  /** The threshold it passed (from `risk.unusualOrder`). */
  threshold: z.string(),
});
export type OrderWarning = z.infer<typeof orderWarning>;
