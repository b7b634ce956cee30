import { useRef } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { ApiError } from "../../../lib/apiError";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { useInvalidate } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

export const CHECKIN_KEY = ["checkin", "status"] as const;

/** The phone's zone: the user's calendar days are counted in it (the server's default without one). */
export function phoneZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useCheckinStatus() {
  return useQuery({
    queryKey: CHECKIN_KEY,
    queryFn: () => apiPost("checkin/status", { timeZone: phoneZone() }),
    staleTime: 0,
  });
}

/**
 * One key per attempt: a retry after no answer sends the same key (the server moves the money once); an
 * answer of either kind ends the attempt, so the next press is a new request.
 */
function useAttemptKey() {
  const key = useRef<string | null>(null);
  return {
    take: () => (key.current ??= newIdempotencyKey()),
    settle: (error: unknown) => {
      if (error === null || error instanceof ApiError) key.current = null;
    },
  };
}

/** `checkin/checkIn`: a refusal (already checked in today) is toasted; status and balances read again. */
export function useCheckIn() {
  const invalidate = useInvalidate([CHECKIN_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: () => apiPost("checkin/checkIn", { idempotencyKey: attempt.take(), timeZone: phoneZone() }),
    onSettled: (_data, error) => {
      attempt.settle(error);
      return invalidate();
    },
  });
}

/** `checkin/redeem`: a refusal (insufficient check-in count) is toasted; status and balances read again. */
export function useRedeem() {
  const invalidate = useInvalidate([CHECKIN_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (rewardId: string) => apiPost("checkin/redeem", { rewardId, idempotencyKey: attempt.take() }),
    onSettled: (_data, error) => {
      attempt.settle(error);
      return invalidate();
    },
  });
}
