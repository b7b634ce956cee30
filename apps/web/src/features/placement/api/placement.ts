import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import type { PlacementSubscribeRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";
import { TRADE_KEY } from "../../trade";

export const PLACEMENT_KEY = ["placement"] as const;

/** `placement/offers`: placement and capital-increase offers open now or opening later, page by page. */
export function usePlacementOffers() {
  return usePagedList([...PLACEMENT_KEY, "offers"], "placement/offers");
}

/** `placement/offer {id}`: one offer with its fee rule, the available balance and the user's eligibility. */
export function usePlacementOffer(id: string | null) {
  return useQuery({
    queryKey: [...PLACEMENT_KEY, "offer", id],
    queryFn: id === null ? skipToken : () => apiPost("placement/offer", { id }),
    staleTime: 0,
  });
}

/** `placement/subscribe`: the refusal is the form's to show; money moved, so balances are read again. */
export function usePlacementSubscribe() {
  const invalidate = useInvalidate([PLACEMENT_KEY, TRADE_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  return useMutation({
    mutationFn: (request: PlacementSubscribeRequest) =>
      apiPost("placement/subscribe", request, { silent: true }),
    onSettled: invalidate,
  });
}

/** `placement/mine`: the user's subscriptions, page by page (newest first). */
export function useMyPlacements() {
  return usePagedList([...PLACEMENT_KEY, "mine"], "placement/mine");
}
