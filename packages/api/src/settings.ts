import { z } from "zod";
import { APP_SETTINGS, APP_SETTING_DEFAULTS } from "./app-settings.js";
import { checkinRewardsSetting, seatTermsSetting } from "./checkin.js";
import { CURRENCIES } from "./constants.js";
import { moneyString } from "./envelope.js";
import { DEFAULT_CHARGE_SETTINGS, chargeComponent, legacyChargeSettings } from "./trading-charges.js";

/**
 * Typed configuration keys (DESIGN §4.1), JSON values edited in the back office (`config/set`) and shown
 * to users where they rule an action. Each key has a schema and a default; a key without a stored value
 * has its default.
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "HH:MM");

/** Days of the week (Sunday = 0) and a time range in a time zone; `to` may be "24:00" (end of day). */
export const timeWindow = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  from: hhmm,
  to: hhmm,
  timeZone: z.string().min(1).max(64),
});
export type TimeWindow = z.infer<typeof timeWindow>;

const positiveAmount = moneyString.refine((v) => !v.startsWith("-") && Number(v) > 0, "positive");
const limits = z.record(
  z.string().regex(/^[A-Z]{3,4}$/),
  z.object({ min: positiveAmount, max: positiveAmount }),
);
const perCurrency = z.record(z.string().regex(/^[A-Z]{3,4}$/), positiveAmount);

/** A plain decimal string within [min, max] (`open` bounds exclusive), compared exactly on its digits. */
const decimalIn = (min: string, max: string | null, open: { min?: boolean; max?: boolean } = {}) =>
  z
    .string()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, "decimal")
    .refine((v) => {
      const low = compareDecimals(v, min);
      const high = max === null ? -1 : compareDecimals(v, max);
      return (open.min ? low > 0 : low >= 0) && (open.max ? high < 0 : high <= 0);
    }, "out of range");

/** −1, 0 or 1 as `a` is below, equal to or above `b`; both plain non-negative decimals. */
function compareDecimals(a: string, b: string): number {
  const [ai = "", af = ""] = a.split(".");
  const [bi = "", bf = ""] = b.split(".");
  const width = Math.max(ai.length, bi.length);
  const scale = Math.max(af.length, bf.length);
  const digits = (i: string, f: string) => i.padStart(width, "0") + f.padEnd(scale, "0");
  const x = digits(ai, af);
  const y = digits(bi, bf);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The classes of underlying with a retail leverage cap (the core's `LEVERAGE_CLASSES`, leverage.ts). */
export const LEVERAGE_CLASSES = [
  "fxMajor",
  "fxOther",
  "gold",
  "majorIndex",
  "commodity",
  "otherIndex",
  "share",
  "crypto",
] as const;
export type LeverageClassName = (typeof LEVERAGE_CLASSES)[number];

const lockRule = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("tradingDays"), n: z.number().int().min(0).max(20) }),
  z.strictObject({
    kind: z.literal("minutes"),
    n: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 366),
  }),
]);

/** The fields every shape of a `trading.<market>` value has, former ones included. */
const sharedFields = {
  feeRate: decimalIn("0", "1", { max: true }),
  minFee: decimalIn("0", null),
  lock: lockRule,
  liquidationShare: decimalIn("0", "1", { min: true }),
  priceBand: decimalIn("0", "1", { min: true }),
};
const tradingFields = {
  /** The highest leverage per class; the choices are the steps up to it. A class not named is 1. */
  leverageCaps: z.partialRecord(z.enum(LEVERAGE_CLASSES), z.number().int().min(1).max(1000)),
  ...sharedFields,
  /** Equity levels (shares of the margin) at which a position's owner is warned once, descending. */
  marginCallLevels: z
    .array(decimalIn("0", "1", { min: true, max: true }))
    .max(10)
    .refine(
      (list) => list.every((v, i) => i === 0 || compareDecimals(v, list[i - 1] ?? "1") < 0),
      "descending",
    ),
};
/** Every charge besides the commission (`feeRate`, `minFee`), by its legal basis. */
const chargeList = z.array(chargeComponent).max(16);

/**
 * The trading rules of one market: the core's `TradingMarketConfig` (packages/core trading/config.ts,
 * whose `checkTradingConfig` the server also applies, with the currency's scale).
 */
