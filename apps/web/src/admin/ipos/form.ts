import {
  adminIpoSaveRequest,
  IPO_MIN_QUANTITY_DEFAULT,
  IPO_QUANTITY_MAX,
  IPO_SUBSCRIPTION_LIMIT_MAX,
  type AdminIpoOffering,
  type AdminIpoSaveRequest,
  type IpoAllocationRule,
} from "@brokerage/api";
import type { FieldProblem } from "../layout/FormDrawer";
import { textProblemKey } from "../lib/problems";

/** The five dates of an offering, in the order the contract requires them. */
export const IPO_DATES = ["opensAt", "closesAt", "drawAt", "paymentDueAt", "listingAt"] as const;
export type IpoDate = (typeof IPO_DATES)[number];

/** The drawer's form. Times are the staff member's local date and time (`datetime-local` inputs). */
export interface IpoFormValues extends Record<IpoDate, string> {
  symbol: string;
  price: string;
  /** Share counts as decimal strings (the inputs' string mode): never a JS number. */
  totalShares: string | null;
  minQuantity: string | null;
  maxQuantity: string | null;
  subscriptionLimit: number | null;
  leadBroker: string;
  /** "market": the market's rule (IN lottery, KR equalThenProRata, others proRata). */
  allocationRule: IpoAllocationRule | "market";
  /** Empty: the minimum per subscription. */
  lotSize: string | null;
  /** Empty: the price is final; set: it is provisional until then (local date and time). */
  priceFinalAt: string;
  reason: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value in the browser's time zone ("2026-01-05T14:30"). */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; "" when empty or unreadable (the schema refuses it). */
function fromLocalInput(value: string): string {
  const time = new Date(value).getTime();
  return value && !Number.isNaN(time) ? new Date(time).toISOString() : "";
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A new offering: subscription open from the next full hour for three days, the draw a day after it
 * closes, payment due two days later, listing two days after that; the spec's minimum, once per user.
 */
export function newIpo(now = new Date()): IpoFormValues {
  const opens = Math.ceil(now.getTime() / HOUR) * HOUR;
  const at = (offset: number) => toLocalInput(new Date(opens + offset));
  return {
    symbol: "",
    price: "",
    totalShares: null,
    minQuantity: String(IPO_MIN_QUANTITY_DEFAULT),
    maxQuantity: null,
    subscriptionLimit: 1,
    leadBroker: "",
    allocationRule: "market",
    lotSize: null,
    priceFinalAt: "",
    opensAt: at(0),
    closesAt: at(3 * DAY),
    drawAt: at(4 * DAY),
    paymentDueAt: at(6 * DAY),
    listingAt: at(8 * DAY),
    reason: "",
  };
}

/** A saved offering as the form's values (the reason starts empty: each change gives its own). */
export function toForm(offering: AdminIpoOffering): IpoFormValues {
  return {
    symbol: offering.symbol,
    price: offering.price,
    totalShares: offering.totalShares,
    minQuantity: offering.minQuantity,
    maxQuantity: offering.maxQuantity,
    subscriptionLimit: offering.subscriptionLimit,
    leadBroker: offering.leadBroker,
    allocationRule: offering.allocationRule,
    lotSize: offering.lotSize,
    priceFinalAt: offering.priceFinalAt === null ? "" : toLocalInput(offering.priceFinalAt),
    opensAt: toLocalInput(offering.opensAt),
    closesAt: toLocalInput(offering.closesAt),
    drawAt: toLocalInput(offering.drawAt),
    paymentDueAt: toLocalInput(offering.paymentDueAt),
    listingAt: toLocalInput(offering.listingAt),
    reason: "",
  };
}

const FIELDS: readonly (keyof IpoFormValues)[] = [
  "symbol",
  "price",
  "totalShares",
  "minQuantity",
  "maxQuantity",
  "subscriptionLimit",
  "leadBroker",
  "allocationRule",
  "lotSize",
  "priceFinalAt",
  ...IPO_DATES,
  "reason",
];

/** The form field of a server or schema path (a refusal naming no field belongs beside the symbol). */
export const fieldOf = (path: string | undefined): keyof IpoFormValues =>
  FIELDS.find((f) => f === path) ?? "symbol";

const shareRange = { min: "1", max: IPO_QUANTITY_MAX.toLocaleString("en-US") };

/** Messages by field for what the contract refuses (the server says the same; this saves a round trip). */
const PROBLEMS: Partial<Record<keyof IpoFormValues, Omit<FieldProblem, "name">>> = {
  price: { key: "ipos.problems.price" },
  totalShares: { key: "ipos.problems.shares", params: shareRange },
  minQuantity: { key: "ipos.problems.min" },
  maxQuantity: { key: "ipos.problems.max" },
  subscriptionLimit: { key: "ipos.problems.limit", params: { max: String(IPO_SUBSCRIPTION_LIMIT_MAX) } },
  lotSize: { key: "ipos.problems.lotSize" },
  priceFinalAt: { key: "ipos.problems.priceFinalAt" },
  closesAt: { key: "ipos.problems.closesAt" },
  drawAt: { key: "ipos.problems.drawAt" },
  paymentDueAt: { key: "ipos.problems.paymentDueAt" },
  listingAt: { key: "ipos.problems.listingAt" },
  reason: { key: "ipos.problems.reason" },
};

/** A share count as typed: its digits (undefined when empty). */
const sharesOf = (value: string | number | null | undefined): string | undefined => {
  const text = value === null || value === undefined ? "" : String(value).trim();
  return text === "" ? undefined : text;
};

/** The `ipos/save` request of the form, checked by the contract's own schema before sending. */
export function ipoRequest(
  values: IpoFormValues,
  id: string | undefined,
): { request?: AdminIpoSaveRequest; problems: FieldProblem[] } {
  const raw = {
    ...(id ? { id } : {}),
    symbol: values.symbol.trim().toUpperCase(),
    price: values.price.trim(),
    totalShares: sharesOf(values.totalShares),
    minQuantity: sharesOf(values.minQuantity),
    maxQuantity: sharesOf(values.maxQuantity) ?? null,
    subscriptionLimit: values.subscriptionLimit,
    leadBroker: values.leadBroker.trim(),
    ...(values.allocationRule === "market" ? {} : { allocationRule: values.allocationRule }),
    ...(sharesOf(values.lotSize) === undefined ? {} : { lotSize: sharesOf(values.lotSize) }),
    ...Object.fromEntries(IPO_DATES.map((date) => [date, fromLocalInput(values[date])])),
    // Left out: the price is final (the save clears a provisional one).
    ...(values.priceFinalAt?.trim() ? { priceFinalAt: fromLocalInput(values.priceFinalAt) } : {}),
    reason: values.reason.trim(),
  };
  const parsed = adminIpoSaveRequest.safeParse(raw);
  if (parsed.success) return { request: parsed.data, problems: [] };
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const name = fieldOf(String(issue.path[0]));
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push({
      name,
      ...(textProblemKey(issue.message) ?? PROBLEMS[name] ?? { key: "ipos.problems.required" }),
    });
  }
  return { problems };
}
