import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "./api";

/**
 * Pages of a `{ items, nextCursor }` list, newest first; the cursor of each page asks for the next. Money
 * moves elsewhere (a review, another screen), so a list opened again is read again.
 */
export function usePagedList<Page extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  path: string,
  body: object = {},
  refetchInterval: number | false = false,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => apiPost<Page>(path, pageParam ? { ...body, cursor: pageParam } : body),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval,
    staleTime: 0,
  });
}

/** Reads the queries under `keys` again: after anything that moves money, whatever the answer. */
export function useInvalidate(keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