export const tradingMarketConfig = z.strictObject({ ...tradingFields, charges: chargeList });
export type TradingMarketSetting = z.infer<typeof tradingMarketConfig>;

/** The former shapes' fields: a list of leverages (before caps per class), a stamp duty on sales. */
const leverageList = z.array(z.number().int().min(1).max(1000)).min(1);
const stampDuty = {
  stampDutyRate: decimalIn("0", "1", { max: true }),
  stampDutyCap: decimalIn("0", null, { min: true }).optional(),
};

/** Whether a margin-call level lies above the close-out (equity at 1 − share): `level + share > 1`. */
function aboveCloseOut(level: string, share: string): boolean {
  const scale = Math.max(level.split(".")[1]?.length ?? 0, share.split(".")[1]?.length ?? 0);
  const units = (v: string) => {
    const [whole = "", fraction = ""] = v.split(".");
    return BigInt(whole + fraction.padEnd(scale, "0"));
  };
  return units(level) + units(share) > 10n ** BigInt(scale);
}

/**
 * A market's `trading.<market>` key: today's shape, or a former one read as today's, so values stored
 * before still load and are stored in today's shape when next set. A stamp duty on sales (`stampDutyRate`,
 * `stampDutyCap`) becomes the charges as the core maps it (trading-charges.ts `legacyChargeSettings`); a
 * list of `leverages` gives way to the market's default caps per class and margin-call levels (the core's
 * `checkTradingConfig` reads both the same way).
 */
const tradingSetting = (market: TradingMarket) => {
  const charges = (rate: string, cap: string | undefined) => legacyChargeSettings(market, rate, cap);
  const fromLeverages = <T extends { leverages: number[]; liquidationShare: string }>({
    leverages: _leverages,
    ...rest
  }: T) => {
    const defaults = TRADING_DEFAULTS[`trading.${market}`];
    return {
      ...rest,
      // ESMA's caps (leverage.ts): an operator's old list named no class, and a cap above the default is a
      // four-eyes change of its own. The default warnings that lie above the value's own close-out.
      leverageCaps: defaults.leverageCaps,
      marginCallLevels: defaults.marginCallLevels.filter((level) =>
        aboveCloseOut(level, rest.liquidationShare),
      ),
    };
  };
  return z.union([
    tradingMarketConfig,
    // Leverages and charges (before leverage caps).
    z
      .strictObject({ leverages: leverageList, ...sharedFields, charges: chargeList })
      .transform((value): TradingMarketSetting => fromLeverages(value)),
    // Leverages and a stamp duty (before both).
    z
      .strictObject({ leverages: leverageList, ...sharedFields, ...stampDuty })
      .transform(({ stampDutyRate, stampDutyCap, ...value }): TradingMarketSetting => ({
        ...fromLeverages(value),
        charges: charges(stampDutyRate, stampDutyCap),
      })),
    // Leverage caps and a stamp duty (before charges by their legal basis).
    z
      .strictObject({ ...tradingFields, ...stampDuty })
      .transform(({ stampDutyRate, stampDutyCap, ...value }): TradingMarketSetting => ({
        ...value,
        charges: charges(stampDutyRate, stampDutyCap),
      })),
  ]);
};

/** The markets with their own `trading.<market>` key (core MarketCode). */
export const TRADING_MARKETS = ["IN", "US", "KR", "MY", "TH", "CRYPTO", "FX"] as const;
export type TradingMarket = (typeof TRADING_MARKETS)[number];

/** The crypto networks (wallet types) a payout can go out on. */
export const PAYOUT_NETWORKS = ["USDT-TRC20", "USDT-ERC20", "BTC"] as const;

