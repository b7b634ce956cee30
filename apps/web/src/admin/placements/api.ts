import type { AdminRequest } from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const offersKey = ["admin", "placements"] as const;

/** `placements/list`: every placement and capital-increase offer, newest first, page by page. */
export function usePlacementList() {
  return useInfiniteQuery({
    queryKey: offersKey,
    queryFn: ({ pageParam }) => adminPost("placements/list", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useOfferChange<P extends "placements/save" | "placements/withdraw">(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}

/** `placements/save`: a new offer (no id) or a change before it opens, with the audited reason. */
export const useSavePlacement = () => useOfferChange("placements/save");

/** `placements/withdraw {id, reason}`. */
export const useWithdrawPlacement = () => useOfferChange("placements/withdraw");
