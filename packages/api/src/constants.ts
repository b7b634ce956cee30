/**
 * The contract's plain values: constants and pure helpers, without zod. The web app imports its values
 * from here (`@brokerage/api/constants`), so a screen that needs a list of markets does not load and
 * build every schema of the contract; the schemas import these too, so there is one definition of each.
 */
export { MONEY_PARAMS, TIME_PARAMS, ZONE_PARAMS, boundParams } from "./errorParams.js";
export { TEXT_PROBLEMS, isTextProblem, type TextProblem } from "./text.js";

/**
 * Languages: the stored codes of spec §1 (`en`, `zh`, `yd` …) and the locale tags they stand for.
 * `common/config` lists the offered stored codes, comma separated, under `languages`.
 */
export const LANGUAGES = {
  en: { tag: "en", label: "English" },
  zh: { tag: "zh-TW", label: "繁體中文" },
  cn: { tag: "zh-CN", label: "简体中文" },
  ko: { tag: "ko", label: "한국어" },
  yd: { tag: "hi", label: "हिन्दी" },
} as const;
export type LanguageCode = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as LanguageCode[];
/** What the switcher offers until the back office sets `app.languages`: every language. */
export const DEFAULT_LANGUAGES: LanguageCode[] = [...LANGUAGE_CODES];

/** Config keys the app reads. */
export const CONFIG_KEYS = ["kefu", "logo", "title", "languages"] as const;

/** The spec's `type` in market calls: one per market ("inr" is India). */
export const MARKET_TYPES = ["inr", "usd", "krw", "myr", "thb", "crypto", "forex"] as const;

export const BOARDS = ["listed", "otc", "subscription", "auction"] as const;

/** Chart periods of spec §9. 1 is time-share (spec §7); the ranges 9–12 are daily candles over a span. */
export const KLINE_TYPES = {
  1: "timeshare",
  2: "1m",
  3: "5m",
  4: "15m",
  5: "30m",
  6: "day",
  7: "week",
  8: "month",
  9: "range1M",
  10: "range3M",
  11: "range6M",
  12: "range1Y",
} as const;

export type KlineType = keyof typeof KLINE_TYPES;

export const ADJUSTMENTS = ["none", "forward", "backward"] as const;

/** Market codes on quotes, and the spec's request `type` for each. */
export const MARKET_CODES = ["IN", "US", "KR", "MY", "TH", "CRYPTO", "FX"] as const;

export const MARKET_OF_TYPE: Record<(typeof MARKET_TYPES)[number], (typeof MARKET_CODES)[number]> = {
  inr: "IN",
  usd: "US",
  krw: "KR",
  myr: "MY",
  thb: "TH",
  crypto: "CRYPTO",
  forex: "FX",
};

export const KLINE_POINTS_MIN = 2;

export const KLINE_POINTS_MAX = 500;

export const RANKING_KINDS = ["gainers", "losers", "volume", "turnover"] as const;

/** The latest searches of a user, newest first; re-searching a keyword moves it to the top. */
export const SEARCH_HISTORY_MAX = 20;

/** A watchlist holds at most this many instruments. */
export const WATCHLIST_MAX = 200;

/** Bank cards a user may keep bound at once (removed cards do not count). */
export const BANK_CARDS_MAX = 10;

/** Wallet addresses a user may keep at once, all types together (removed ones do not count). */
export const WALLET_ADDRESSES_MAX = 10;

/** The two ID photos of the KYC form (`kyc/submit` file parts, `kyc/photo {side}`). */
export const KYC_PHOTO_SIDES = ["front", "back"] as const;

/** An uploaded KYC photo: at most this many bytes, of one of these types (decided from the bytes). */
export const KYC_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const KYC_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const WS_MAX_SYMBOLS = 200;

export const WS_AUTH_TIMEOUT_MS = 10_000;

export const WS_CLOSE = {
  unauthorized: 4401,
  slowConsumer: 4408,
  tooManySockets: 4429,
  tooManyPending: 4430,
} as const;

