import { useMutation, useQuery } from "@tanstack/react-query";
import type { DayTradingApplyRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

export const DAY_TRADING_KEY = ["dayTrading", "status"] as const;

/**
 * `dayTrading/status`: the latest application and the allowance in force. `silent` for the buy form, which
 * only asks whether to offer the intraday switch: a failure there just leaves it hidden.
 */
export function useDayTradingStatus(options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: DAY_TRADING_KEY,
    queryFn: () => apiPost("dayTrading/status", {}, { silent: options.silent }),
    staleTime: 0,
  });
}

/** `dayTrading/apply`: the refusal is the form's to show; the status and balances are read again after. */
export function useApplyDayTrading() {
  const invalidate = useInvalidate([DAY_TRADING_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  return useMutation({
    mutationFn: (request: DayTradingApplyRequest) => apiPost("dayTrading/apply", request, { silent: true }),
    onSettled: invalidate,
  });
}
