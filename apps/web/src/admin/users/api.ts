import type { AdminRequest, UserRevealRequest } from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const usersKey = ["admin", "users"] as const;

export function useUserSearch(q: string) {
  return useInfiniteQuery({
    queryKey: [...usersKey, "search", q],
    queryFn: ({ pageParam }) =>
      adminPost("users/search", {
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
    queryFn: () => adminPost("users/detail", { userId }),
  });
}

/** Every change to a user is refetched from the server (its audit trail and messages change too). */
function useUserChange<P extends "users/setFlags" | "users/setCreditScore" | "users/endSessions">(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export const useSetFlags = () => useUserChange("users/setFlags");
export const useSetCreditScore = () => useUserChange("users/setCreditScore");
export const useEndSessions = () => useUserChange("users/endSessions");

/** A number in full (users/reveal); the user's detail is read again, since its trail now shows the reveal. */
export function useReveal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UserRevealRequest) => adminPost("users/reveal", request),
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({ queryKey: [...usersKey, "detail", request.userId] }),
  });
}
