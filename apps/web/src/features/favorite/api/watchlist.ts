import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Quote } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";

export const WATCHLIST_KEY = ["watchlist"] as const;
const WATCHLIST_LIST_KEY = [...WATCHLIST_KEY, "list"] as const;
export interface WatchItem {
  symbol: string;
  exchange: string;
}
const sameItem = (q: Quote, item: WatchItem) => q.code === item.symbol && q.exchange === item.exchange;

/** `watchlist/list`: the watched instruments' quotes, in the user's order. */
export const useWatchlist = () =>
  useQuery({
    queryKey: WATCHLIST_LIST_KEY,
    queryFn: () => apiPost("watchlist/list"),
    enabled: hasSession(),
    staleTime: 10_000,
  });

const TOGGLE_KEY = [...WATCHLIST_KEY, "toggle"] as const;
interface ToggleVariables {
  item: WatchItem;
  watch: boolean;
}

/**
 * Whether `item` is watched, from the one source of truth, the watchlist; while a star's add or remove is
 * on its way (until the list is read back), the state it asks for. `pending` disables every star of the
 * item, wherever it is shown, so a fast second tap cannot send the same add twice. `watched` is
 * undefined until the list is known.
 */
export function useWatchState(item: WatchItem): { watched: boolean | undefined; pending: boolean } {
  const list = useWatchlist();
  const pending = useMutationState({
    filters: {
      mutationKey: TOGGLE_KEY,
      status: "pending",
      predicate: (mutation) => {
        const variables = mutation.state.variables as ToggleVariables | undefined;
        return variables?.item.symbol === item.symbol && variables.item.exchange === item.exchange;
      },
    },
    select: (mutation) => (mutation.state.variables as ToggleVariables).watch,
  });
  const asked = pending.at(-1);
  if (asked !== undefined) return { watched: asked, pending: true };
  return { watched: list.data?.some((q) => sameItem(q, item)), pending: false };
}

/**
 * `watchlist/add` and `watchlist/remove`. A removal leaves the list at once; an add shows through
 * useWatchState until the list is read back (the mutation stays pending until then). A refetch already
 * on its way is cancelled first, so its older answer cannot undo the change.
 */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: ({ item, watch }: ToggleVariables) =>
      apiPost(watch ? "watchlist/add" : "watchlist/remove", item),
    onMutate: async ({ item, watch }) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_KEY });
      if (!watch)
        queryClient.setQueryData<Quote[]>(WATCHLIST_LIST_KEY, (list) =>
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
      apiPost("watchlist/reorder", {
        items: quotes.map((q) => ({ symbol: q.code, exchange: q.exchange })),
      }),
    onMutate: async (quotes) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_KEY });
      queryClient.setQueryData(WATCHLIST_LIST_KEY, quotes);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}
