import type { AdjustBalanceRequest, Currency } from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const ledgerKey = (userId: string) => ["admin", "users", "ledger", userId] as const;

/** A user's ledger: every page carries the wallets; postings follow nextCursor ("load more"). */
export function useUserLedger(userId: string, currency: Currency | undefined) {
  return useInfiniteQuery({
    queryKey: [...ledgerKey(userId), currency ?? "all"],
    queryFn: ({ pageParam }) =>
      adminPost("users/ledger", {
        userId,
        ...(currency ? { currency } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Books (or asks a second administrator for) an adjustment; the user's page is read again after it. */
export function useAdjustBalance(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdjustBalanceRequest) => adminPost("users/adjust", request),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ["admin", "users", "detail", userId] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "reviews"] }),
      ]),
  });
}