/** The ledger's entry types: the fund-flow type fund records show (`fundFlow.<type>` in the locale files). */
export const ENTRY_TYPES = [
  // Money in and out
  "deposit",
  "withdrawalHold",
  "withdrawalPayout",
  "withdrawalRefusal",
  /** The network fee of a payout to a wallet address, taken from the held amount when it is paid out. */
  "withdrawalFee",
  // Exchange (spec §9: nine currencies, plus the INR/USD transfer with its own fund-flow types)
  "exchange",
  "usToIndia",
  "indiaToUs",
  // Back office
  "adjustment",
  // Trading and products (booked by the issues that build them)
  "tradeMargin",
  "marginRelease",
  "fee",
  "stampDuty",
  "realisedPnl",
  /** A loss beyond a position's margin, paid in by the platform (negative balance protection). */
  "negativeBalanceProtection",
  "ipoPayment",
  "ipoRefund",
  "creditLoan",
  "creditRepayment",
  /** A copy order's amount: held from `available` on buying, then moved into the product's portfolio. */
  "copyBuy",
  /** A copy order paid out of the product's portfolio at the NAV (redeemed, stopped out, ended, closed). */
  "copyPayout",
  /** The leader's pay out of a copy product's fees. */
  "copyRebate",
  /** The platform's share of a copy product's fees. */
  "copyFee",
  "lendingRebate",
  "dayTradeReview",
  "signIn",
] as const;

/**
 * The entry types that move money into or out of the user's account rather than gain or lose it: deposits,
 * payouts of withdrawals, back-office adjustments, and credit loans (the loan comes in, its repayment goes
 * out, so a loan is not profit and its interest is a cost). Their sum is the account's net deposits, and
 * an account's profit is its equity less them (DESIGN §5a "P&L means net").
 */
export const FUND_FLOW_TYPES = [
  "deposit",
  "withdrawalPayout",
  "adjustment",
  "creditLoan",
  "creditRepayment",
] as const satisfies readonly (typeof ENTRY_TYPES)[number][];

/**
 * Wallet currencies: the nine of spec §9's exchange plus INR (the INR/USD transfer), and CAD and CHF, in
 * which the USDCAD and USDCHF forex pairs settle: every listed instrument settles in a wallet a user holds
 * and can exchange into (DESIGN §5a).
 */
export const CURRENCIES = [
  "USD",
  "THB",
  "INR",
  "CNY",
  "TWD",
  "HKD",
  "JPY",
  "VND",
  "MYR",
  "KRW",
  "CAD",
  "CHF",
] as const;
/** The account centre's switch (spec §1/§2): USD and Thai baht; the other wallets one tap away. */
export const DISPLAY_CURRENCIES = ["USD", "THB"] as const;

/** News sections (spec §2 "News centre with hot news and stock-price news"): market news, and news on one instrument. */
export const NEWS_CATEGORIES = ["hot", "stock"] as const;
export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 500;
export const NEWS_BODY_MAX = 20_000;

/** A news body's paragraphs: split at blank lines, each trimmed, empty ones dropped (articles are plain text). */
export const newsParagraphs = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);

/**
 * Price alerts (`alert/*`): what an alert waits for. `above` and `below` a price (on the instrument's price
 * grid); `movePct` a move of at least that percentage either way from the price when the alert was set.
 */
export const ALERT_CONDITIONS = ["above", "below", "movePct"] as const;
export type AlertConditionName = (typeof ALERT_CONDITIONS)[number];
/** A `movePct` alert's percentage: from 0.1 % to 50 %, at most two decimals. */
export const ALERT_MOVE_PCT_MIN = "0.1";
export const ALERT_MOVE_PCT_MAX = "50";
/** The inbox message (and socket toast) of a fired alert, by its condition. */
export const ALERT_MESSAGE_KIND = {
  above: "priceAlertAbove",
  below: "priceAlertBelow",
  movePct: "priceAlertMove",
} as const;
/** Fired alerts `alert/list` keeps showing (the newest); active ones are bounded by `alerts.maxActive`. */
export const ALERT_FIRED_SHOWN = 50;
/** `account/portfolio`'s ranges: a week, one, three and twelve months, everything. */
export const PORTFOLIO_RANGES = ["1W", "1M", "3M", "1Y", "ALL"] as const;
/** The calendar the portfolio's daily marks are kept in: the platform's, as the money windows' and statements'. */
export const PORTFOLIO_TIME_ZONE = "Asia/Kolkata";
/** Where the portfolio's equity is: open positions (by market) and cash (by currency). */
export const ALLOCATION_KINDS = ["positions", "cash"] as const;

/** The risks shown before lending shares (IBKR SYEP's disclosure; each one a text in the app's locales). */
export const LENDING_RISKS = [
  "votingRights",
  "cashInLieu",
  "shortSellers",
  "counterparty",
  "locked",
] as const;
export type LendingRisk = (typeof LENDING_RISKS)[number];

/** The days a year's lending rate is spread over (actual/365). */
export const LENDING_DAY_COUNT = 365;
/** The longest message a user or a staff member writes to the other in customer service. */
export const SUPPORT_TEXT_MAX = 2000;
/** The least a complaint's final answer says (docs/support.md): a sentence, not "ok". */
export const FINAL_ANSWER_MIN = 20;
