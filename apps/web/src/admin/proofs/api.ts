import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminPost } from "../lib/client";

const proofsKey = ["admin", "proofs"] as const;

/** `proofs/list`: the latest 60 trees of the proofs of liabilities, newest first (audited as a read). */
export function useProofList() {
  return useQuery({ queryKey: [...proofsKey, "list"], queryFn: () => adminPost("proofs/list") });
}

/**
 * `proofs/build`: the proof built now, as of the current minute (audited as proof.build); `built` is false
 * when that minute's trees were already there. The list is read again after it either way.
 */
export function useBuildProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminPost("proofs/build"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proofsKey }),
  });
}
