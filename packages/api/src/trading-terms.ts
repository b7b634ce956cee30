import { z } from "zod";
import { moneyString, plainText } from "./envelope.js";
import { cursorRequest } from "./identity.js";
import { LEVERAGE_CLASSES, TRADING_MARKETS } from "./settings.js";
import { chargeComponent } from "./trading-charges.js";

/**
 * `trade/terms {market}`: a market's trading rules as they stand now (the back office's
 * `trading.<market>`, else the defaults), published so the buy form offers the leverages in force and
 * states the fee, its minimum, every other charge and the lock before the user fills anything in. Rates are
 * fractions ("0.0003" is 0.03%); amounts are in the market's settlement currency, at its scale.
 */
export const tradeTermsRequest = z.object({
  market: z.enum(TRADING_MARKETS),
  /**
   * An instrument of the market: `leverages` is then its class's list (a forex major's or another pair's)
   * and `currency` its settlement currency.
   */
  symbol: plainText.min(1).max(32).optional(),
});
export type TradeTermsRequest = z.infer<typeof tradeTermsRequest>;

export const tradeTerms = z.object({
  market: z.enum(TRADING_MARKETS),
  /**
   * The settlement currency: margin, fees and P&L of the positions are in it. `symbol`'s when the request
   * names one (a forex pair settles in its quote currency: USDJPY in JPY, EURUSD in USD), else the market's.
   */
  currency: z.string(),
  /**
   * The leverages a user may choose, ascending, for `symbol` when the request names one (else for the
   * market's highest-capped class): the steps up to the class's cap. 1 is an unleveraged position.
   */
  leverages: z.array(z.number().int()),
  /** The highest leverage per class of underlying (ESMA's retail limits by default). */
  leverageCaps: z.partialRecord(z.enum(LEVERAGE_CLASSES), z.number().int()),
  /**
   * The commission on opening and again on closing, as a fraction of the notional, at least `minFee`
   * ("0": no minimum); the fee, like the stamp duty, is rounded up to the currency's scale.
   */
  feeRate: z.string(),
  minFee: moneyString,
  /**
   * Every other charge, by its legal basis, in the order a contract note lists them (after the
   * commission): exchange, clearing and regulator fees, transaction tax, stamp duty, VAT/GST. Each on the
   * trade side the law charges: a long opens with a buy and closes with a sale, a short the other way.
   */
  charges: z.array(chargeComponent),
  /** How long a new position cannot be closed: T+N trading days or N minutes (0: no lock). */
  lock: z.object({ kind: z.enum(["tradingDays", "minutes"]), n: z.number().int() }),
  /**
   * A position is closed automatically once its loss reaches this share of its margin (equity at 1 − share
   * of the margin: "0.5" is ESMA's 50% close-out).
   */
  liquidationShare: z.string(),
  /** Equity levels, as shares of the margin, at which the owner of a position is warned, descending. */
  marginCallLevels: z.array(z.string()),
  /** Limit prices must lie within ± this fraction of the previous close. */
  priceBand: z.string(),
});
export type TradeTerms = z.infer<typeof tradeTerms>;

/**
 * `trade/trades {cursor?}`: the user's settled trades for the transaction records (closed positions, each
 * with its open and close prices, fees, stamp duty and realised P&L), newest first, 20 a page.
 */
export const tradeHistoryRequest = cursorRequest;
export type TradeHistoryRequest = z.infer<typeof tradeHistoryRequest>;
