import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AcknowledgedProduct, Currency, RiskProduct, SelfProtection } from "@brokerage/api";
import { apiPost } from "../../../lib/api";

export const RISK_KEY = ["risk"] as const;
const SELF_PROTECTION_KEY = [...RISK_KEY, "selfProtection"] as const;
/** Leveraged positions move with the price: the ladder is read again every few seconds. */
const MARGIN_REFRESH_MS = 5_000;

/** `risk/disclosure {product}`: the published loss share, the day's, and whether it was acknowledged. */
export function useRiskDisclosure(product: RiskProduct, enabled = true) {
  return useQuery({
    queryKey: [...RISK_KEY, "disclosure", product],
    queryFn: () => apiPost("risk/disclosure", { product }, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

/** `risk/acknowledge {product}`: the warning as shown, acknowledged once. */
export function useAcknowledgeRisk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: AcknowledgedProduct) => apiPost("risk/acknowledge", { product }, { silent: true }),
    onSuccess: (data) => queryClient.setQueryData([...RISK_KEY, "disclosure", data.product], data),
  });
}

/** `risk/marginStatus`: leveraged positions in the order their close-outs would come. */
export function useMarginStatus() {
  return useQuery({
    queryKey: [...RISK_KEY, "margin"],
    queryFn: () => apiPost("risk/marginStatus", {}, { silent: true }),
    refetchInterval: MARGIN_REFRESH_MS,
  });
}

/** `user/selfProtection`: the kill switch and the daily loss limits. */
export function useSelfProtection() {
  return useQuery({
    queryKey: SELF_PROTECTION_KEY,
    queryFn: () => apiPost("user/selfProtection", {}),
  });
}

/** `user/killSwitch {hours}` and `user/lossLimit {currency, amount}`: both answer the new standing. */
export function useProtect() {
  const queryClient = useQueryClient();
  const onSuccess = (data: SelfProtection) => queryClient.setQueryData(SELF_PROTECTION_KEY, data);
  return {
    killSwitch: useMutation({
      mutationFn: (hours: number) => apiPost("user/killSwitch", { hours }, { silent: true }),
      onSuccess,
    }),
    lossLimit: useMutation({
      mutationFn: (body: { currency: Currency; amount: string | null }) =>
        apiPost("user/lossLimit", body, { silent: true }),
      onSuccess,
    }),
  };
}
