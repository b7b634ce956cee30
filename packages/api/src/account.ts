import { z } from "zod";
import { ALLOCATION_KINDS, CURRENCIES, MARKET_CODES, PORTFOLIO_RANGES } from "./constants.js";

export { ALLOCATION_KINDS, PORTFOLIO_RANGES, PORTFOLIO_TIME_ZONE } from "./constants.js";
import { moneyString } from "./envelope.js";
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
  /**
   * Equity (`total`) less `netDeposits` (DESIGN §5a): every gain and loss net of every cost paid (fees,
   * taxes, exchange spreads and fees, loan interest), realised or not.
   */
  profit: z.string(),
  /**
   * Money put in less money taken out: deposits, less withdrawals paid out, plus back-office adjustments
   * and credit loans received, less loan repayments (FUND_FLOW_TYPES), each currency at today's mid rate.
   */
  netDeposits: z.string(),
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

/**
 * The portfolio (DESIGN §4.1 `account/portfolio`): the account's equity day by day, from the ledger, and
 * what made it. Days are calendar days in PORTFOLIO_TIME_ZONE; each past day's point is the equity at its
 * end (a daily mark the scheduler keeps), converted at that moment's mid rates; the last point is today's,
 * live, equal to `account/overview`'s `total`.
 */
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];

export const portfolioRequest = z.object({
  currency: walletCurrency
    .default("USD")
    .describe(`The display currency: ${CURRENCIES.join(", ")} (default USD; else CURRENCY_UNSUPPORTED)`),
  range: z
    .enum(PORTFOLIO_RANGES)
    .default("1M")
    .describe("How far back the equity series goes: a week, 1, 3 or 12 months, or since the first mark"),
});
export type PortfolioRequest = z.infer<typeof portfolioRequest>;

export const equityPoint = z.object({
  /** A calendar day `YYYY-MM-DD` in `timeZone`. */
  date: z.string(),
  /** The equity at the day's end (today: now) in the display currency. */
  value: moneyString,
});
export type EquityPoint = z.infer<typeof equityPoint>;

/** Where the equity is: open positions by market, and cash (available and held) by currency. */
export const allocationSlice = z.object({
  kind: z.enum(ALLOCATION_KINDS),
  /** The market of the positions (MARKET_CODES); null for cash. */
  market: z.enum(MARKET_CODES).nullable(),
  /** The settlement currency of the positions, or the wallet's. */
  currency: z.string(),
  /** Its part of the equity in the display currency: positions' margin plus unrealised P&L, or the cash. */
  value: moneyString,
  /** The same in its own currency. */
  amount: moneyString,
});
export type AllocationSlice = z.infer<typeof allocationSlice>;

export const portfolio = z.object({
  currency: z.enum(CURRENCIES),
  range: z.enum(PORTFOLIO_RANGES),
  /** The zone of `equity`'s dates and of "today" (PORTFOLIO_TIME_ZONE). */
  timeZone: z.string(),
  /** Oldest first; the last point is today's (`asOf`), equal to `account/overview`'s total. */
  equity: z.array(equityPoint),
  /** Today's change of equity less today's net deposits: since the end of yesterday. */
  dayPnl: moneyString,
  /** Equity less net deposits: `account/overview`'s profit. */
  totalPnl: moneyString,
  netDeposits: moneyString,
  /** Closed positions' P&L net of all their costs (the `pnl` of each). */
  realised: moneyString,
  /** Open positions' P&L net of the opening charges they paid (the `pnl` of each). */
  unrealised: moneyString,
  /** Every trading charge paid (commissions, fees, taxes), open and closed positions alike: in the two above. */
  costs: moneyString,
  /**
   * The rest of the total P&L: currency exchange (spread and fee), rewards, rebates, loan interest, and the
   * moves of the rates the figures are converted at. realised + unrealised + other = totalPnl.
   */
  other: moneyString,
  /** Largest first; the values sum to the equity (each rounded on its own, so to within a cent a slice). */
  allocation: z.array(allocationSlice),
  /** Currencies without a fresh rate: left out of every figure rather than guessed. */
  unconverted: z.array(z.string()),
  asOf: z.string(),
});
export type Portfolio = z.infer<typeof portfolio>;
