import type { AdminRequest } from "@brokerage/api";
import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const followKey = ["admin", "follow"] as const;

/** `follow/list`: every copy product, newest first, page by page. */
export function useFollowList() {
  return useInfiniteQuery({
    queryKey: [...followKey, "list"],
    queryFn: ({ pageParam }) => adminPost("follow/list", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `follow/detail {productId}`: the product, its portfolio's positions and orders, and its followers. */
export function useFollowDetail(productId: string | null) {
  return useQuery({
    queryKey: [...followKey, "detail", productId],
    queryFn: productId === null ? skipToken : () => adminPost("follow/detail", { productId }),
  });
}

type FollowChange =
  "follow/save" | "follow/trade" | "follow/closePosition" | "follow/cancelOrder" | "follow/close";

/** A change of a product or its portfolio (each audited with its reason); the list and details are read again. */
function useFollowChange<P extends FollowChange>(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followKey }),
  });
}

export const useSaveFollow = () => useFollowChange("follow/save");
export const useFollowTrade = () => useFollowChange("follow/trade");
export const useFollowClosePosition = () => useFollowChange("follow/closePosition");
export const useFollowCancelOrder = () => useFollowChange("follow/cancelOrder");
export const useCloseFollow = () => useFollowChange("follow/close");
