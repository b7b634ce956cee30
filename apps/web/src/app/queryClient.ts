import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/apiError";
import { i18n } from "../lib/i18n";
import { showError } from "../lib/toast";

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
