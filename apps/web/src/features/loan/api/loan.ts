import { useMutation, useQuery } from "@tanstack/react-query";
import type { UserRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

/** Every loan query (status and records): whatever moves a loan reads them all again. */
export const LOAN_KEY = ["loan"] as const;
const LOAN_STATUS_KEY = [...LOAN_KEY, "status"] as const;

/** `loan/status`: the terms, the quota, what is owed, the latest loan and whether applying is refused. */
export function useLoanStatus() {
  return useQuery({
    queryKey: LOAN_STATUS_KEY,
    queryFn: () => apiPost("loan/status", {}),
    staleTime: 0,
  });
}

/** `loan/list`: the user's loans and applications, page by page (newest first). */
export function useLoanList() {
  return usePagedList([...LOAN_KEY, "list"], "loan/list");
}

/**
 * A loan call whose refusal is the form's to show; the loan, the balances and the fund records are read
 * again after it, whatever the answer.
 */
function useLoanMutation<P extends "loan/apply" | "loan/repay">(path: P) {
  const invalidate = useInvalidate([LOAN_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  return useMutation({
    mutationFn: (request: UserRequest<P>) => apiPost(path, request, { silent: true }),
    onSettled: invalidate,
  });
}

/** `loan/apply`: opens an application for review. */
export const useApplyLoan = () => useLoanMutation("loan/apply");

/** `loan/repay`: part or all of what is owed, from the available balance. */
export const useRepayLoan = () => useLoanMutation("loan/repay");
