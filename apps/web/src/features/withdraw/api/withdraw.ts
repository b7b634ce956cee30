import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { Currency, WithdrawRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

export const WITHDRAW_RULES_KEY = ["fund", "withdrawRules"] as const;
/** The key of `useWithdrawList` (features/records), read again after a withdrawal. */
const WITHDRAW_LIST_KEY = ["fund", "withdrawList"] as const;

/** `fund/withdrawRules {currency}`: every rule with the user's standing; read afresh on every visit. */
export function useWithdrawRules(currency: Currency) {
  return useQuery({
    queryKey: [...WITHDRAW_RULES_KEY, currency],
    queryFn: () => apiPost("fund/withdrawRules", { currency }),
    // Switching the currency keeps the last checklist on screen until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * `fund/withdraw`: errors are the screen's to show beside their field. Afterwards the rules, balances,
 * withdrawals and fund records are read again, whatever the answer (a refusal may mean they changed).
 */
export function useWithdraw() {
  const invalidate = useInvalidate([
    WITHDRAW_RULES_KEY,
    ACCOUNT_OVERVIEW_KEY,
    WITHDRAW_LIST_KEY,
    FUND_RECORDS_KEY,
  ]);
  return useMutation({
    mutationFn: (request: WithdrawRequest) => apiPost("fund/withdraw", request, { silent: true }),
    onSettled: invalidate,
  });
}
