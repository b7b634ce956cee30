import type { TFunction } from "i18next";
import { amountText } from "../lib/money";

/** Subject fields whose values are codes, with the locale namespace that names them. */
const CODED_VALUES: Record<string, string> = {
  kycStatus: "kycStates",
  channelKind: "channels.kinds",
  offerState: "blockTrades.states",
  offerKind: "placements.kinds",
  eligibility: "placements.eligibilities",
  accountFrozen: "placements.yesNo",
  tradeBanned: "placements.yesNo",
  settingReset: "settingReset",
};

/**
 * Subject fields that are amounts of money (in the subject's `currency` unless they name their own) or a
 * count beside a sum ("3 · 1200.00 USD"): shown in the one money format.
 */
const MONEY_VALUES = new Set([
  "amount",
  "available",
  "held",
  "approvedSumBefore",
  "withdrawalsApproved",
  "withdrawalsRejected",
  "depositsApproved",
  "currentAllowance",
  "allowanceUsed",
  "holdAmount",
  "margin",
  "fee",
  "networkFee",
  "receive",
  "interest",
  "total",
  "quota",
]);

/**
 * A subject field's value as the reviewer reads it: a code by its name, an amount in the one money format
 * ("50,000.00 USD", `currency` being the subject's), anything else as sent.
 */
export function subjectValue(
  t: TFunction,
  key: string,
  value: string | null,
  currency?: string | null,
): string {
  if (value === null) return "—";
  if (key === "settingKey") return `${t(`config.keys.${value}.label`, { defaultValue: value })} (${value})`;
  if (MONEY_VALUES.has(key)) return amountText(value, currency);
  const namespace = CODED_VALUES[key];
  return namespace ? t(`${namespace}.${value}`, { defaultValue: value }) : value;
}
