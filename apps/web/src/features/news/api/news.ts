import { useQuery } from "@tanstack/react-query";
import type { LanguageCode, NewsArticle, NewsCategory } from "@brokerage/api";
import { apiPost, errorText } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { usePagedList } from "../../../lib/queries";
import { showError } from "../../../lib/toast";

export const NEWS_KEY = ["news"] as const;

/** `news/list {category, lang}`: one section's published articles in the app's language, newest first. */
export function useNewsList(category: NewsCategory, lang: LanguageCode) {
  return usePagedList([...NEWS_KEY, "list", category, lang], "news/list", { category, lang });
}

/** The article was withdrawn (or never existed): the detail says so in place of the article. */
export const isWithdrawn = (error: unknown) => error instanceof ApiError && error.code === "NOT_FOUND";

async function readArticle(id: string): Promise<NewsArticle> {
  try {
    return await apiPost("news/detail", { id }, { silent: true });
  } catch (cause) {
    // NOT_FOUND is the screen's own state, not a toast; a 401 was already announced by the API client.
    if (cause instanceof ApiError && !isWithdrawn(cause) && cause.code !== "UNAUTHORIZED")
      showError(errorText(cause.code, cause.params, cause.serverMsg));
    throw cause;
  }
}

/** `news/detail {id}`: one published article, whole. */
export function useNewsArticle(id: string | null) {
  return useQuery({
    queryKey: [...NEWS_KEY, "detail", id],
    queryFn: () => readArticle(id ?? ""),
    enabled: id !== null,
  });
}
