import { z } from "zod";
import { ALERT_CONDITIONS } from "./constants.js";
import { plainText } from "./envelope.js";
import { quoteDetails } from "./market.js";

/**
 * Price alerts (DESIGN §4.1 "Alerts"). An alert names its instrument as the market calls do (`symbol`, and
 * optionally its `exchange`, checked: UNKNOWN_SYMBOL), and waits for one condition:
 *
 *   above    the price reaches `value` or more; `value` must be above the current price;
 *   below    the price reaches `value` or less; `value` must be below the current price;
 *   movePct  the price moves `value` percent or more either way from the **reference price: the price
 *            when the alert was set** (not the previous close), so "5" fires at +5 % or −5 % of it.
 *
 * Prices are decimal strings on the instrument's price grid (at most its decimals: ALERT_PRICE_DECIMALS).
 * The server evaluates every active alert on the price ticks and fires each one once: its state becomes
 * `fired`, the owner gets an inbox message (`priceAlertAbove`, `priceAlertBelow`, `priceAlertMove`) and,
 * where the app is open, a socket event `priceAlert`. A user keeps at most `alerts.maxActive` active alerts
 * (configuration, default 50; ALERT_LIMIT_REACHED).
 */

export const alertCondition = z.enum(ALERT_CONDITIONS);
export type AlertCondition = z.infer<typeof alertCondition>;

export const alertState = z.enum(["active", "fired"]);
export type AlertState = z.infer<typeof alertState>;

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, "decimal");

export const alertCreateRequest = z.object({
  symbol: plainText.min(1).max(32),
  exchange: plainText.min(1).max(16).optional(),
  condition: alertCondition,
  /**
   * `above`/`below`: the price, above 0 (ALERT_PRICE_NOT_POSITIVE), at most the instrument's decimals
   * (ALERT_PRICE_DECIMALS {decimals}), on the right side of the current price (ALERT_NOT_ABOVE_PRICE /
   * ALERT_NOT_BELOW_PRICE {price}). `movePct`: a percentage from 0.1 to 50 with at most two decimals
   * (ALERT_MOVE_OUT_OF_RANGE {lowest, highest}).
   */
  value: z
    .string()
    .regex(/^-?\d{1,15}(\.\d{1,10})?$/, "decimal")
    .describe("A decimal string: a price, or a percentage for movePct"),
});
export type AlertCreateRequest = z.infer<typeof alertCreateRequest>;

export const alertIdRequest = z.object({ id: z.string().uuid() });

export const alert = z.object({
  id: z.string(),
  symbol: z.string(),
  exchange: z.string(),
  /** The instrument's name, and in every app language. */
  name: z.string(),
  names: quoteDetails.shape.names,
  /** The currency prices are quoted in. */
  currency: z.string(),
  condition: alertCondition,
  /** The price (above/below) or the percentage (movePct) as set. */
  value: decimal,
  /** The price when the alert was set: what a movePct alert measures its move from. */
  referencePrice: decimal,
  /** The prices that fire it: `above` and `below` their value; `movePct` the reference ± the percentage. */
  firesAtOrAbove: decimal.nullable(),
  firesAtOrBelow: decimal.nullable(),
  state: alertState,
  createdAt: z.string(),
  firedAt: z.string().nullable(),
  /** The price that fired it. */
  firedPrice: decimal.nullable(),
});
export type Alert = z.infer<typeof alert>;

/**
 * `alert/list`: the active alerts (newest first), then the newest ALERT_FIRED_SHOWN fired ones (latest
 * fired first); `maxActive` is the configured limit, `active` how many are active now.
 */
export const alertListResponse = z.object({
  items: z.array(alert),
  active: z.number().int().min(0),
  maxActive: z.number().int().min(1),
});
export type AlertList = z.infer<typeof alertListResponse>;
