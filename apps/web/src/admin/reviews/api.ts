import type { ReviewDecideRequest, ReviewKind } from "@brokerage/api";
import { skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminImage, adminPost } from "../lib/client";

export type ReviewStateFilter = "pending" | "approved" | "rejected" | "all";

const reviewsKey = ["admin", "reviews"] as const;

export function useReviewSummary() {
  return useQuery({
    queryKey: [...reviewsKey, "summary"],
    queryFn: () => adminPost("reviews/summary"),
  });
}

/** One kind's queue, newest first, a page at a time ("load more" follows nextCursor). */
export function useReviewList(kind: ReviewKind, state: ReviewStateFilter) {
  return useInfiniteQuery({
    queryKey: [...reviewsKey, "list", kind, state],
    queryFn: ({ pageParam }) =>
      adminPost("reviews/list", {
        kind,
        ...(state === "all" ? {} : { state }),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReviewDecideRequest) => adminPost("reviews/decide", request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

/** A KYC photo as a data: URL; never cached beyond the drawer (the server sends it no-store too). */
export function useKycPhoto(submissionId: string | null, side: "front" | "back", enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "kycPhoto", submissionId, side],
    queryFn: submissionId === null ? skipToken : () => adminImage("kyc/photo", { submissionId, side }),
    enabled,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
