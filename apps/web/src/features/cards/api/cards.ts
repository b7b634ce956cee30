import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddBankCardRequest, AddWalletRequest, BankLookupRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";

export const BANK_CARDS_KEY = ["bank", "list"] as const;
export const WALLETS_KEY = ["wallet", "list"] as const;

/** `bank/list`: the user's bound cards, numbers masked, newest first. */
export function useBankCards() {
  return useQuery({
    queryKey: BANK_CARDS_KEY,
    queryFn: () => apiPost("bank/list"),
    select: (data) => data.items,
  });
}

/**
 * `bank/lookup {country, code}`: what a bank code resolves to (an IFSC's bank), asked once the code has
 * its scheme's shape. A refusal (IFSC_UNKNOWN …) is the field's to show, not a toast; the same code is
 * not asked twice.
 */
export function useBankLookup(request: BankLookupRequest, enabled: boolean) {
  return useQuery({
    queryKey: ["bank", "lookup", request.country, request.code],
    queryFn: () => apiPost("bank/lookup", request, { silent: true }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/** `bank/add`: binds a card; the list is read again afterwards. Refusals are the form's to show. */
export function useAddBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddBankCardRequest) => apiPost("bank/add", values, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BANK_CARDS_KEY }),
  });
}

/** `bank/remove {id}`. */
export function useRemoveBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost("bank/remove", { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BANK_CARDS_KEY }),
  });
}

/** `wallet/list`: the user's crypto addresses, newest first. */
export function useWallets() {
  return useQuery({
    queryKey: WALLETS_KEY,
    queryFn: () => apiPost("wallet/list"),
    select: (data) => data.items,
  });
}

/** `wallet/add {type, address}`. */
export function useAddWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddWalletRequest) => apiPost("wallet/add", values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WALLETS_KEY }),
  });
}

/** `wallet/remove {id}`. */
export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost("wallet/remove", { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLETS_KEY }),
  });
}
