import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import type { BlockTradeSubscribeRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";
import { TRADE_KEY } from "../../trade";

export const BLOCK_TRADE_KEY = ["blockTrade"] as const;

/** `blockTrade/offers`: offers open now or opening later, page by page (newest first). */
export function useBlockTradeOffers() {
  return usePagedList([...BLOCK_TRADE_KEY, "offers"], "blockTrade/offers");
}

/** `blockTrade/offer {offerId}`: one offer with its fee rule and the available balance. */
export function useBlockTradeOffer(offerId: string | null) {
  return useQuery({
    queryKey: [...BLOCK_TRADE_KEY, "offer", offerId],
    queryFn: offerId === null ? skipToken : () => apiPost("blockTrade/offer", { offerId }),
    staleTime: 0,
  });
}

/** `blockTrade/subscribe`: the refusal is the form's to show; money moved, so balances are read again. */
export function useSubscribe() {
  const invalidate = useInvalidate([BLOCK_TRADE_KEY, TRADE_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  return useMutation({
    mutationFn: (request: BlockTradeSubscribeRequest) =>
      apiPost("blockTrade/subscribe", request, { silent: true }),
    onSettled: invalidate,
  });
}

/** `blockTrade/mine`: the user's subscriptions, page by page (newest first). */
export function useMySubscriptions() {
  return usePagedList([...BLOCK_TRADE_KEY, "mine"], "blockTrade/mine");
}
