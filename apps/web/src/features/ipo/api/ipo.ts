import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import type { UserRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";
import { TRADE_KEY } from "../../trade";

export const IPO_KEY = ["ipo"] as const;
export const IPO_OFFERINGS_KEY = [...IPO_KEY, "offerings"] as const;
const IPO_OFFERING_KEY = [...IPO_KEY, "offering"] as const;
const IPO_MINE_KEY = [...IPO_KEY, "mine"] as const;

/** `ipo/offerings`: every offering not cancelled, page by page (newest first). */
export function useIpoOfferings() {
  return usePagedList(IPO_OFFERINGS_KEY, "ipo/offerings");
}

/** `ipo/offering {offeringId}`: one offering with the available balance and the user's count so far. */
export function useIpoOffering(offeringId: string | null) {
  return useQuery({
    queryKey: [...IPO_OFFERING_KEY, offeringId],
    queryFn: offeringId === null ? skipToken : () => apiPost("ipo/offering", { offeringId }),
    staleTime: 0,
  });
}

/** Reads the offerings again (their status changed by the clock, say). */
export const useReadOfferingsAgain = () => useInvalidate([IPO_OFFERINGS_KEY, IPO_OFFERING_KEY]);

/** `ipo/mine`: the user's subscriptions, page by page (newest first). */
export function useMyIpoSubscriptions() {
  return usePagedList(IPO_MINE_KEY, "ipo/mine");
}

/**
 * A new-share call whose refusal is the screen's to show (silent); the offerings, subscriptions, balances,
 * fund records and positions are read again after it, whatever the answer.
 */
function useIpoMutation<P extends "ipo/subscribe" | "ipo/pay" | "ipo/waive">(path: P) {
  const invalidate = useInvalidate([
    IPO_OFFERINGS_KEY,
    IPO_OFFERING_KEY,
    IPO_MINE_KEY,
    ACCOUNT_OVERVIEW_KEY,
    FUND_RECORDS_KEY,
    TRADE_KEY,
  ]);
  return useMutation({
    mutationFn: (request: UserRequest<P>) => apiPost(path, request, { silent: true }),
    onSettled: invalidate,
  });
}

/** `ipo/subscribe`: blocks price × quantity (available → held); answers the subscription (`applied`). */
export const useSubscribeIpo = () => useIpoMutation("ipo/subscribe");

/** `ipo/pay`: a won allotment paid out of what its subscription blocked. */
export const usePayIpo = () => useIpoMutation("ipo/pay");

/** `ipo/waive`: a won allotment given up; its block goes back to available. */
export const useWaiveIpo = () => useIpoMutation("ipo/waive");

/**
 * The catalogue's names of an offering's instrument in every app language, from its quote. An offering
 * carries only the English name; an instrument without a quote yet keeps it (silent: nothing to toast).
 */
export function useCatalogueNames(symbol: string, exchange?: string) {
  return useQuery({
    queryKey: [...IPO_KEY, "names", symbol, exchange],
    queryFn: () => apiPost("market/quote", { symbol, exchange }, { silent: true }),
    select: (quote) => quote.details.names,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
