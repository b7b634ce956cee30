import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SupportThreadDetail, UserRequest } from "@brokerage/api";
import { apiImage, apiPost } from "../../../lib/api";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { postMultipart } from "../../kyc";

export const SUPPORT_KEY = ["support"] as const;
const THREADS_KEY = [...SUPPORT_KEY, "threads"] as const;
const threadKey = (id: string) => [...SUPPORT_KEY, "thread", id] as const;

/** How often an open conversation looks for answers (the inbox list a little less often). */
export const THREAD_POLL_MS = 5_000;
export const THREADS_POLL_MS = 15_000;

/** `support/threads`: the user's conversations, newest first, with unread answers. */
export function useSupportThreads(enabled = true) {
  return useQuery({
    queryKey: THREADS_KEY,
    queryFn: () => apiPost("support/threads", {}),
    refetchInterval: THREADS_POLL_MS,
    staleTime: 0,
    enabled,
  });
}

/** `support/thread {id}`: one conversation; reading it marks its answers seen. */
export function useSupportThread(id: string | null) {
  return useQuery({
    queryKey: threadKey(id ?? ""),
    queryFn: () => apiPost("support/thread", { id: id ?? "" }),
    refetchInterval: THREAD_POLL_MS,
    staleTime: 0,
    enabled: id !== null,
  });
}

/** What a send answers: the thread, shown at once; the list is read again for its order and counts. */
function useThreadAnswer() {
  const queryClient = useQueryClient();
  return (thread: SupportThreadDetail) => {
    queryClient.setQueryData(threadKey(thread.id), thread);
    void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
  };
}

/**
 * `support/send`: a message, or the first of a new thread. The caller keeps the key of a draft until it is
 * sent, so a retry after a lost answer is the same message.
 */
export function useSendMessage() {
  const shown = useThreadAnswer();
  return useMutation({
    mutationFn: (request: UserRequest<"support/send">) => apiPost("support/send", request, { silent: true }),
    onSuccess: shown,
  });
}

/** `support/sendImage`: an image, checked and re-encoded by the server. */
export function useSendImage() {
  const shown = useThreadAnswer();
  return useMutation({
    mutationFn: ({ threadId, image }: { threadId?: string | undefined; image: File }) => {
      const form = new FormData();
      if (threadId) form.append("threadId", threadId);
      form.append("idempotencyKey", newIdempotencyKey());
      form.append("image", image, image.name || "image");
      return postMultipart("support/sendImage", form, () => undefined);
    },
    onSuccess: shown,
  });
}

/** `support/complain`: the thread becomes a complaint, acknowledged with its due date. */
export function useComplain() {
  const shown = useThreadAnswer();
  return useMutation({
    mutationFn: (request: UserRequest<"support/complain">) =>
      apiPost("support/complain", request, { silent: true }),
    onSuccess: shown,
  });
}

/** `support/image {messageId}`: the user's own image as a data: URL. */
export function useSupportImage(messageId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, "image", messageId],
    queryFn: ({ signal }) => apiImage("support/image", { messageId }, { silent: true, signal }),
    staleTime: Infinity,
    enabled,
  });
}
