import {
  adminFollowSaveRequest,
  type AdminFollowProduct,
  type AdminFollowSaveRequest,
  type Currency,
} from "@brokerage/api";
import type { FieldProblem } from "../layout/FormDrawer";
import { fromLocalInput, toLocalInput } from "../block-trades/form";
import { textProblemKey } from "../lib/problems";

/** The product drawer's form. Times are the staff member's local date and time; fees as fractions. */
export interface FollowFormValues {
  name: string;
  strategy: string;
  leaderAccount: string;
  currency: Currency;
  minBuy: string;
  maxBuy: string | undefined;
  opensAt: string;
  closesAt: string;
  endsAt: string;
  private: boolean;
  channelPassword: string | undefined;
  earlyRedeem: boolean;
  managementFeeRate: string;
  performanceFeeRate: string;
  leaderShare: string;
  reason: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A new product: open from the next full hour for a week, ending 30 days later, public, 2 % and 20 %. */
export function newFollow(now = new Date()): FollowFormValues {
  const start = new Date(Math.ceil(now.getTime() / HOUR) * HOUR);
  return {
    name: "",
    strategy: "",
    leaderAccount: "",
    currency: "USD",
    minBuy: "",
    maxBuy: "",
    opensAt: toLocalInput(start),
    closesAt: toLocalInput(new Date(start.getTime() + 7 * DAY)),
    endsAt: toLocalInput(new Date(start.getTime() + 30 * DAY)),
    private: false,
    channelPassword: "",
    earlyRedeem: true,
    managementFeeRate: "0.02",
    performanceFeeRate: "0.2",
    leaderShare: "0.5",
    reason: "",
  };
}

/** A saved product as the form's values (the password is never sent back: empty keeps it; the reason starts empty). */
export function toFollowForm(product: AdminFollowProduct): FollowFormValues {
  return {
    name: product.name,
    strategy: product.strategy,
    leaderAccount: product.leaderAccount,
    currency: product.currency,
    minBuy: product.minBuy,
    maxBuy: product.maxBuy ?? "",
    opensAt: toLocalInput(product.opensAt),
    closesAt: toLocalInput(product.closesAt),
    endsAt: toLocalInput(product.endsAt),
    private: product.private,
    channelPassword: "",
    earlyRedeem: product.earlyRedeem,
    managementFeeRate: product.managementFeeRate,
    performanceFeeRate: product.performanceFeeRate,
    leaderShare: product.leaderShare,
    reason: "",
  };
}

const FIELDS: readonly (keyof FollowFormValues)[] = [
  "name",
  "strategy",
  "leaderAccount",
  "currency",
  "minBuy",
  "maxBuy",
  "opensAt",
  "closesAt",
  "endsAt",
  "private",
  "channelPassword",
  "earlyRedeem",
  "managementFeeRate",
  "performanceFeeRate",
  "leaderShare",
  "reason",
];

/** The form field of a server or schema path (a refusal naming no field goes beside the name). */
export const followFieldOf = (path: string | undefined): keyof FollowFormValues =>
  FIELDS.find((f) => f === path) ?? "name";

const PROBLEM_KEYS: Partial<Record<keyof FollowFormValues, string>> = {
  minBuy: "follow.problems.amount",
  maxBuy: "follow.problems.amount",
  closesAt: "follow.problems.window",
  endsAt: "follow.problems.window",
  channelPassword: "follow.problems.password",
  managementFeeRate: "follow.problems.rate",
  performanceFeeRate: "follow.problems.rate",
  leaderShare: "follow.problems.rate",
  reason: "blockTrades.problems.reason",
};

/** The `follow/save` request of the form, checked by the contract's own schema before sending. */
export function followRequest(
  values: FollowFormValues,
  id: string | undefined,
): { request?: AdminFollowSaveRequest; problems: FieldProblem[] } {
  // The form validates only the fields it shows: the channel password's is there only for a private product.
  const max = (values.maxBuy ?? "").trim();
  const password = (values.channelPassword ?? "").trim();
  const raw = {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    strategy: values.strategy.trim(),
    leaderAccount: values.leaderAccount.trim(),
    currency: values.currency,
    minBuy: values.minBuy.trim(),
    maxBuy: max === "" ? null : max,
    opensAt: fromLocalInput(values.opensAt),
    closesAt: fromLocalInput(values.closesAt),
    endsAt: fromLocalInput(values.endsAt),
    private: values.private,
    ...(values.private && password !== "" ? { channelPassword: password } : {}),
    earlyRedeem: values.earlyRedeem,
    managementFeeRate: values.managementFeeRate.trim(),
    performanceFeeRate: values.performanceFeeRate.trim(),
    leaderShare: values.leaderShare.trim(),
    reason: values.reason.trim(),
  };
  const problems: FieldProblem[] = [];
  // A new private product needs its channel password (a change keeps the old one when left empty).
  if (values.private && password === "" && !id)
    problems.push({ name: "channelPassword", key: "follow.problems.password" });
  const parsed = adminFollowSaveRequest.safeParse(raw);
  if (parsed.success && problems.length === 0) return { request: parsed.data, problems };
  const seen = new Set(problems.map((p) => String(p.name)));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const name = followFieldOf(String(issue.path[0]));
    if (seen.has(name)) continue;
    seen.add(name);
    problems.push({
      name,
      key: textProblemKey(issue.message)?.key ?? PROBLEM_KEYS[name] ?? "blockTrades.problems.required",
    });
  }
  return { problems };
}
