import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { UserAnswer, UserJsonPath, UserRequest } from "@brokerage/api";
import { apiPost } from "./api";

/** The paths answering a page of a `{ items, nextCursor }` list. */
export type PagedPath = {
  [P in UserJsonPath]: UserAnswer<P> extends { nextCursor: string | null } ? P : never;
}[UserJsonPath];

/**
 * Pages of a `{ items, nextCursor }` list, newest first; the cursor of each page asks for the next. Money
 * moves elsewhere (a review, another screen), so a list opened again is read again.
 */
export function usePagedList<P extends PagedPath>(
  queryKey: readonly unknown[],
  path: P,
  ...[body, refetchInterval = false]: Record<never, never> extends Omit<UserRequest<P>, "cursor">
    ? [body?: Omit<UserRequest<P>, "cursor">, refetchInterval?: number | false]
    : [body: Omit<UserRequest<P>, "cursor">, refetchInterval?: number | false]
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      apiPost<PagedPath>(
        path,
        (pageParam ? { ...body, cursor: pageParam } : (body ?? {})) as UserRequest<P>,
      ) as Promise<UserAnswer<P>>,
    initialPageParam: null as string | null,
    getNextPageParam: (last: UserAnswer<P>) => last.nextCursor,
    refetchInterval,
    staleTime: 0,
  });
}

/** Reads the queries under `keys` again: after anything that moves money, whatever the answer. */
export function useInvalidate(keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
