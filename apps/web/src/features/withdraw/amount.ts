import type { TFunction } from "i18next";
import type { WithdrawRulesResponse } from "@brokerage/api";
import { money, scaleOf } from "@brokerage/core";
import { errorText } from "../../lib/api";
import type { Contract } from "../../lib/contract";

/**
 * What is wrong with the amount, in the server's order, before anything is sent: a positive decimal
 * (the contract's own field), at most the currency's decimals, within the limits, at most the
 * withdrawable balance. Money params are formatted, so the money format must be loaded.
 */
export function amountError(
  t: TFunction,
  contract: Pick<Contract, "withdrawRequest">,
  amount: string,
  rules: Pick<WithdrawRulesResponse, "currency" | "limits" | "available">,
): string | undefined {
  const { currency, limits, available } = rules;
  if (amount === "") return t("form.required");
  if (!contract.withdrawRequest.shape.amount.safeParse(amount).success) return t("withdraw.amountInvalid");
  const decimals = scaleOf(currency);
  if (money(amount).decimalPlaces() > decimals) return t("withdraw.amountDecimals", { currency, decimals });
  if (limits && money(amount).lessThan(limits.min)) return errorText("AMOUNT_BELOW_MIN", { min: limits.min });
  if (limits && money(amount).greaterThan(limits.max))
    return errorText("AMOUNT_ABOVE_MAX", { max: limits.max });
  if (money(amount).greaterThan(available)) return errorText("INSUFFICIENT_WITHDRAWABLE", { available });
  return undefined;
}
