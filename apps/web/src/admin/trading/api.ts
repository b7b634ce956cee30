import type { AdminOrderTab } from "@brokerage/api";
import { useInfiniteQuery } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

/** Every tab of one user's orders (what a refresh reads again). */
export const userOrdersKey = (userId: string) => ["admin", "users", "orders", userId] as const;

/** `users/orders {userId, tab, cursor?}`: one tab of a user's orders, page by page ("load more"). */
export function useUserOrders(userId: string, tab: AdminOrderTab) {
  return useInfiniteQuery({
    queryKey: [...userOrdersKey(userId), tab],
    queryFn: ({ pageParam }) =>
      adminPost("users/orders", { userId, tab, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
