import { skipToken, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";
import { IPO_KEY } from "./ipo";

/**
 * `ipo/expected {offeringId, quantity}`: the allotment to expect for the shares typed if the book stayed
 * as it is (silent: the form reads fine without it).
 */
export function useIpoExpected(offeringId: string, quantity: string, enabled: boolean) {
  const ok = enabled && /^[1-9]\d{0,9}$/.test(quantity);
  return useQuery({
    queryKey: [...IPO_KEY, "expected", offeringId, quantity],
    queryFn: ok ? () => apiPost("ipo/expected", { offeringId, quantity }, { silent: true }) : skipToken,
    staleTime: 15_000,
    retry: false,
  });
}

/** `ipo/proof {subscriptionId}`: the application's path to the published root, once asked for. */
export function useIpoProof(subscriptionId: string, asked: boolean) {
  return useQuery({
    queryKey: [...IPO_KEY, "proof", subscriptionId],
    queryFn: asked ? () => apiPost("ipo/proof", { subscriptionId }, { silent: true }) : skipToken,
    staleTime: Infinity,
    retry: false,
  });
}
