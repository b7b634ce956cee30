import {
  LANGUAGE_CODES,
  SETTING_PROBLEMS,
  isErrorCode,
  settingProblems,
  type SettingKey,
  type SettingProblem,
  type TimeWindow,
} from "@brokerage/api";
import type { TFunction } from "i18next";
import {
  fromLoanForm,
  fromNetworkFeeRows,
  loanFieldOf,
  networkFeeFieldOf,
  toLoanForm,
  toNetworkFeeRows,
  type LoanForm,
  type NetworkFeeRow,
} from "./money-forms";
import {
  checkinFieldOf,
  fromCheckinForm,
  fromSeatForm,
  seatFieldOf,
  toCheckinForm,
  toSeatForm,
  type CheckinForm,
  type SeatForm,
} from "./promotion-forms";
import {
  fromTradingForm,
  isTradingKey,
  toTradingForm,
  tradingFieldOf,
  tradingProblems,
  type TradingForm,
} from "./trading";

export type { LoanTerms } from "./money-forms";

/**
 * How the configuration page edits each typed key: a structured form where the shape is known, JSON
 * otherwise (a key added later without a form here still gets an editor). The server validates either way.
 */
export type SettingKind =
  | "window"
  | "limits"
  | "perCurrency"
  | "integer"
  | "fraction"
  | "arrival"
  | "trading"
  | "networkFees"
  | "loanTerms"
  | "checkinRewards"
  | "seatTerms"
  | "text"
  | "logo"
  | "languages"
  | "link"
  | "json";

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
  "withdrawal.networkFees": "networkFees",
  "loan.terms": "loanTerms",
  "checkin.rewards": "checkinRewards",
  "seat.terms": "seatTerms",
  "lending.grossRate": "fraction",
  "lending.brokerShare": "fraction",
  "lending.minValue": "perCurrency",
  "lending.quota": "perCurrency",
  "app.title": "text",
  "app.logo": "logo",
  "app.languages": "languages",
  "app.kefu": "link",
  "support.complaintAnswerDays": "integer",
  "support.complaintEscalateDays": "integer",
  "support.outsideRoute": "link",
};

/** Keys another part of the platform adds, placed here before they exist (not in SettingKey yet). */
const LATER_KINDS: Record<string, SettingKind> = {
  "offering.discountWarnAbove": "fraction",
  "offering.finalPriceWarnAbove": "fraction",
};

export const kindOf = (key: SettingKey): SettingKind =>
  KINDS[key] ?? LATER_KINDS[key] ?? (isTradingKey(key) ? "trading" : "json");

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
  fees?: NetworkFeeRow[];
  loan?: LoanForm;
  checkin?: CheckinForm;
  seat?: SeatForm;
  languages?: string[];
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
    case "networkFees":
      return { fees: toNetworkFeeRows(value) };
    case "loanTerms":
      return { loan: toLoanForm(value) };
    case "checkinRewards":
      return { checkin: toCheckinForm(value) };
    case "seatTerms":
      return { seat: toSeatForm(value) };
    case "languages":
      return { languages: [...(value as string[])] };
    case "text":
    case "logo":
    case "link":
      return { value: value as string };
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
    case "networkFees":
      return fromNetworkFeeRows(form.fees ?? []);
    case "loanTerms":
      return fromLoanForm(form.loan ?? {});
    case "checkinRewards":
      return fromCheckinForm(form.checkin ?? {});
    case "seatTerms":
      return fromSeatForm(form.seat ?? {});
    case "languages":
      // In the switcher's order, whatever order they were ticked in.
      return LANGUAGE_CODES.filter((code) => (form.languages ?? []).includes(code));
    case "text":
    case "link":
      return text(String(form.value ?? ""));
    case "logo":
      return String(form.value ?? "");
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
    case "networkFees":
      return networkFeeFieldOf(form.fees ?? [], path);
    case "loanTerms":
      return loanFieldOf(path);
    case "checkinRewards":
      return checkinFieldOf(path);
    case "seatTerms":
      return seatFieldOf(path);
    case "languages":
      return ["languages"];
    case "text":
    case "logo":
    case "link":
      return ["value"];
    default:
      return ["json"];
  }
}

/** What `config/set` would refuse in a value, checked the same way before it is sent. */
export const problemsOf = (key: SettingKey, value: unknown): SettingProblem[] =>
  isTradingKey(key) ? tradingProblems(key, value) : settingProblems(key, value);

/** A problem in the staff member's language: the platform's own words, else the schema's check failed. */
export function problemText(t: TFunction, problem: SettingProblem): string {
  if (isErrorCode(problem.message)) return t(`errors.${problem.message}`);
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
