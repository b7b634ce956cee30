import type { AmountLimits } from "@brokerage/api";
import type { Contract } from "../../lib/contract";
import { money, scaleOf } from "@brokerage/core";

export interface AmountProblem {
  /** An error code (translated through `errors.<code>`) or a locale key of this feature. */
  code: "required" | "invalid" | "decimals" | "AMOUNT_BELOW_MIN" | "AMOUNT_ABOVE_MAX";
  params: Record<string, string>;
}

/**
 * The server's rules of a deposit amount, in the same order, before anything is sent: a positive
 * decimal (the contract's own schema, loaded with the contract), at most the currency's decimals, within
 * the channel's limits.
 */
export function amountProblem(
  contract: Pick<Contract, "rechargeFields">,
  amount: string,
  currency: string,
  limits: AmountLimits | undefined,
): AmountProblem | null {
  if (amount === "") return { code: "required", params: {} };
  if (!contract.rechargeFields.shape.amount.safeParse(amount).success) return { code: "invalid", params: {} };
  const decimals = scaleOf(currency);
  if (money(amount).decimalPlaces() > decimals)
    return { code: "decimals", params: { decimals: String(decimals) } };
  if (!limits) return null;
  if (money(amount).lessThan(limits.min)) return { code: "AMOUNT_BELOW_MIN", params: { min: limits.min } };
  if (money(amount).greaterThan(limits.max)) return { code: "AMOUNT_ABOVE_MAX", params: { max: limits.max } };
  return null;
}
