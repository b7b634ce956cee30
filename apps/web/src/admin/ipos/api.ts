import type { AdminRequest } from "@brokerage/api";
import { skipToken, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const offeringsKey = ["admin", "ipos"] as const;

/** `ipos/offerings`: every offering, newest first, page by page. */
export function useIpoList() {
  return useInfiniteQuery({
    queryKey: offeringsKey,
    queryFn: ({ pageParam }) => adminPost("ipos/offerings", pageParam ? { cursor: pageParam } : {}),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Reads the offerings and their subscriptions again: a confirmation or a drawer says what is so now, not
 * what the list read a while ago (a winner may have paid meanwhile).
 */
export function useRefreshIpos() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: offeringsKey });
}

/** `ipos/subscriptions {id}`: one offering's subscriptions with their accounts, newest first. */
export function useIpoSubscriptions(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...offeringsKey, "subscriptions", id],
    queryFn:
      id === undefined
        ? skipToken
        : ({ pageParam }) =>
            adminPost("ipos/subscriptions", {
              id,
              ...(pageParam ? { cursor: pageParam } : {}),
            }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * A change of an offering. Refused or not, the list is asked again: a refusal (ORDER_STATE_INVALID) most
 * often means the offering moved on, and its row should show where it is now.
 */
function useOfferingChange<
  P extends "ipos/save" | "ipos/draw" | "ipos/listing" | "ipos/cancel" | "ipos/finalPrice",
>(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminRequest<P>) => adminPost(path, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offeringsKey }),
  });
}

/** `ipos/save`: a new offering (no id) or a change before it opens, with the audited reason. */
export const useSaveIpo = () => useOfferingChange("ipos/save");

/** `ipos/finalPrice {id, price, reason}`: a provisional price's final one, before its stated time. */
export const useFinalPrice = () => useOfferingChange("ipos/finalPrice");

/** What staff can do to an offering once it exists, each `{id, reason}` and audited. */
export const IPO_ACTIONS = ["draw", "listing", "cancel"] as const;
export type IpoAction = (typeof IPO_ACTIONS)[number];

/** `ipos/draw`, `ipos/listing`, `ipos/cancel`. */
export const useIpoAction = (action: IpoAction) => useOfferingChange(`ipos/${action}`);

/** `ipos/verify {id}`: the draw recomputed from its published inputs (a read, audited). */
export const useVerifyDraw = () =>
  useMutation({ mutationFn: (request: AdminRequest<"ipos/verify">) => adminPost("ipos/verify", request) });
