import { EXCHANGES, MARKETS, type MarketCode } from "../market/exchanges.js";
import { money, scaleOf } from "../money.js";
import { checkCharges, legacyCharges } from "./charges-config.js";
import type { ChargeComponent } from "./charges.js";
import { DEFAULT_CHARGES, commissionOf } from "./charges-defaults.js";
import { ESMA_RETAIL_CAPS, LEVERAGE_CLASSES, type LeverageCaps, type LeverageClass } from "./leverage.js";

/**
 * How long a new position cannot be closed: T+N trading days (until the first open of the Nth trading day
 * after the opening's trade date) or N minutes. `n = 0` is no lock.
 */
export type LockRule = { kind: "tradingDays"; n: number } | { kind: "minutes"; n: number };

/**
 * The trading rules of one market (DESIGN §5 Orders and positions). Rates and amounts are decimal strings;
 * amounts are in the market's settlement currency. The server stores operator overrides as JSON under
 * `trading.<MARKET>` and reads them back through `checkTradingConfig`.
 */
export interface TradingMarketConfig {
  /**
   * The highest leverage per class of the market's instruments (leverage.ts); a user chooses among the
   * steps up to it (`leveragesFor`). A class not named is unleveraged.
   */
  leverageCaps: LeverageCaps;
  /** The platform's commission on each side, as a fraction of the notional (the `commission` component). */
  feeRate: string;
  /** The least commission charged on one side. */
  minFee: string;
  /**
   * Every other charge, by its legal basis: exchange, clearing and regulator fees, transaction tax, stamp
   * duty, VAT/GST (charges.ts). `marketCharges` puts the commission first.
   */
  charges: ChargeComponent[];
  lock: LockRule;
  /**
   * A position is closed automatically once its loss reaches this share of its margin, i.e. once its
   * equity (margin + unrealised P&L) falls to (1 − share) of the margin: 0.5 is ESMA's margin close-out
   * rule (Decision (EU) 2018/796, Annex III), equity at 50% of the margin required.
   */
  liquidationShare: string;
  /**
   * The margin-call ladder: equity levels, as shares of the margin, descending and above the close-out,
   * at each of which a leveraged position's owner is warned once (an inbox message and a socket event).
   */
  marginCallLevels: string[];
  /** Limit prices must lie within ± this fraction of the previous close. */
  priceBand: string;
}

/** The band of a market's exchanges (exchanges of one market share it: NSE/BSE, NYSE/NASDAQ, KRX/KOSDAQ). */
const bandOf = (market: MarketCode): string =>
  Object.values(EXCHANGES).find((e) => e.market === market)?.priceBand ?? "0.10";

/** ESMA's caps for the classes a market lists (leverage.ts names the decision and its annex). */
const esma = (...classes: LeverageClass[]): LeverageCaps =>
  Object.fromEntries(classes.map((c) => [c, ESMA_RETAIL_CAPS[c]]));
const SHARES = esma("share");
/** ESMA's margin close-out (Annex III): equity at 50% of the margin, a loss of half the margin. */
const CLOSE_OUT = "0.5";
/** Warnings at 80% and 65% of the margin left, before the close-out at 50%. */
const MARGIN_CALLS = ["0.8", "0.65"];

/**
 * Defaults. Fees and minimums are the platform's own commission (any value is lawful); every other charge
 * is the market's published one, named with its source and date (charges-defaults.ts). Locks follow each
 * market's settlement cycle, so a position cannot be sold before it would have settled.
 */
