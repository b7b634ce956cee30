import { useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api";

export const PROOF_LATEST_KEY = ["proof", "latest"] as const;
export const PROOF_MINE_KEY = ["proof", "mine"] as const;

/** `proof/latest`: the published roots and totals (no session needed). */
export function useProofLatest() {
  return useQuery({ queryKey: PROOF_LATEST_KEY, queryFn: () => apiPost("proof/latest", {}) });
}

/** `proof/mine`: the caller's leaves and paths; only asked with a session. */
export function useProofMine(enabled: boolean) {
  return useQuery({ queryKey: PROOF_MINE_KEY, queryFn: () => apiPost("proof/mine", {}), enabled });
}
