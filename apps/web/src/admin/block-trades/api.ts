import type {
  AdminBlockTradeOffer,
  AdminBlockTradePage,
  AdminBlockTradeSaveRequest,
  AdminBlockTradeWithdrawRequest,
} from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const offersKey = ["admin", "blockTrades"] as const;

/** `blockTrades/list`: every offer, newest first, page by page. */
export function useBlockTradeList() {
  return useInfiniteQuery({
    queryKey: offersKey,
    queryFn: ({ pageParam }) =>
      adminPost<AdminBlockTradePage>("blockTrades/list", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useOfferChange<R extends object>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: R) => adminPost<AdminBlockTradeOffer>(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}

/** `blockTrades/save`: a new offer (no id) or a change before it opens, with the audited reason. */
export const useSaveOffer = () => useOfferChange<AdminBlockTradeSaveRequest>("blockTrades/save");

/** `blockTrades/withdraw {id, reason}`. */
export const useWithdrawOffer = () => useOfferChange<AdminBlockTradeWithdrawRequest>("blockTrades/withdraw");