export const DEFAULT_TRADING_CONFIG: Readonly<Record<MarketCode, TradingMarketConfig>> = {
  IN: {
    leverageCaps: SHARES,
    feeRate: "0.0003",
    minFee: "20",
    charges: DEFAULT_CHARGES.IN,
    // SEBI moved equities to T+1 settlement in January 2023.
    lock: { kind: "tradingDays", n: 1 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("IN"),
  },
  US: {
    leverageCaps: SHARES,
    feeRate: "0.0003",
    minFee: "1",
    charges: DEFAULT_CHARGES.US,
    // SEC rule 15c6-1: T+1 settlement since 28 May 2024.
    lock: { kind: "tradingDays", n: 1 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("US"),
  },
  KR: {
    leverageCaps: SHARES,
    feeRate: "0.0003",
    minFee: "100",
    charges: DEFAULT_CHARGES.KR,
    // KRX settles on T+2.
    lock: { kind: "tradingDays", n: 2 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("KR"),
  },
  MY: {
    leverageCaps: SHARES,
    feeRate: "0.001",
    minFee: "8",
    charges: DEFAULT_CHARGES.MY,
    // Bursa Malaysia settles on T+2.
    lock: { kind: "tradingDays", n: 2 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("MY"),
  },
  TH: {
    leverageCaps: SHARES,
    feeRate: "0.0015",
    minFee: "50",
    charges: DEFAULT_CHARGES.TH,
    // SET settles on T+2.
    lock: { kind: "tradingDays", n: 2 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("TH"),
  },
  CRYPTO: {
    leverageCaps: esma("crypto"),
    feeRate: "0.001",
    minFee: "0",
    charges: DEFAULT_CHARGES.CRYPTO,
    lock: { kind: "minutes", n: 0 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("CRYPTO"),
  },
  FX: {
    // ESMA's retail limits: 30:1 on major pairs, 20:1 on the others.
    leverageCaps: esma("fxMajor", "fxOther"),
    feeRate: "0.0001",
    minFee: "0",
    charges: DEFAULT_CHARGES.FX,
    lock: { kind: "minutes", n: 0 },
    liquidationShare: CLOSE_OUT,
    marginCallLevels: MARGIN_CALLS,
    priceBand: bandOf("FX"),
  },
};

/** A market's charges in the order a contract note lists them: the platform's commission, then the rest. */
export function marketCharges(config: Pick<TradingMarketConfig, "feeRate" | "minFee" | "charges">) {
  return [commissionOf(config), ...config.charges];
}

export class TradingConfigError extends Error {
  /**
   * @param field the value's path inside the configuration (`feeRate`, `lock.n`), so that a form can put the
   *   problem under its input; absent when the whole value is wrong (not an object, an unknown field).
   */
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "TradingConfigError";
  }
}

const DECIMAL = /^\d+(\.\d+)?$/;
const KEYS = new Set([
  "leverageCaps",
  // The shape before caps per class: a list of leverages, read as the market's default caps.
  "leverages",
  "feeRate",
  "minFee",
  "charges",
  // The shape before charges by their legal basis: read and mapped (charges-config.ts `legacyCharges`).
  "stampDutyRate",
  "stampDutyCap",
  "lock",
  "liquidationShare",
  "marginCallLevels",
  "priceBand",
]);
const MAX_LEVERAGE = 1000;
/** Beyond ~a month the calendar helpers stop searching for an open; a longer T+N is surely a typo. */
const MAX_LOCK_TRADING_DAYS = 20;
const MAX_LOCK_MINUTES = 60 * 24 * 366;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function decimalIn(
  value: unknown,
  field: string,
  range: { min: string; max?: string; minOpen?: boolean; maxOpen?: boolean },
): string {
  if (typeof value !== "string" || !DECIMAL.test(value))
    throw new TradingConfigError(
      `${field} must be a decimal string like "0.0003", not ${JSON.stringify(value)}`,
      field,
    );
  const d = money(value);
  const lowOk = range.minOpen ? d.greaterThan(range.min) : d.greaterThanOrEqualTo(range.min);
  const highOk =
    range.max === undefined || (range.maxOpen ? d.lessThan(range.max) : d.lessThanOrEqualTo(range.max));
  if (!lowOk || !highOk) {
    const low = `${range.minOpen ? "(" : "["}${range.min}`;
    const high = `${range.max ?? "∞"}${range.max === undefined || range.maxOpen ? ")" : "]"}`;
    throw new TradingConfigError(`${field} must lie in ${low}, ${high}, not ${value}`, field);
  }
  return value;
}

function checkLeverageCaps(value: unknown): LeverageCaps {
  if (!isRecord(value))
    throw new TradingConfigError('leverageCaps must be an object like {"share": 5}', "leverageCaps");
  const caps: LeverageCaps = {};
  for (const [name, cap] of Object.entries(value)) {
    if (!(LEVERAGE_CLASSES as readonly string[]).includes(name))
      throw new TradingConfigError(`leverageCaps has an unknown class "${name}"`, "leverageCaps");
    if (typeof cap !== "number" || !Number.isInteger(cap) || cap < 1 || cap > MAX_LEVERAGE)
      throw new TradingConfigError(
        `leverage cap ${JSON.stringify(cap)} must be a whole number from 1 to ${MAX_LEVERAGE}`,
        "leverageCaps",
      );
    caps[name as LeverageClass] = cap;
  }
  return caps;
}

/**
 * The former `leverages` (a list the user chose from, before caps per class): checked as it was, then
 * given way to the market's default caps (ESMA's), since the list named no class and a cap above the
 * default is a four-eyes change of its own. The market must be known to map it.
 */
function legacyLeverageCaps(value: unknown, market: MarketCode | undefined): LeverageCaps {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !(value as unknown[]).every(
      (lev) => typeof lev === "number" && Number.isInteger(lev) && lev >= 1 && lev <= MAX_LEVERAGE,
    )
  )
    throw new TradingConfigError("leverages must be a non-empty list of whole numbers", "leverages");
  if (market === undefined)
    throw new TradingConfigError(
      "leverages (the former shape) maps to a market's default caps: give leverageCaps",
      "leverages",
    );
  return { ...DEFAULT_TRADING_CONFIG[market].leverageCaps };
}

/** Equity levels strictly between the close-out level (1 − share) and 1, descending. */
function checkMarginCallLevels(value: unknown, liquidationShare: string): string[] {
  if (!Array.isArray(value))
    throw new TradingConfigError("marginCallLevels must be a list of decimals", "marginCallLevels");
  const closeOut = money(1).minus(liquidationShare).toFixed();
  let previous = "1";
  return (value as unknown[]).map((level) => {
    const checked = decimalIn(level, "marginCallLevels", {
      min: closeOut,
      max: previous,
      minOpen: true,
      maxOpen: true,
    });
    previous = checked;
    return checked;
  });
}

function checkLock(value: unknown): LockRule {
  if (!isRecord(value))
    throw new TradingConfigError('lock must be {"kind": "tradingDays"|"minutes", "n": …}', "lock");
  const { kind, n } = value;
  const max =
    kind === "tradingDays" ? MAX_LOCK_TRADING_DAYS : kind === "minutes" ? MAX_LOCK_MINUTES : undefined;
  if (max === undefined)
    throw new TradingConfigError(
      `lock.kind must be "tradingDays" or "minutes", not ${JSON.stringify(kind)}`,
      "lock.kind",
    );
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > max)
    throw new TradingConfigError(
      `lock.n must be a whole number from 0 to ${max}, not ${JSON.stringify(n)}`,
      "lock.n",
    );
  const extra = Object.keys(value).find((k) => k !== "kind" && k !== "n");
  if (extra !== undefined) throw new TradingConfigError(`lock has an unknown field "${extra}"`, "lock");
  return { kind, n } as LockRule;
}

/**
 * Validates a market's trading configuration read from JSON (an operator's override) and returns a fresh
 * copy; throws a `TradingConfigError` naming the first bad field. With `market`, money amounts must also
 * fit the settlement currency's scale (a minimum fee of 0.5 won cannot be booked).
 */
export function checkTradingConfig(value: unknown, market?: MarketCode): TradingMarketConfig {
  if (!isRecord(value)) throw new TradingConfigError("a trading configuration must be an object");
  const unknown = Object.keys(value).find((k) => !KEYS.has(k));
  if (unknown !== undefined) throw new TradingConfigError(`unknown field "${unknown}"`);
  const legacy = value.leverages !== undefined;
  if (legacy && value.leverageCaps !== undefined)
    throw new TradingConfigError("leverageCaps replaces leverages: give one or the other");
  const config: TradingMarketConfig = {
    leverageCaps: legacy
      ? legacyLeverageCaps(value.leverages, market)
      : checkLeverageCaps(value.leverageCaps),
    feeRate: decimalIn(value.feeRate, "feeRate", { min: "0", max: "1", maxOpen: true }),
    minFee: decimalIn(value.minFee, "minFee", { min: "0" }),
    charges: [],
    lock: checkLock(value.lock),
    liquidationShare: decimalIn(value.liquidationShare, "liquidationShare", {
      min: "0",
      max: "1",
      minOpen: true,
    }),
    marginCallLevels: [],
    priceBand: decimalIn(value.priceBand, "priceBand", { min: "0", max: "1", minOpen: true }),
  };
  config.marginCallLevels =
    legacy && value.marginCallLevels === undefined && market !== undefined
      ? // The former shape had no warnings: the market's default ones above its own close-out.
        DEFAULT_TRADING_CONFIG[market].marginCallLevels.filter((level) =>
          money(level).greaterThan(money(1).minus(config.liquidationShare)),
        )
      : checkMarginCallLevels(value.marginCallLevels, config.liquidationShare);
  const currency = market === undefined ? undefined : MARKETS[market].currency;
  if (value.charges !== undefined) {
    if (value.stampDutyRate !== undefined || value.stampDutyCap !== undefined)
      throw new TradingConfigError("charges replaces stampDutyRate and stampDutyCap: give one or the other");
    config.charges = checkCharges(value.charges, currency);
  } else {
    const rate = decimalIn(value.stampDutyRate, "stampDutyRate", { min: "0", max: "1", maxOpen: true });
    const cap =
      value.stampDutyCap === undefined
        ? undefined
        : decimalIn(value.stampDutyCap, "stampDutyCap", { min: "0", minOpen: true });
    if (currency !== undefined && cap !== undefined && money(cap).decimalPlaces() > scaleOf(currency))
      throw new TradingConfigError(
        `stampDutyCap ${cap} has more decimals than ${currency} allows`,
        "stampDutyCap",
      );
    config.charges = legacyCharges(market, rate, cap);
  }
  if (currency !== undefined && money(config.minFee).decimalPlaces() > scaleOf(currency))
    throw new TradingConfigError(
      `minFee ${config.minFee} has more decimals than ${currency} allows`,
      "minFee",
    );
  return config;
}
