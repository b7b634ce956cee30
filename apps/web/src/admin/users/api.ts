import type {
  EndUserSessionsRequest,
  SetCreditScoreRequest,
  SetUserFlagsRequest,
  UserDetail,
  UserFlags,
  UserRevealRequest,
  UserRevealResponse,
  UserSummary,
} from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const usersKey = ["admin", "users"] as const;

export function useUserSearch(q: string) {
  return useInfiniteQuery({
    queryKey: [...usersKey, "search", q],
    queryFn: ({ pageParam }) =>
      adminPost<{ items: UserSummary[]; nextCursor: string | null }>("users/search", {
        q,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useUserDetail(userId: string) {
  return useQuery({
    queryKey: [...usersKey, "detail", userId],
    queryFn: () => adminPost<UserDetail>("users/detail", { userId }),
  });
}

/** Every change to a user is refetched from the server (its audit trail and messages change too). */
function useUserChange<TRequest extends { userId: string }, TResult>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TRequest) => adminPost<TResult>(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export const useSetFlags = () => useUserChange<SetUserFlagsRequest, UserFlags>("users/setFlags");
export const useSetCreditScore = () =>
  useUserChange<SetCreditScoreRequest, { creditScore: number }>("users/setCreditScore");
export const useEndSessions = () =>
  useUserChange<EndUserSessionsRequest, { ended: number }>("users/endSessions");

/** A number in full (users/reveal); the user's detail is read again, since its trail now shows the reveal. */
export function useReveal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UserRevealRequest) => adminPost<UserRevealResponse>("users/reveal", request),
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({ queryKey: [...usersKey, "detail", request.userId] }),
  });
}
