import { useMutation, useQuery } from "@tanstack/react-query";
import type { UserRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

/** Every lending query (terms and list): whatever moves a lending reads them all again. */
export const LENDING_KEY = ["lending"] as const;

/** `lending/terms`: the rates, terms, channels, eligible holdings and risks. */
export function useLendingTerms() {
  return useQuery({
    queryKey: [...LENDING_KEY, "terms"],
    queryFn: () => apiPost("lending/terms", {}),
    staleTime: 0,
  });
}

/** `lending/list`: the user's lendings with their rebates, page by page (newest first). */
export function useLendingList() {
  return usePagedList([...LENDING_KEY, "list"], "lending/list");
}

/** A lending call whose refusal is the form's to show; the lending queries and balances are read again. */
function useLendingMutation<P extends "lending/apply" | "lending/recall">(path: P) {
  const invalidate = useInvalidate([LENDING_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  return useMutation({
    mutationFn: (request: UserRequest<P>) => apiPost(path, request, { silent: true }),
    onSettled: invalidate,
  });
}

export const useApplyLending = () => useLendingMutation("lending/apply");
export const useRecallLending = () => useLendingMutation("lending/recall");
