import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";

export const MESSAGES_KEY = ["messages"] as const;
const UNREAD_KEY = [...MESSAGES_KEY, "unread"] as const;
const LIST_KEY = [...MESSAGES_KEY, "list"] as const;

/** `message/unreadCount`, for the bell: re-read every minute and whenever the app comes back. */
export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => apiPost("message/unreadCount"),
    select: (data) => data.count,
    enabled: hasSession(),
    refetchInterval: 60_000,
  });
}

/** `message/list`: the inbox, newest first, page by page. */
export function useMessages() {
  return useInfiniteQuery({
    queryKey: LIST_KEY,
    queryFn: ({ pageParam }) => apiPost("message/list", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** `message/read {id}`: marks one message read and answers it (the message screen shows the answer). */
export function useReadMessage(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...MESSAGES_KEY, "one", id],
    queryFn: async () => {
      const message = await apiPost("message/read", { id });
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      return message;
    },
    enabled: id !== "",
    staleTime: Infinity,
  });
}

/** Marks every shown message read, one call each (the inbox's "mark all read"). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await apiPost("message/read", { id });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
