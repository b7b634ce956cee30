import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { searchHistoryResponse, searchResult } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";

export type SearchResult = z.infer<typeof searchResult>;
export type HistoryEntry = z.infer<typeof searchHistoryResponse>[number];

const HISTORY_KEY = ["market", "searchHistory"] as const;

/**
 * `market/search`: by code or by name in any language. The server remembers the keyword, so a search is
 * a user action (a mutation), never replayed by a refetch on mount, focus or reconnect.
 */
export function useSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyword: string) => apiPost("market/search", { keyword }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
}

/**
 * The results for what the user is typing (`market/search` with `remember: false`: the history keeps only
 * what the user submits or opens), the last ones kept on screen while the next are fetched.
 */
export function useSearchResults(keyword: string) {
  return useQuery({
    queryKey: ["market", "search", keyword],
    queryFn: keyword === "" ? skipToken : () => apiPost("market/search", { keyword, remember: false }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** `market/searchHistory`: the latest keywords, newest first. */
export const useSearchHistory = () =>
  useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => apiPost("market/searchHistory"),
    enabled: hasSession(),
  });

/** `market/clearSearchHistory`. */
export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost("market/clearSearchHistory"),
    onSuccess: () => queryClient.setQueryData(HISTORY_KEY, []),
  });
}
