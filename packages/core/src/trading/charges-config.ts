import type { MarketCode } from "../market/exchanges.js";
import { money, scaleOf } from "../money.js";
import { CHARGE_KINDS, CHARGE_SIDES, type ChargeBasis, type ChargeComponent } from "./charges.js";
import { DEFAULT_CHARGES } from "./charges-defaults.js";
import { TradingConfigError } from "./config.js";

const DECIMAL = /^\d+(\.\d+)?$/;
const ID = /^[a-zA-Z][a-zA-Z0-9]{0,31}$/;
const MAX_COMPONENTS = 16;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], field: string): void {
  const extra = Object.keys(value).find((k) => !keys.includes(k));
  if (extra !== undefined) throw new TradingConfigError(`${field} has an unknown field "${extra}"`, field);
}

function decimal(value: unknown, field: string, opts: { below1?: boolean; positive?: boolean } = {}): string {
  if (typeof value !== "string" || !DECIMAL.test(value))
    throw new TradingConfigError(
      `${field} must be a decimal string like "0.0003", not ${JSON.stringify(value)}`,
      field,
    );
  const d = money(value);
  if (opts.below1 && !d.lessThan(1))
    throw new TradingConfigError(`${field} must be below 1, not ${value}`, field);
  if (opts.positive && !d.greaterThan(0))
    throw new TradingConfigError(`${field} must be above 0, not ${value}`, field);
  return value;
}

function amount(value: unknown, field: string, currency: string | undefined): string {
  const text = decimal(value, field);
  if (currency !== undefined && money(text).decimalPlaces() > scaleOf(currency))
    throw new TradingConfigError(`${field} ${text} has more decimals than ${currency} allows`, field);
  return text;
}

function checkBasis(value: unknown, field: string, earlier: ReadonlySet<string>): ChargeBasis {
  if (!isRecord(value))
    throw new TradingConfigError(`${field} must be {"kind": "value"|"shares"|"blocks"|"charges", …}`, field);
  switch (value.kind) {
    case "value":
      onlyKeys(value, ["kind", "rate"], field);
      return { kind: "value", rate: decimal(value.rate, `${field}.rate`, { below1: true }) };
    case "shares":
      onlyKeys(value, ["kind", "rate"], field);
      return { kind: "shares", rate: decimal(value.rate, `${field}.rate`) };
    case "blocks":
      onlyKeys(value, ["kind", "block", "rate"], field);
      return {
        kind: "blocks",
        block: decimal(value.block, `${field}.block`, { positive: true }),
        rate: decimal(value.rate, `${field}.rate`),
      };
    case "charges": {
      onlyKeys(value, ["kind", "rate", "on"], field);
      const on = value.on;
      if (
        !Array.isArray(on) ||
        on.length === 0 ||
        on.some((id) => typeof id !== "string" || !earlier.has(id))
      )
        throw new TradingConfigError(`${field}.on must list components that come before it`, `${field}.on`);
      return {
        kind: "charges",
        rate: decimal(value.rate, `${field}.rate`, { below1: true }),
        on: [...(on as string[])],
      };
    }
    default:
      throw new TradingConfigError(
        `${field}.kind must be "value", "shares", "blocks" or "charges", not ${JSON.stringify(value.kind)}`,
        `${field}.kind`,
      );
  }
}

/**
 * Validates `trading.<MARKET>.charges` read from JSON and returns a fresh copy; throws a
 * `TradingConfigError` naming the first bad field (`charges.1.basis.rate`). With `currency`, minimums and
 * caps must fit its scale. The commission is not among them: it is `feeRate` and `minFee`.
 */
export function checkCharges(value: unknown, currency?: string): ChargeComponent[] {
  if (!Array.isArray(value) || value.length > MAX_COMPONENTS)
    throw new TradingConfigError(`charges must be a list of at most ${MAX_COMPONENTS} components`, "charges");
  const ids = new Set<string>(["commission"]);
  return (value as unknown[]).map((item, i) => {
    const field = `charges.${i}`;
    if (!isRecord(item)) throw new TradingConfigError(`${field} must be an object`, field);
    onlyKeys(item, ["id", "kind", "basis", "side", "min", "max"], field);
    const { id, kind, side } = item;
    if (typeof id !== "string" || !ID.test(id) || ids.has(id))
      throw new TradingConfigError(`${field}.id must be a new name of letters and digits`, `${field}.id`);
    if (
      typeof kind !== "string" ||
      !(CHARGE_KINDS as readonly string[]).includes(kind) ||
      kind === "commission"
    )
      throw new TradingConfigError(
        `${field}.kind must be one of ${CHARGE_KINDS.slice(1).join(", ")}`,
        `${field}.kind`,
      );
    if (typeof side !== "string" || !(CHARGE_SIDES as readonly string[]).includes(side))
      throw new TradingConfigError(`${field}.side must be "buy", "sell" or "both"`, `${field}.side`);
    const component: ChargeComponent = {
      id,
      kind: kind as ChargeComponent["kind"],
      basis: checkBasis(item.basis, `${field}.basis`, ids),
      side: side as ChargeComponent["side"],
    };
    if (item.min !== undefined) component.min = amount(item.min, `${field}.min`, currency);
    if (item.max !== undefined) component.max = amount(item.max, `${field}.max`, currency);
    if (
      component.min !== undefined &&
      component.max !== undefined &&
      money(component.min).greaterThan(component.max)
    )
      throw new TradingConfigError(`${field}.min must not exceed its max`, `${field}.min`);
    ids.add(id);
    return component;
  });
}

/** The stamp duty each market had before its charges were listed by their legal basis. */
const LEGACY_DEFAULTS: Readonly<Record<MarketCode, { rate: string; cap?: string }>> = {
  IN: { rate: "0.001" },
  US: { rate: "0.0000278" },
  KR: { rate: "0.002" },
  MY: { rate: "0.001", cap: "1000" },
  TH: { rate: "0" },
  CRYPTO: { rate: "0" },
  FX: { rate: "0" },
};

/**
 * Maps a value stored in the former shape (`stampDutyRate`, `stampDutyCap`: a tax on the selling side as a
 * fraction of the value, capped) to components. A value that kept the former default, which these
 * components replace with each market's sourced list, reads as today's default; an operator's own rate is
 * kept as it was set, as a tax on sales.
 */
export function legacyCharges(market: MarketCode | undefined, rate: string, cap?: string): ChargeComponent[] {
  if (market !== undefined) {
    const was = LEGACY_DEFAULTS[market];
    const sameCap =
      cap === undefined ? was.cap === undefined : was.cap !== undefined && money(cap).equals(was.cap);
    if (money(rate).equals(was.rate) && sameCap)
      return JSON.parse(JSON.stringify(DEFAULT_CHARGES[market])) as ChargeComponent[];
  }
  if (money(rate).isZero()) return [];
  return [
    {
      id: "stampDuty",
      kind: "stampDuty",
      basis: { kind: "value", rate },
      side: "sell",
      ...(cap === undefined ? {} : { max: cap }),
    },
  ];
}
