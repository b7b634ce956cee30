import {
  SETTING_PROBLEMS,
  settingProblems,
  type SettingKey,
  type SettingProblem,
  type TimeWindow,
} from "@brokerage/api";
import { formatMoney, money, scaleOf } from "@brokerage/core";
import type { TFunction } from "i18next";
import {
  fromTradingForm,
  isTradingKey,
  toTradingForm,
  tradingFieldOf,
  tradingProblems,
  tradingText,
  type TradingForm,
} from "./trading";

/**
 * How the configuration page edits each typed key: a structured form where the shape is known, JSON
 * otherwise (a key added later without a form here still gets an editor). The server validates either way.
 */
export type SettingKind =
  "window" | "limits" | "perCurrency" | "integer" | "fraction" | "arrival" | "trading" | "json";

const KINDS: Partial<Record<SettingKey, SettingKind>> = {
  "withdrawal.window": "window",
  "recharge.window": "window",
  "withdrawal.limits": "limits",
  "recharge.limits": "limits",
  "withdrawal.fourEyesAbove": "perCurrency",
  "adjustment.fourEyesAbove": "perCurrency",
  "withdrawal.minCreditScore": "integer",
  "exchange.quoteSeconds": "integer",
  "alerts.maxActive": "integer",
  "exchange.spread": "fraction",
  "exchange.feeRate": "fraction",
  "withdrawal.arrival": "arrival",
};

export const kindOf = (key: SettingKey): SettingKind =>
  KINDS[key] ?? (isTradingKey(key) ? "trading" : "json");

type Range = { min: string; max: string };
export interface FormValues {
  days?: number[];
  from?: string;
  to?: string;
  timeZone?: string;
  rows?: { currency?: string; min?: string; max?: string; amount?: string }[];
  value?: number | string;
  withinHours?: number;
  latestDays?: number;
  trading?: TradingForm;
  json?: string;
  reason?: string;
}

/** The form's fields for a stored value. */
export function toForm(kind: SettingKind, value: unknown): FormValues {
  switch (kind) {
    case "window":
      return { ...(value as TimeWindow) };
    case "limits":
      return {
        rows: Object.entries(value as Record<string, Range>).map(([currency, r]) => ({ currency, ...r })),
      };
    case "perCurrency":
      return {
        rows: Object.entries(value as Record<string, string>).map(([currency, amount]) => ({
          currency,
          amount,
        })),
      };
    case "integer":
    case "fraction":
      return { value: value as number | string };
    case "arrival":
      return { ...(value as { withinHours: number; latestDays: number }) };
    case "trading":
      return { trading: toTradingForm(value) };
    default:
      return { json: JSON.stringify(value, null, 2) };
  }
}

/** The value the form stands for (what `config/set` sends); JSON that does not parse throws a SyntaxError. */
export function fromForm(kind: SettingKind, form: FormValues): unknown {
  const text = (v: string | undefined) => (v ?? "").trim();
  switch (kind) {
    case "window":
      return {
        days: [...(form.days ?? [])].sort((a, b) => a - b),
        from: text(form.from),
        to: text(form.to),
        timeZone: text(form.timeZone),
      };
    case "limits":
      return Object.fromEntries(
        (form.rows ?? []).map((r) => [text(r.currency), { min: text(r.min), max: text(r.max) }]),
      );
    case "perCurrency":
      return Object.fromEntries((form.rows ?? []).map((r) => [text(r.currency), text(r.amount)]));
    case "integer":
      return form.value;
    case "fraction":
      return text(String(form.value ?? ""));
    case "arrival":
      return { withinHours: form.withinHours, latestDays: form.latestDays };
    case "trading":
      return fromTradingForm(form.trading ?? {});
    default:
      return JSON.parse(form.json ?? "") as unknown;
  }
}

/** The form field a problem inside the value belongs to (null: the form as a whole). */
export function fieldOf(kind: SettingKind, form: FormValues, path: SettingProblem["path"]) {
  const [first, second] = path;
  switch (kind) {
    case "window":
    case "arrival":
      return typeof first === "string" ? [first] : null;
    case "limits":
    case "perCurrency": {
      const row = (form.rows ?? []).findIndex((r) => (r.currency ?? "").trim() === first);
      if (row < 0) return null;
      if (kind === "perCurrency") return ["rows", row, "amount"];
      return ["rows", row, second === "min" || second === "max" ? second : "currency"];
    }
    case "integer":
    case "fraction":
      return ["value"];
    case "trading":
      return tradingFieldOf(path);
    default:
      return ["json"];
  }
}

/** What `config/set` would refuse in a value, checked the same way before it is sent. */
export const problemsOf = (key: SettingKey, value: unknown): SettingProblem[] =>
  isTradingKey(key) ? tradingProblems(key, value) : settingProblems(key, value);

/** A problem in the staff member's language: the platform's own words, else the schema's check failed. */
export function problemText(t: TFunction, problem: SettingProblem): string {
  if (problem.message.startsWith("trading."))
    return t(`config.trading.problems.${problem.message.slice("trading.".length)}`);
  return (SETTING_PROBLEMS as readonly string[]).includes(problem.message)
    ? t(`config.problems.${problem.message}`)
    : t("config.problems.format");
}

/** Sunday = 0 … Saturday = 6, short, in the UI language. */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2023, 0, 1 + day))));
}

const amount = (value: string, currency: string) => formatMoney(value, scaleOf(currency));

/** A value on one line for the table. */
export function valueText(t: TFunction, language: string, key: SettingKey, value: unknown): string {
  const kind = kindOf(key);
  if (kind === "window") {
    const w = value as TimeWindow;
    const names = weekdayNames(language);
    const days = w.days.map((d) => names[d]).join(", ");
    return t("config.windowText", { days, from: w.from, to: w.to, timeZone: w.timeZone });
  }
  if (kind === "limits")
    return Object.entries(value as Record<string, Range>)
      .map(([c, r]) => `${c} ${amount(r.min, c)} – ${amount(r.max, c)}`)
      .join(" · ");
  if (kind === "perCurrency")
    return Object.entries(value as Record<string, string>)
      .map(([c, a]) => `${c} ${amount(a, c)}`)
      .join(" · ");
  if (kind === "fraction") return `${String(value)} (${money(String(value)).times(100).toFixed()}%)`;
  if (kind === "arrival") {
    const a = value as { withinHours: number; latestDays: number };
    return t("config.arrivalText", { hours: a.withinHours, days: a.latestDays });
  }
  if (kind === "trading") return tradingText(t, key, value);
  if (key === "exchange.quoteSeconds") return t("config.seconds", { count: value as number });
  return typeof value === "string" ? value : JSON.stringify(value);
}
