import { z } from "zod";
import { CURRENCIES } from "./constants.js";
import { walletCurrency } from "./exchange.js";

/**
 * The account centre (DESIGN §4.1 `account/overview`; spec §2: total assets, available, profit and frozen
 * funds; §1: the USD / Thai baht switch). Every wallet is converted into the display currency at the mid
 * rate; money is a decimal string at the display currency's scale.
 */
export const accountOverviewRequest = z.object({
  currency: walletCurrency
    .default("USD")
    .describe(`The display currency: ${CURRENCIES.join(", ")} (default USD; else CURRENCY_UNSUPPORTED)`),
});
export type AccountOverviewRequest = z.infer<typeof accountOverviewRequest>;

/** One wallet in its own currency. */
export const walletBalance = z.object({
  /** The wallet currencies (CURRENCIES) in their order, then any other currency the user holds. */
  currency: z.string(),
  available: z.string(),
  /** Held for pending withdrawals and orders, plus margin of open positions. */
  frozen: z.string(),
  /** Available + frozen in the display currency, or null when there is no fresh rate for it. */
  value: z.string().nullable(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

export const accountOverview = z.object({
  currency: z.enum(CURRENCIES),
  /** Available + frozen + unrealised P&L of open positions. */
  total: z.string(),
  available: z.string(),
  /** Realised P&L booked to the user, plus unrealised P&L of open positions. */
  profit: z.string(),
  /** Held + margin. */
  frozen: z.string(),
  /** Every wallet currency, in the order of CURRENCIES. */
  wallets: z.array(walletBalance),
  /**
   * The open positions' equity: their margin plus their unrealised P&L (what closing them would return,
   * before costs). Not their market value, which is price × quantity (a position's `marketValue`).
   */
  positionsValue: z.string(),
  /** Currencies with money but no fresh rate: left out of the totals rather than guessed. */
  unconverted: z.array(z.string()),
  /** The instant the rates and balances were read. */
  asOf: z.string(),
});
export type AccountOverview = z.infer<typeof accountOverview>;
