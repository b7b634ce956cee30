import type {
  AdminRequest,
  AdminSupportFilter,
  AdminSupportThreadDetail,
  AdminSupportThreadPage,
} from "@brokerage/api";
import {
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from "@tanstack/react-query";
import { adminImage, adminPost } from "../lib/client";

/** Every query of the support inbox: the page's refresh reads them all again (the open thread too). */
export const SUPPORT_KEY = ["admin", "support"] as const;
const supportKey = SUPPORT_KEY;
const threadKey = (id: string) => [...supportKey, "thread", id] as const;

/**
 * `support/threads {filter}`: the inbox, newest first, page by page. Not polled: each page is an audited
 * read (read.supportThreads), so it is read when the page opens or staff refresh it.
 */
export function useSupportThreads(filter: AdminSupportFilter) {
  return useInfiniteQuery({
    queryKey: [...supportKey, "threads", filter],
    queryFn: ({ pageParam }) =>
      adminPost("support/threads", pageParam ? { filter, cursor: pageParam } : { filter }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `support/stats`: complaint counts, answered in time, and the settings of the clock. */
export function useSupportStats() {
  return useQuery({ queryKey: [...supportKey, "stats"], queryFn: () => adminPost("support/stats", {}) });
}

/** `support/staff`: who a thread can be assigned to. */
export function useSupportStaff() {
  return useQuery({ queryKey: [...supportKey, "staff"], queryFn: () => adminPost("support/staff", {}) });
}

/**
 * `support/thread {id}`: one thread with its messages (an audited read). Reading it marks the user's
 * messages read, so the lists already shown drop its unread count without being read again.
 */
export function useSupportThread(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: threadKey(id ?? ""),
    queryFn:
      id === null
        ? skipToken
        : async () => {
            const thread = await adminPost("support/thread", { id });
            queryClient.setQueriesData<InfiniteData<AdminSupportThreadPage>>(
              { queryKey: [...supportKey, "threads"] },
              (lists) =>
                lists && {
                  ...lists,
                  pages: lists.pages.map((page) => ({
                    ...page,
                    items: page.items.map((item) => (item.id === id ? { ...item, unread: 0 } : item)),
                  })),
                },
            );
            return thread;
          },
  });
}

/** A change of a thread: its answer is the thread as it now is; the lists and counts are read again. */
function useThreadChange<P extends "support/reply" | "support/assign" | "support/resolve">(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request) as Promise<AdminSupportThreadDetail>,
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(thread.id), thread);
      void queryClient.invalidateQueries({ queryKey: [...supportKey, "threads"] });
      void queryClient.invalidateQueries({ queryKey: [...supportKey, "stats"] });
    },
  });
}

export const useReply = () => useThreadChange("support/reply");
export const useAssign = () => useThreadChange("support/assign");
export const useResolve = () => useThreadChange("support/resolve");

/** `support/image {messageId}`: an image a user sent (an audited read), asked for when staff open it. */
export function useSupportImage(messageId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...supportKey, "image", messageId],
    queryFn: () => adminImage("support/image", { messageId }),
    enabled,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
