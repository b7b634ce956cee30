import { useMutation, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { useInvalidate } from "../../../lib/queries";

export const SEAT_KEY = ["seat", "status"] as const;

export function useSeatStatus() {
  return useQuery({ queryKey: SEAT_KEY, queryFn: () => apiPost("seat/status", {}), staleTime: 0 });
}

/** `seat/apply`: a refusal is toasted; the status is read again either way. */
export function useApplySeat() {
  const invalidate = useInvalidate([SEAT_KEY]);
  return useMutation({ mutationFn: () => apiPost("seat/apply", {}), onSettled: invalidate });
}
