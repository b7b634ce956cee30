import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DisableTotpRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";

export const TWO_STEP_STATUS_KEY = ["user", "twoStep"] as const;

export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/** `user/twoStepStatus`: whether two-step log-in is on, and how many recovery codes are left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: TWO_STEP_STATUS_KEY,
    queryFn: () => apiPost("user/twoStepStatus"),
    enabled: hasSession(),
  });
}

/** A change of the two-step state: the status is read again whatever the answer. */
function useTwoStepMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TWO_STEP_STATUS_KEY }),
  });
}

/** Starts (or restarts) enrolment: a new secret and its otpauth URI for the QR code. */
export const useEnrollTotp = () => useTwoStepMutation(() => apiPost("user/enrollTotp"));

/**
 * Confirms enrolment with a code; answers the recovery codes, the only time they are ever sent. A wrong
 * code is shown under the field, not as a toast.
 */
export const useConfirmTotp = () =>
  useTwoStepMutation((otp: string) => apiPost("user/confirmTotp", { otp }, { silent: true }));

/** Turns two-step log-in off with the login password and a code (or a recovery code). */
export const useDisableTotp = () =>
  useTwoStepMutation((values: DisableTotpRequest) => apiPost("user/disableTotp", values, { silent: true }));
