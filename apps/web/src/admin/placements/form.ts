import {
  adminPlacementSaveRequest,
  type AdminPlacementOffer,
  type AdminPlacementSaveRequest,
  type PlacementEligibility,
  type PlacementKind,
} from "@brokerage/api";
import { fromLocalInput, toLocalInput } from "../block-trades/form";
import { textProblemKey } from "../lib/problems";

/** The drawer's form. Times are the staff member's local date and time (`datetime-local` inputs). */
export interface PlacementFormValues {
  kind: PlacementKind;
  symbol: string;
  price: string;
  minAmount: string;
  maxAmount: string;
  opensAt: string;
  closesAt: string;
  eligibility: PlacementEligibility;
  lockDays: number | null;
  reason: string;
}

const HOUR = 3_600_000;

/** A new offer: a placement open to verified users from the next full hour for three days, locked 1 day. */
export function newPlacement(now = new Date()): PlacementFormValues {
  const start = new Date(Math.ceil(now.getTime() / HOUR) * HOUR);
  return {
    kind: "placement",
    symbol: "",
    price: "",
    minAmount: "",
    maxAmount: "",
    opensAt: toLocalInput(start),
    closesAt: toLocalInput(new Date(start.getTime() + 72 * HOUR)),
    eligibility: "verified",
    lockDays: 1,
    reason: "",
  };
}

/** A saved offer as the form's values (the reason starts empty: each change gives its own). */
export function toPlacementForm(offer: AdminPlacementOffer): PlacementFormValues {
  return {
    kind: offer.kind,
    symbol: offer.symbol,
    price: offer.price,
    minAmount: offer.minAmount,
    maxAmount: offer.maxAmount ?? "",
    opensAt: toLocalInput(offer.opensAt),
    closesAt: toLocalInput(offer.closesAt),
    eligibility: offer.eligibility,
    lockDays: offer.lockDays,
    reason: "",
  };
}

export interface PlacementProblem {
  name: keyof PlacementFormValues;
  key: string;
}

const FIELDS: readonly (keyof PlacementFormValues)[] = [
  "kind",
  "symbol",
  "price",
  "minAmount",
  "maxAmount",
  "opensAt",
  "closesAt",
  "eligibility",
  "lockDays",
  "reason",
];

/** The form field of a server or schema path. */
export const placementFieldOf = (path: string | undefined): keyof PlacementFormValues =>
  FIELDS.find((f) => f === path) ?? "symbol";

const PROBLEM_KEYS: Partial<Record<keyof PlacementFormValues, string>> = {
  price: "placements.problems.price",
  minAmount: "placements.problems.amount",
  maxAmount: "placements.problems.max",
  closesAt: "blockTrades.problems.window",
  reason: "blockTrades.problems.reason",
};

/** The `placements/save` request of the form, checked by the contract's own schema before sending. */
export function placementRequest(
  values: PlacementFormValues,
  id: string | undefined,
): { request?: AdminPlacementSaveRequest; problems: PlacementProblem[] } {
  const max = values.maxAmount.trim();
  const raw = {
    ...(id ? { id } : {}),
    kind: values.kind,
    symbol: values.symbol.trim().toUpperCase(),
    price: values.price.trim(),
    minAmount: values.minAmount.trim(),
    maxAmount: max === "" ? null : max,
    opensAt: fromLocalInput(values.opensAt),
    closesAt: fromLocalInput(values.closesAt),
    eligibility: values.eligibility,
    lockDays: values.lockDays,
    reason: values.reason.trim(),
  };
  const parsed = adminPlacementSaveRequest.safeParse(raw);
  if (parsed.success) return { request: parsed.data, problems: [] };
  const seen = new Set<string>();
  const problems: PlacementProblem[] = [];
  for (const issue of parsed.error.issues) {
    const name = placementFieldOf(String(issue.path[0]));
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push({
      name,
      key: textProblemKey(issue.message)?.key ?? PROBLEM_KEYS[name] ?? "blockTrades.problems.required",
    });
  }
  return { problems };
}
