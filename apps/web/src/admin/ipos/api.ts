import type {
  AdminIpoActionRequest,
  AdminIpoOffering,
  AdminIpoPage,
  AdminIpoSaveRequest,
  AdminIpoSubscriptionPage,
} from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const offeringsKey = ["admin", "ipos"] as const;

/** `ipos/offerings`: every offering, newest first, page by page. */
export function useIpoList() {
  return useInfiniteQuery({
    queryKey: offeringsKey,
    queryFn: ({ pageParam }) =>
      adminPost<AdminIpoPage>("ipos/offerings", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `ipos/subscriptions {id}`: one offering's subscriptions with their accounts, newest first. */
export function useIpoSubscriptions(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...offeringsKey, "subscriptions", id],
    queryFn: ({ pageParam }) =>
      adminPost<AdminIpoSubscriptionPage>("ipos/subscriptions", {
        id,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: id !== undefined,
  });
}

/**
 * A change of an offering. Refused or not, the list is asked again: a refusal (ORDER_STATE_INVALID) most
 * often means the offering moved on, and its row should show where it is now.
 */
function useOfferingChange<R extends object>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: R) => adminPost<AdminIpoOffering>(path, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offeringsKey }),
  });
}

/** `ipos/save`: a new offering (no id) or a change before it opens, with the audited reason. */
export const useSaveIpo = () => useOfferingChange<AdminIpoSaveRequest>("ipos/save");

/** What staff can do to an offering once it exists, each `{id, reason}` and audited. */
export const IPO_ACTIONS = ["draw", "listing", "cancel"] as const;
export type IpoAction = (typeof IPO_ACTIONS)[number];

/** `ipos/draw`, `ipos/listing`, `ipos/cancel`. */
export const useIpoAction = (action: IpoAction) => useOfferingChange<AdminIpoActionRequest>(`ipos/${action}`);
