import { keepPreviousData, skipToken, useMutation, useQuery } from "@tanstack/react-query";
import type { FollowPreviewRequest, UserRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

/** Every copy-trading query: whatever moves a holding reads them all again. */
export const FOLLOW_KEY = ["follow"] as const;

/** The holdings' values follow the NAV marks: read again while a list of them is open. */
const HOLDINGS_REFRESH_MS = 15_000;

/** `follow/products`: the products, those not ended first, page by page. */
export function useFollowProducts() {
  return usePagedList([...FOLLOW_KEY, "products"], "follow/products");
}

/** `follow/product {id}`: one product with its measured record, its costs and its portfolio. */
export function useFollowProduct(id: string | null) {
  return useQuery({
    queryKey: [...FOLLOW_KEY, "product", id],
    queryFn: id === null ? skipToken : () => apiPost("follow/product", { id }),
    staleTime: 0,
  });
}

/** `follow/preview`: the buy sheet's figures for an amount and a copy stop-loss (null: not asked yet). */
export function useFollowPreview(request: FollowPreviewRequest | null) {
  return useQuery({
    queryKey: [...FOLLOW_KEY, "preview", request],
    queryFn: request === null ? skipToken : () => apiPost("follow/preview", request, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** `follow/mine`: the user's holdings (copy orders), the ones not ended first, read again as NAVs move. */
export function useMyHoldings() {
  return usePagedList([...FOLLOW_KEY, "mine"], "follow/mine", {}, HOLDINGS_REFRESH_MS);
}

/** A call that moves money: its refusal is the form's to show; holdings and balances are read again. */
function useFollowMutation<P extends "follow/buy" | "follow/redeem">(path: P) {
  const invalidate = useInvalidate([FOLLOW_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  return useMutation({
    mutationFn: (request: UserRequest<P>) => apiPost(path, request, { silent: true }),
    onSettled: invalidate,
  });
}

export const useFollowBuy = () => useFollowMutation("follow/buy");
export const useFollowRedeem = () => useFollowMutation("follow/redeem");