export const SETTINGS = {
  "withdrawal.window": timeWindow,
  "recharge.window": timeWindow,
  "withdrawal.limits": limits,
  "recharge.limits": limits,
  "withdrawal.minCreditScore": z.number().int().min(0).max(1000),
  /** Above this amount (per currency) two different reviewers must approve a withdrawal. */
  "withdrawal.fourEyesAbove": perCurrency,
  /** Arrival promise shown with the rules (spec §9: within 2 hours, at the latest T+1). */
  "withdrawal.arrival": z.object({
    withinHours: z.number().int().min(1).max(240),
    latestDays: z.number().int().min(0).max(30),
  }),
  /**
   * The crypto networks each currency is paid out on, with the network fee (per wallet type, per
   * currency): a payout to a saved address of that type sends the amount less the fee. A type or a
   * currency not named cannot be paid out that way.
   */
  "withdrawal.networkFees": z.partialRecord(
    z.enum(PAYOUT_NETWORKS),
    z.record(
      z.string().regex(/^[A-Z]{3,4}$/),
      moneyString.refine((v) => !v.startsWith("-"), "not negative"),
    ),
  ),
  /** The spread disclosed on every exchange quote, as a fraction of the mid rate (0.005 = 0.5%). */
  "exchange.spread": z.string().regex(/^0(\.\d{1,6})?$/),
  /** The exchange fee: a fraction of the amount paid, in the paying currency. */
  "exchange.feeRate": z.string().regex(/^0(\.\d{1,6})?$/),
  /** How long an exchange quote can be filled. */
  "exchange.quoteSeconds": z.number().int().min(5).max(600),
  /** Above this amount (per currency) a back-office adjustment needs a second administrator. */
  "adjustment.fourEyesAbove": perCurrency,
  /**
   * Each market's leverage caps per class, commission and other charges, lock, automatic-close share,
   * margin-call levels and price band.
   */
  "trading.IN": tradingSetting("IN"),
  "trading.US": tradingSetting("US"),
  "trading.KR": tradingSetting("KR"),
  "trading.MY": tradingSetting("MY"),
  "trading.TH": tradingSetting("TH"),
  "trading.CRYPTO": tradingSetting("CRYPTO"),
  "trading.FX": tradingSetting("FX"),
  /**
   * Credit loans (loan.ts): the quota is the credit score × `perScorePoint`, at most `maxQuota`, in
   * `currency` (one the platform has wallets for); simple interest `dailyRate` a day for `termDays`, fixed
   * on the application when the user applies.
   */
  "loan.terms": z.strictObject({
    currency: z.enum(CURRENCIES),
    perScorePoint: decimalIn("0", null),
    maxQuota: decimalIn("0", null),
    minAmount: decimalIn("0", null, { min: true }),
    dailyRate: decimalIn("0", "0.01"),
    termDays: z.number().int().min(1).max(3650),
  }),
  /**
   * Securities lending (lending.ts): the year's fee the borrowers pay on the lent shares' value, and the
   * platform's share of it; the user is paid grossRate × (1 − brokerShare), fixed on the application.
   */
  "lending.grossRate": z.string().regex(/^0(\.\d{1,6})?$/),
  "lending.brokerShare": z.string().regex(/^0(\.\d{1,6})?$/),
  /** The least value of one lending, per currency ("below minimum lending amount"). */
  "lending.minValue": perCurrency,
  /**
   * The value the platform takes on loan at once, per currency (under review and lent); a currency without
   * one has its channel closed ("lending quota full or channel closed").
   */
  "lending.quota": perCurrency,
  /** The terms a user may choose, in calendar days. */
  "lending.termDays": z
    .array(z.number().int().min(1).max(3650))
    .min(1)
    .max(12)
    .refine((days) => new Set(days).size === days.length, "repeatedDay"),
  /** Price alerts a user may keep active at once (`alert/create` refuses one more: ALERT_LIMIT_REACHED). */
  "alerts.maxActive": z.number().int().min(1).max(1000),
  /**
   * An IPO or block-trade price this far below the reference price (a fraction: 0.05 = 5 %) makes the
   * back-office form warn before it is saved (`ipos/check`, `blockTrades/check`); a warning, not a refusal.
   */
  "offering.discountWarnAbove": z.string().regex(/^0(\.\d{1,6})?$/),
  /**
   * An IPO's final price further than this from its provisional one (a fraction of the provisional price:
   * 0.1 = 10 %, either way) warns every subscriber by a message when it becomes final (docs/ipo.md).
   */
  "offering.finalPriceWarnAbove": z.string().regex(/^0(\.\d{1,6})?$/),
  /** Daily check-in (checkin.ts): the currency, what each check-in books, the rewards N check-ins buy. */
  "checkin.rewards": checkinRewardsSetting,
  /** The seat account (seat.ts): what a seat grants in five languages, and whether KYC is needed first. */
  "seat.terms": seatTermsSetting,
  /** Calendar days from a complaint to the date its final answer is due (docs/support.md). */
  "support.complaintAnswerDays": z.number().int().min(1).max(365),
  /** How many days before the due date an unanswered complaint is escalated to administrators. */
  "support.complaintEscalateDays": z.number().int().min(0).max(60),
  /** The outside route a complaint's final answer names: the regulator's complaint channel (https). */
  /**
   * Fat-finger guards (docs/risk.md): a limit further than `priceDeviation` (a fraction) from the current
   * price, or a notional above `sizeMultiple` times the median of the user's last `history` orders (once
   * there are at least `minOrders` of them), makes `trade/preview` warn and `trade/placeOrder` ask again.
   */
  "risk.unusualOrder": z.strictObject({
    priceDeviation: z.string().regex(/^\d{1,3}(\.\d{1,6})?$/),
    sizeMultiple: z.string().regex(/^\d{1,6}(\.\d{1,6})?$/),
    minOrders: z.number().int().min(1).max(100),
    history: z.number().int().min(1).max(200),
  }),
  "support.outsideRoute": z
    .string()
    .max(500)
    .regex(/^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#]\S*)?$/),
  /**
   * The platform's registration as its documents state it (contract notes, the tax report, statements):
   * the regulator, the licence number, the legal name and address, up to 500 characters, lines kept. Empty:
   * the documents say that no registration is configured and that the platform's trades are simulated.
   */
  "platform.registration": z
    .string()
    .max(500)
    // Lines are kept; any other control character is refused.
    .refine((v) => !/\p{Cc}/u.test(v.replaceAll("\n", "")), "control character"),
  ...APP_SETTINGS,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]>;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/**
 * Control settings (DESIGN §5a Controls): what the platform's other controls stand on (every four-eyes
 * threshold, the limits, the minimum credit score, each market's leverage caps and automatic-close share). A
 * change needs an administrator to ask for it and a second one to approve it (review kind
 * `settingChange`); nobody changes one alone. `"whole"`: any change of the key; a list: a change of one
 * of those fields (a market's fees, lock and price band stay an operator's to change).
 */
export const CONTROL_SETTINGS: Readonly<Partial<Record<SettingKey, "whole" | readonly string[]>>> =
  Object.fromEntries(
    SETTING_KEYS.flatMap((key): [SettingKey, "whole" | readonly string[]][] => {
      if (key.endsWith(".fourEyesAbove")) return [[key, "whole"]];
      if (key.startsWith("trading.")) return [[key, ["leverageCaps", "liquidationShare"]]];
      const whole: readonly SettingKey[] = [
        "withdrawal.limits",
        "recharge.limits",
        "withdrawal.minCreditScore",
      ];
      return whole.includes(key) ? [[key, "whole"]] : [];
    }),
  );

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/**
 * Whether putting `after` in the place of `before` changes a control setting (CONTROL_SETTINGS). Lowering
 * a leverage cap only lowers the risk a market allows, which an operator may do alone (DESIGN §5a,
 * "Leverage"): only caps that raise a class above its cap before (a class not named is 1) are a control
 * change.
 */
export function isControlChange(key: SettingKey, before: unknown, after: unknown): boolean {
  const control = CONTROL_SETTINGS[key];
  if (control === undefined) return false;
  if (control === "whole") return true;
  const field = (value: unknown, name: string): unknown =>
    value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
  return control.some((name) => {
    const was = field(before, name);
    const is = field(after, name);
    if (name === "leverageCaps" && isCaps(was) && isCaps(is))
      return LEVERAGE_CLASSES.some((c) => (is[c] ?? 1) > (was[c] ?? 1));
    return canonical(was) !== canonical(is);
  });
}

const isCaps = (value: unknown): value is Partial<Record<LeverageClassName, number>> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const workdays = [1, 2, 3, 4, 5];

const SHARES = { share: 5 };
const MARGIN_CALLS = ["0.8", "0.65"];
/**
 * Copies of packages/core's DEFAULT_TRADING_CONFIG (this package cannot import the core; a server test
 * asserts the two are equal). The sources of each charge and lock are named there.
 */
const TRADING_DEFAULTS: { [M in TradingMarket as `trading.${M}`]: TradingMarketSetting } = {
  "trading.IN": {
    leverageCaps: SHARES,
    feeRate: "0.0003",
    minFee: "20",
    charges: DEFAULT_CHARGE_SETTINGS.IN ?? [],
    lock: { kind: "tradingDays", n: 1 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.20",
  },
  "trading.US": {
    leverageCaps: SHARES,
    feeRate: "0.0003",
    minFee: "1",
    charges: DEFAULT_CHARGE_SETTINGS.US ?? [],
    lock: { kind: "tradingDays", n: 1 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.10",
  },
  "trading.KR": {
    leverageCaps: SHARES,
    feeRate: "0.0003",
    minFee: "100",
    charges: DEFAULT_CHARGE_SETTINGS.KR ?? [],
    lock: { kind: "tradingDays", n: 2 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.30",
  },
  "trading.MY": {
    leverageCaps: SHARES,
    feeRate: "0.001",
    minFee: "8",
    charges: DEFAULT_CHARGE_SETTINGS.MY ?? [],
    lock: { kind: "tradingDays", n: 2 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.30",
  },
  "trading.TH": {
    leverageCaps: SHARES,
    feeRate: "0.0015",
    minFee: "50",
    charges: DEFAULT_CHARGE_SETTINGS.TH ?? [],
    lock: { kind: "tradingDays", n: 2 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.30",
  },
  "trading.CRYPTO": {
    leverageCaps: { crypto: 2 },
    feeRate: "0.001",
    minFee: "0",
    charges: DEFAULT_CHARGE_SETTINGS.CRYPTO ?? [],
    lock: { kind: "minutes", n: 0 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.20",
  },
  "trading.FX": {
    leverageCaps: { fxMajor: 30, fxOther: 20 },
    feeRate: "0.0001",
    minFee: "0",
    charges: DEFAULT_CHARGE_SETTINGS.FX ?? [],
    lock: { kind: "minutes", n: 0 },
    liquidationShare: "0.5",
    marginCallLevels: MARGIN_CALLS,
    priceBand: "0.05",
  },
};

/** Defaults: spec §9 (withdrawal workdays 09:30–24:00, minimum 100, within 2 hours / T+1; recharge 00:00–23:59). */
export const SETTING_DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  "withdrawal.window": { days: workdays, from: "09:30", to: "24:00", timeZone: "Asia/Kolkata" },
  "recharge.window": { days: workdays, from: "00:00", to: "23:59", timeZone: "Asia/Kolkata" },
  "withdrawal.limits": {
    USD: { min: "100", max: "50000" },
    THB: { min: "100", max: "1500000" },
    INR: { min: "100", max: "4000000" },
  },
  "recharge.limits": {
    USD: { min: "10", max: "100000" },
    THB: { min: "300", max: "3000000" },
    INR: { min: "500", max: "8000000" },
  },
  "withdrawal.minCreditScore": 60,
  "withdrawal.fourEyesAbove": { USD: "10000", THB: "300000", INR: "800000" },
  "withdrawal.arrival": { withinHours: 2, latestDays: 1 },
  // US dollars go out as USDT (Tether's US-dollar token, one per dollar). The fees are those Kraken's
  // fee schedule ("Withdrawal fees and minimums", support.kraken.com, as published in 2026) charges for
  // USDT: about 1 USDT on Tron (TRC-20), about 10 on Ethereum (ERC-20), where gas costs more. BTC is not
  // offered by default: a dollar amount paid in bitcoin needs a conversion rate the platform does not
  // quote; an operator whose payout provider converts can add it here.
  "withdrawal.networkFees": { "USDT-TRC20": { USD: "1" }, "USDT-ERC20": { USD: "10" } },
  "exchange.spread": "0.005",
  "exchange.feeRate": "0.001",
  "exchange.quoteSeconds": 30,
  "adjustment.fourEyesAbove": { USD: "1000", THB: "30000", INR: "80000" },
  ...TRADING_DEFAULTS,
  // A credit score of 100 (a new user's) may borrow up to 10,000 USD for 30 days at 0.05 % a day.
  "loan.terms": {
    currency: "USD",
    perScorePoint: "100",
    maxQuota: "50000",
    minAmount: "100",
    dailyRate: "0.0005",
    termDays: 30,
  },
  // Interactive Brokers' Stock Yield Enhancement Program pays the lender "approximately 50% of the income"
  // it earns on the loan (interactivebrokers.com, "Stock Yield Enhancement Program", as published in 2026):
  // the platform keeps half. The borrowers' fee is the platform's choice (no borrow market is simulated):
  // 2 % a year, above the 0.25–0.5 % of easy-to-borrow US shares, well below hard-to-borrow ones.
  "lending.grossRate": "0.02",
  "lending.brokerShare": "0.5",
  // The platform's choices: a lending worth about a thousand US dollars or more in each share market.
  "lending.minValue": { USD: "1000", INR: "80000", KRW: "1300000", MYR: "4500", THB: "33000" },
  "lending.quota": { USD: "5000000", INR: "400000000", KRW: "6500000000", MYR: "22000000", THB: "165000000" },
  "lending.termDays": [7, 14, 30, 90],
  // The platform's choice, not a regulator's rule: enough levels for a watchlist's worth of instruments,
  // few enough that each user's alerts stay a short list to read.
  "alerts.maxActive": 50,
  // SEBI (Issue of Capital and Disclosure Requirements) Regulations, 2018, Reg. 176(1): a qualified
  // institutions placement is priced at no less than the floor price (the two weeks' average of weekly
  // high and low closing prices), less a discount of at most 5 % that the shareholders approve. The same
  // cap stood in the 2009 Regulations (Reg. 85), which the 2018 ones replaced on 10 November 2018.
  "offering.discountWarnAbove": "0.05",
  // SEBI's ICDR Regulations cap a book-built price band at 120 % of its floor (2009 Regulations, reg. 30(4),
  // carried into the 2018 ones): a final price may land a fifth away from the band's other end. A warning at
  // half of that width tells every applicant of a move they could not have read as a rounding of the
  // provisional price, without telling them of the small moves inside a typical 5–10 % band. The
  // platform's choice on that reasoning, not a regulator's rule.
  "offering.finalPriceWarnAbove": "0.1",
  // The platform's choice, not a rule of a regulator: a small amount per check-in and two rewards, for a
  // week's and a month's check-ins, in the account's main currency. ESMA's 2018 CFD intervention
  // (Decision (EU) 2018/796) bans monetary and non-monetary benefits given in relation to selling CFDs, so
  // none of this depends on trading or deposits: a check-in is the only thing counted.
  "checkin.rewards": {
    currency: "USD",
    perCheckIn: "0.10",
    rewards: [
      { id: "week", checkIns: 7, amount: "1.00" },
      { id: "month", checkIns: 30, amount: "5.00" },
    ],
  },
  // Nothing is granted until the operator names it: a seat is the operator's own arrangement (its
  // exchange seat, a service desk), which this platform cannot describe for it. No lines: not offered.
  "seat.terms": { grants: [], requireKyc: true },
  // SEBI's SCORES (circular SEBI/HO/OIAE/IGRD/CIR/P/2023/156 of 20 September 2023, in force from 4 December
  // 2023, after the August 2023 amendment of the grievance regulations cut 30 days to 21): a listed company or
  // registered intermediary resolves a complaint within 21 calendar days of receipt; unresolved, the
  // investor may take it to the SCORES portal (the outside route below). The UK's FCA gives a firm eight
  // weeks (DISP 1.6.2R) before the Financial Ombudsman; an operator under the FCA sets 56 here.
  "support.complaintAnswerDays": 21,
  // The platform's choice: three days leave an administrator time to answer before the date.
  "support.complaintEscalateDays": 3,
  // The platform's choice, not a regulator's rule: a limit 10 % away from the price is rarely meant (the
  // widest daily band of the listed markets' shares is 20 %), and an order ten times the median of the
  // last 20 is an extra zero typed more often than a plan; five orders make a "usual" size.
  "risk.unusualOrder": { priceDeviation: "0.1", sizeMultiple: "10", minOrders: 5, history: 20 },
  "support.outsideRoute": "https://scores.sebi.gov.in/",
  // Nothing until the operator states it: a registration this platform cannot know (see the key above).
  "platform.registration": "",
  ...APP_SETTING_DEFAULTS,
};
