import type { ReviewDecideRequest, ReviewItem, ReviewKind, ReviewSummary } from "@brokerage/api";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminImage, adminPost } from "../lib/client";

export type ReviewStateFilter = "pending" | "approved" | "rejected" | "all";
interface ReviewPage {
  items: ReviewItem[];
  nextCursor: string | null;
}

const reviewsKey = ["admin", "reviews"] as const;

export function useReviewSummary() {
  return useQuery({
    queryKey: [...reviewsKey, "summary"],
    queryFn: () => adminPost<ReviewSummary>("reviews/summary"),
  });
}

/** One kind's queue, newest first, a page at a time ("load more" follows nextCursor). */
export function useReviewList(kind: ReviewKind, state: ReviewStateFilter) {
  return useInfiniteQuery({
    queryKey: [...reviewsKey, "list", kind, state],
    queryFn: ({ pageParam }) =>
      adminPost<ReviewPage>("reviews/list", {
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
    mutationFn: (request: ReviewDecideRequest) => adminPost<ReviewItem>("reviews/decide", request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

/** A KYC photo as a data: URL; never cached beyond the drawer (the server sends it no-store too). */
export function useKycPhoto(submissionId: string | null, side: "front" | "back", enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "kycPhoto", submissionId, side],
    queryFn: () => adminImage("kyc/photo", { submissionId, side }),
    enabled: enabled && submissionId !== null,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
