import {
  adminBlockTradeSaveRequest,
  type AdminBlockTradeOffer,
  type AdminBlockTradeSaveRequest,
} from "@brokerage/api";
import { textProblemKey } from "../lib/problems";

/** What happens to the secret key: none asked, a new one set, or (editing) the current one kept. */
export type KeyMode = "none" | "set" | "keep";

/** The drawer's form. Times are the staff member's local date and time (`datetime-local` inputs). */
export interface OfferFormValues {
  symbol: string;
  price: string;
  /** Whole shares as typed (the input keeps them as text, never a JS number). */
  minQuantity: string | null;
  maxQuantity: string | null;
  opensAt: string;
  closesAt: string;
  lockDays: number | null;
  keyMode: KeyMode;
  secretKey?: string;
  reason: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value in the browser's time zone ("2026-01-05T14:30"). */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; "" when empty or unreadable (the schema refuses it). */
export function fromLocalInput(value: string): string {
  const time = new Date(value).getTime();
  return value && !Number.isNaN(time) ? new Date(time).toISOString() : "";
}

const HOUR = 3_600_000;

/** A new offer: open from the next full hour for three days, locked one trading day, no key. */
export function newOffer(now = new Date()): OfferFormValues {
  const start = new Date(Math.ceil(now.getTime() / HOUR) * HOUR);
  return {
    symbol: "",
    price: "",
    minQuantity: "100",
    maxQuantity: null,
    opensAt: toLocalInput(start),
    closesAt: toLocalInput(new Date(start.getTime() + 72 * HOUR)),
    lockDays: 1,
    keyMode: "none",
    reason: "",
  };
}

/** A saved offer as the form's values (the key kept; the reason starts empty: each change gives its own). */
export function toForm(offer: AdminBlockTradeOffer): OfferFormValues {
  return {
    symbol: offer.symbol,
    price: offer.price,
    minQuantity: offer.minQuantity,
    maxQuantity: offer.maxQuantity,
    opensAt: toLocalInput(offer.opensAt),
    closesAt: toLocalInput(offer.closesAt),
    lockDays: offer.lockDays,
    keyMode: offer.secretKeyRequired ? "keep" : "none",
    reason: "",
  };
}

/** Where a problem goes in the form, with the message's locale key. */
export interface FormProblem {
  name: keyof OfferFormValues;
  key: string;
}

const FIELDS: readonly (keyof OfferFormValues)[] = [
  "symbol",
  "price",
  "minQuantity",
  "maxQuantity",
  "opensAt",
  "closesAt",
  "lockDays",
  "secretKey",
  "reason",
];

/** The form field of a server or schema path. */
export const fieldOf = (path: string | undefined): keyof OfferFormValues =>
  FIELDS.find((f) => f === path) ?? "symbol";

/** Messages by field for what the contract refuses (the server says the same; this saves a round trip). */
const PROBLEM_KEYS: Partial<Record<keyof OfferFormValues, string>> = {
  price: "blockTrades.problems.price",
  maxQuantity: "blockTrades.problems.max",
  closesAt: "blockTrades.problems.window",
  secretKey: "blockTrades.problems.key",
  reason: "blockTrades.problems.reason",
};

/** A share count as typed: its digits (undefined when empty). */
const sharesOf = (value: string | number | null | undefined): string | undefined => {
  const text = value === null || value === undefined ? "" : String(value).trim();
  return text === "" ? undefined : text;
};

/** The `blockTrades/save` request of the form, checked by the contract's own schema before sending. */
export function offerRequest(
  values: OfferFormValues,
  id: string | undefined,
): { request?: AdminBlockTradeSaveRequest; problems: FormProblem[] } {
  const secretKey =
    values.keyMode === "keep"
      ? undefined
      : values.keyMode === "none"
        ? null
        : (values.secretKey ?? "").trim();
  const raw = {
    ...(id ? { id } : {}),
    symbol: values.symbol.trim().toUpperCase(),
    price: values.price.trim(),
    minQuantity: sharesOf(values.minQuantity),
    maxQuantity: sharesOf(values.maxQuantity) ?? null,
    opensAt: fromLocalInput(values.opensAt),
    closesAt: fromLocalInput(values.closesAt),
    lockDays: values.lockDays,
    ...(secretKey === undefined ? {} : { secretKey }),
    reason: values.reason.trim(),
  };
  const parsed = adminBlockTradeSaveRequest.safeParse(raw);
  if (parsed.success) return { request: parsed.data, problems: [] };
  const seen = new Set<string>();
  const problems: FormProblem[] = [];
  for (const issue of parsed.error.issues) {
    const name = fieldOf(String(issue.path[0]));
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push({
      name,
      key: textProblemKey(issue.message)?.key ?? PROBLEM_KEYS[name] ?? "blockTrades.problems.required",
    });
  }
  return { problems };
}
