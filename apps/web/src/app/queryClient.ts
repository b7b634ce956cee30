import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/apiError";
import { i18n } from "../lib/i18n";
import { onSessionEnded, onSessionStarted } from "../lib/storage";
import { showError } from "../lib/toast";
import { CONFIG_QUERY_KEY } from "../lib/config";

/** Server state. Business errors are already toasted by the API client; transport errors are toasted here. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
  mutationCache: new MutationCache({
    onError: (error) => {
      if (!(error instanceof ApiError)) showError(i18n.t("common.networkError"));
    },
  }),
});

/**
 * Everything cached but the public configuration may belong to the account that just left (watchlist,
 * search history, profile …): forget it when a session ends and again when the next one starts, so the
 * next account on the device never sees it, whichever way the session changed (exit, 401, password change,
 * log-in over a stale cache). A removed query's fetch is cancelled, so an answer for the old account
 * cannot land later; observers keep their last result until they re-render, so the screen being left
 * does not flash empty.
 */
export function forgetSessionData(client: QueryClient = queryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== CONFIG_QUERY_KEY[0] });
}

onSessionEnded(() => forgetSessionData());
onSessionStarted(() => forgetSessionData());
