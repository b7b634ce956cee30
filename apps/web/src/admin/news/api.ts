import type { AdminRequest } from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { AdminApiError, adminPost } from "../lib/client";

const newsKey = ["admin", "news"] as const;

/** `news/list`: every article, any state and language, newest first, page by page. */
export function useNewsList() {
  return useInfiniteQuery({
    queryKey: newsKey,
    queryFn: ({ pageParam }) => adminPost("news/list", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useArticleChange<P extends "news/save" | "news/withdraw">(path: P) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: newsKey });
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSuccess: refresh,
    // Withdrawn meanwhile by someone else: the list shows it as it now stands, its actions locked.
    onError: (error) => {
      if (error instanceof AdminApiError && error.code === "ORDER_STATE_INVALID") void refresh();
    },
  });
}

/** `news/save`: a new article, published at once (no id), or a correction of a published one. */
export const useSaveArticle = () => useArticleChange("news/save");

/** `news/withdraw {id, reason}`: the article leaves the app. */
export const useWithdrawArticle = () => useArticleChange("news/withdraw");
