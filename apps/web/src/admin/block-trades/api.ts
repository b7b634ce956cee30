import type { AdminRequest } from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const offersKey = ["admin", "blockTrades"] as const;

/** `blockTrades/list`: every offer, newest first, page by page. */
export function useBlockTradeList() {
  return useInfiniteQuery({
    queryKey: offersKey,
    queryFn: ({ pageParam }) => adminPost("blockTrades/list", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useOfferChange<P extends "blockTrades/save" | "blockTrades/withdraw">(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}

/** `blockTrades/save`: a new offer (no id) or a change before it opens, with the audited reason. */
export const useSaveOffer = () => useOfferChange("blockTrades/save");

/** `blockTrades/withdraw {id, reason}`. */
export const useWithdrawOffer = () => useOfferChange("blockTrades/withdraw");
