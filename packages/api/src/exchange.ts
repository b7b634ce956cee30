import { z } from "zod";
import { idempotencyKey, positiveMoneyString } from "./envelope.js";
import type { ErrorCode } from "./errors.js";
import { CURRENCIES } from "./constants.js";

/**
 * Currency exchange (DESIGN §4.1 "Exchange"; spec §5 "amount required and two different currencies",
 * §9 the nine currencies plus the INR/USD transfer). A quote shows the rate, the disclosed spread, the fee
 * and the amount received before the user confirms; it can be filled once, until it expires.
 *
 * The schemas check the shape: a wallet currency (else CURRENCY_UNSUPPORTED), two different ones (else
 * SAME_CURRENCY), a positive decimal amount. Whether the amount fits the paying currency's scale (no
 * decimals for JPY, KRW, VND) is a rule of `@brokerage/core` (`fitsScale`), applied by the server and by
 * the app's form alike.
 */
const coded = (code: ErrorCode) => ({ message: code });

/** A wallet currency by its code; any other text answers CURRENCY_UNSUPPORTED. */
export const walletCurrency = z.string().pipe(z.enum(CURRENCIES, coded("CURRENCY_UNSUPPORTED")));
const CURRENCY_LIST = CURRENCIES.join(", ");

const positiveAmount = positiveMoneyString;

/** `fund/exchangeQuote`: pay `amount` of `from`, receive `to`. */
export const exchangeQuoteRequest = z
  .object({
    from: walletCurrency.describe(`The currency paid: ${CURRENCY_LIST} (else CURRENCY_UNSUPPORTED)`),
    to: walletCurrency.describe(
      `The currency received: ${CURRENCY_LIST}, not \`from\` (else CURRENCY_UNSUPPORTED, SAME_CURRENCY)`,
    ),
    amount: positiveAmount.describe(
      "The amount paid in `from`, fee included, at most its scale's decimals (0 for JPY, KRW, VND; " +
        "else INVALID_INPUT); too small to receive one unit of `to` answers BELOW_MIN_AMOUNT {min}",
    ),
  })
  .superRefine((v, ctx) => {
    if (v.from === v.to) ctx.addIssue({ code: "custom", path: ["to"], ...coded("SAME_CURRENCY") });
  });
export type ExchangeQuoteRequest = z.infer<typeof exchangeQuoteRequest>;

export const exchangeQuote = z.object({
  quoteId: z.string().uuid(),
  from: z.enum(CURRENCIES),
  to: z.enum(CURRENCIES),
  /** What the user pays, fee included. */
  amount: z.string(),
  /** Units of `to` per unit of `from`: the mid rate less the spread (what the conversion uses). */
  rate: z.string(),
  /** The market's mid rate the quote starts from. */
  midRate: z.string(),
  /** The disclosed spread: the fraction of the mid rate the rate is below it ("0.005" = 0.5 %). */
  spread: z.string(),
  /** In `from`: `exchange.feeRate` of the amount, rounded up to its scale. */
  fee: z.string(),
  feeRate: z.string(),
  /** In `to`: (amount − fee) × rate, rounded down to its scale. */
  receive: z.string(),
  /** ISO instant after which the quote is refused (QUOTE_EXPIRED). */
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuote>;

/** `fund/exchange`: fill one of the user's own quotes, once. */
export const exchangeRequest = z.object({
  quoteId: z.string().uuid().describe("From fund/exchangeQuote; another user's answers NOT_FOUND"),
  idempotencyKey,
});
export type ExchangeRequest = z.infer<typeof exchangeRequest>;

/** A wallet's available balance right after the exchange. */
export const walletAfter = z.object({ currency: z.enum(CURRENCIES), available: z.string() });

export const exchangeResult = z.object({
  quoteId: z.string().uuid(),
  /** The fund-flow type booked: `exchange`, or `usToIndia` / `indiaToUs` for the INR/USD transfer. */
  type: z.enum(["exchange", "usToIndia", "indiaToUs"]),
  amount: z.string(),
  receive: z.string(),
  /** The paying wallet, then the receiving one. */
  wallets: z.array(walletAfter).length(2),
  exchangedAt: z.string(),
});
export type ExchangeResult = z.infer<typeof exchangeResult>;
