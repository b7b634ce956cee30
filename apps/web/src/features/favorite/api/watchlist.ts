import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Quote } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";

export const WATCHLIST_KEY = ["watchlist"] as const;
export interface WatchItem {
  symbol: string;
  exchange: string;
}
const sameItem = (q: Quote, item: WatchItem) => q.code === item.symbol && q.exchange === item.exchange;

/** `watchlist/list`: the watched instruments' quotes, in the user's order. */
export const useWatchlist = () =>
  useQuery({
    queryKey: [...WATCHLIST_KEY, "list"],
    queryFn: () => apiPost<Quote[]>("watchlist/list"),
    enabled: hasSession(),
    staleTime: 10_000,
  });

/** `watchlist/contains`: the star on the detail screen. */
export const useWatchContains = (item: WatchItem | null) =>
  useQuery({
    queryKey: [...WATCHLIST_KEY, "contains", item?.symbol, item?.exchange],
    queryFn: () => apiPost<boolean>("watchlist/contains", item ?? {}),
    enabled: item !== null && hasSession(),
  });

/** `watchlist/add` and `watchlist/remove`; every watchlist query is refreshed afterwards. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, watch }: { item: WatchItem; watch: boolean }) =>
      apiPost<null>(watch ? "watchlist/add" : "watchlist/remove", item),
    onMutate: ({ item, watch }) => {
      queryClient.setQueryData([...WATCHLIST_KEY, "contains", item.symbol, item.exchange], watch);
      if (!watch)
        queryClient.setQueryData<Quote[]>([...WATCHLIST_KEY, "list"], (list) =>
          list?.filter((q) => !sameItem(q, item)),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}

/** `watchlist/reorder`: the whole list in its new order (optimistic). */
export function useReorderWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quotes: Quote[]) =>
      apiPost<null>("watchlist/reorder", {
        items: quotes.map((q) => ({ symbol: q.code, exchange: q.exchange })),
      }),
    onMutate: (quotes) => queryClient.setQueryData([...WATCHLIST_KEY, "list"], quotes),
    onError: () => void queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}
