import {
  LEVERAGE_CLASSES,
  TRADING_MARKETS,
  settingProblems,
  type SettingKey,
  type SettingProblem,
  type TradingMarket,
  type TradingMarketSetting,
} from "@brokerage/api";
import {
  MARKETS,
  TradingConfigError,
  checkTradingConfig,
  formatMoney,
  money,
  scaleOf,
} from "@brokerage/core";
import type { TFunction } from "i18next";
import { chargeFieldOf, fromChargeRows, toChargeRows, type ChargeRow } from "./charges-form";

/**
 * The `trading.<market>` keys as a structured form (leverage caps per class, commission, lock, automatic
 * close, price band, margin-call levels, the other charges as rows of components) instead of JSON. Before it is sent, a value passes the key's schema and then the core's own
 * `checkTradingConfig` with the market, as the server checks it on `config/set` (trading/setting-check.ts):
 * the core also knows the settlement currency's scale.
 */

const MARKET_OF_KEY = new Map<string, TradingMarket>(TRADING_MARKETS.map((m) => [`trading.${m}`, m]));

export const tradingMarketOf = (key: SettingKey): TradingMarket | undefined => MARKET_OF_KEY.get(key);
export const isTradingKey = (key: SettingKey) => MARKET_OF_KEY.has(key);

/** The settlement currency of a trading key's market and its decimals (what minimum fee and cap are in). */
export function currencyOf(key: SettingKey): { currency: string; decimals: number } {
  const market = tradingMarketOf(key);
  const currency = market ? MARKETS[market].currency : "USD";
  return { currency, decimals: scaleOf(currency) };
}

export interface TradingForm {
  /** "fxMajor 30, fxOther 20": a cap per class of underlying. */
  leverageCaps?: string;
  feeRate?: string;
  minFee?: string;
  /** The other charges (`charges`), one row per component. */
  charges?: ChargeRow[];
  lockKind?: "tradingDays" | "minutes";
  lockN?: number | null;
  liquidationShare?: string;
  /** "0.8, 0.65": equity levels of the margin-call warnings, descending. */
  marginCallLevels?: string;
  priceBand?: string;
}

export function toTradingForm(value: unknown): TradingForm {
  const v = value as TradingMarketSetting;
  return {
    leverageCaps: capsText(v.leverageCaps, " "),
    feeRate: v.feeRate,
    minFee: v.minFee,
    charges: toChargeRows(v.charges),
    lockKind: v.lock.kind,
    lockN: v.lock.n,
    liquidationShare: v.liquidationShare,
    marginCallLevels: v.marginCallLevels.join(", "),
    priceBand: v.priceBand,
  };
}

/**
 * {share: 5} → "share 5" (`separator` between a class and its cap, `unit` after the cap), classes in their
 * order.
 */
export function capsText(caps: TradingMarketSetting["leverageCaps"], separator: string, unit = ""): string {
  return LEVERAGE_CLASSES.flatMap((c) =>
    caps[c] === undefined ? [] : [`${c}${separator}${caps[c]}${unit}`],
  ).join(", ");
}

/**
 * "fxMajor 30, fxOther 20" → {fxMajor: 30, fxOther: 20}; a part that is not "class number" stays in (a
 * NaN cap, or an unknown class) for the checks to refuse.
 */
export function parseLeverageCaps(text: string | undefined): Record<string, number> {
  const parts = (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return Object.fromEntries(
    parts.map((part) => {
      const [name = "", cap = ""] = part.split(/[\s:=]+/);
      return [name, cap === "" ? Number.NaN : Number(cap)];
    }),
  );
}

/** "0.8, 0.65" → ["0.8", "0.65"]. */
export function parseLevels(text: string | undefined): string[] {
  return (text ?? "").split(/[\s,]+/).filter((part) => part !== "");
}

export function fromTradingForm(form: TradingForm): unknown {
  const text = (v: string | undefined) => (v ?? "").trim();
  return {
    leverageCaps: parseLeverageCaps(form.leverageCaps),
    feeRate: text(form.feeRate),
    minFee: text(form.minFee),
    charges: fromChargeRows(form.charges ?? []),
    lock: { kind: form.lockKind, n: form.lockN },
    liquidationShare: text(form.liquidationShare),
    marginCallLevels: parseLevels(form.marginCallLevels),
    priceBand: text(form.priceBand),
  };
}

/** Which input a field of the value is edited in, and which message explains what it takes. */
const FIELDS: Record<string, { input: keyof TradingForm; problem: string }> = {
  leverageCaps: { input: "leverageCaps", problem: "leverageCaps" },
  marginCallLevels: { input: "marginCallLevels", problem: "marginCallLevels" },
  feeRate: { input: "feeRate", problem: "rate" },
  minFee: { input: "minFee", problem: "amount" },
  charges: { input: "charges", problem: "charges" },
  lock: { input: "lockKind", problem: "lockKind" },
  "lock.kind": { input: "lockKind", problem: "lockKind" },
  "lock.n": { input: "lockN", problem: "lockN" },
  liquidationShare: { input: "liquidationShare", problem: "share" },
  priceBand: { input: "priceBand", problem: "share" },
};

const fieldOfPath = (path: SettingProblem["path"]) =>
  FIELDS[path.slice(0, 2).join(".")] ?? FIELDS[String(path[0])];

/** The form field of a problem inside the value (null: the form as a whole). */
export function tradingFieldOf(path: SettingProblem["path"]): (string | number)[] | null {
  if (path[0] === "charges") return chargeFieldOf(path);
  const field = fieldOfPath(path);
  return field ? ["trading", field.input] : null;
}

/**
 * What the server would refuse, each problem worded for its field (`trading.<problem>`, see problemText):
 * the key's schema first, then the core's check with the market (one problem: the first it meets).
 */
export function tradingProblems(key: SettingKey, value: unknown): SettingProblem[] {
  const worded = (path: SettingProblem["path"]): SettingProblem => ({
    path,
    message: `trading.${fieldOfPath(path)?.problem ?? "format"}`,
  });
  const schema = settingProblems(key, value);
  if (schema.length > 0) return schema.map((problem) => worded(problem.path));
  try {
    checkTradingConfig(value, tradingMarketOf(key));
    return [];
  } catch (error) {
    if (!(error instanceof TradingConfigError)) throw error;
    return [worded(error.field?.split(".") ?? [])];
  }
}

const percent = (fraction: string) => `${money(fraction).times(100).toFixed()}%`;

/** A market's rules on one line for the table. */
export function tradingText(t: TFunction, key: SettingKey, value: unknown): string {
  const v = value as TradingMarketSetting;
  const { currency, decimals } = currencyOf(key);
  const amount = (a: string) => `${formatMoney(a, decimals)} ${currency}`;
  const lock =
    v.lock.n === 0
      ? t("config.trading.text.noLock")
      : t(`config.trading.text.${v.lock.kind}`, { count: v.lock.n });
  return t("config.trading.text.line", {
    // "share 5×", "fxMajor 30×, fxOther 20×": each class with its cap.
    leverages: capsText(v.leverageCaps, " ", "×"),
    fee: percent(v.feeRate),
    minFee: amount(v.minFee),
    charges:
      v.charges.length === 0 ? t("config.trading.text.noCharges") : v.charges.map((c) => c.id).join(", "),
    lock,
    share: percent(v.liquidationShare),
    band: percent(v.priceBand),
  });
}
