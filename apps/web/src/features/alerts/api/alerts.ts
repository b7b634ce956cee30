import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertCreateRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";

export const ALERTS_KEY = ["alerts"] as const;

/** `alert/list`: the user's active alerts, then the latest fired ones, with the limit. */
export const useAlerts = (enabled = true) =>
  useQuery({
    queryKey: ALERTS_KEY,
    queryFn: () => apiPost("alert/list"),
    enabled: enabled && hasSession(),
    staleTime: 10_000,
  });

/** `alert/create`: a refusal is shown in the sheet (silent), the list is read again. */
export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AlertCreateRequest) => apiPost("alert/create", request, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** `alert/remove {id}`: the alert leaves the list at once; the list is read again. */
export function useRemoveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost("alert/remove", { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
