import { skipToken, keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClosePositionRequest, OrderDraft, PlaceOrderRequest, SetStopsRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { useInvalidate, usePagedList } from "../../../lib/queries";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";
import { FUND_RECORDS_KEY } from "../../records";

export const TRADE_KEY = ["trade"] as const;

/** The six tabs of the trade screen (spec §2) and the call each one reads. */
export const TRADE_TABS = ["purchase", "inProgress", "finished", "inventory", "crypto", "forex"] as const;
export type TradeTab = (typeof TRADE_TABS)[number];
export type ListTab = Exclude<TradeTab, "inventory">;

/** Tabs of `trade/orders`; the others of the list tabs are `trade/positions`. */
const ORDER_TABS = new Set<ListTab>(["purchase", "finished"]);
/** Open positions move with the price: their tabs are read again every few seconds. */
export const POSITION_REFRESH_MS = 5_000;

/** `trade/preview`: what the draft costs now. Refusals are the form's to show (silent). */
export function useOrderPreview(draft: OrderDraft | null, live: boolean) {
  return useQuery({
    queryKey: [...TRADE_KEY, "preview", draft],
    queryFn: draft === null ? skipToken : () => apiPost("trade/preview", draft, { silent: true }),
    // A changed draft keeps the last terms on screen until its own arrive.
    placeholderData: keepPreviousData,
    // A market order is costed at the live price: read again while the form is open.
    refetchInterval: live ? POSITION_REFRESH_MS : false,
    retry: false,
    staleTime: 0,
  });
}

/** After anything that moves money: the balances, the fund records and every trade list are read again. */
const useInvalidateMoney = () => useInvalidate([TRADE_KEY, ACCOUNT_OVERVIEW_KEY, FUND_RECORDS_KEY]);

/** `trade/placeOrder`: the refusal is the form's to show beside what it is about. */
export function usePlaceOrder() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (request: PlaceOrderRequest) => apiPost("trade/placeOrder", request, { silent: true }),
    onSettled: invalidate,
  });
}

/** `trade/cancelOrder {orderId}`: a pending limit order; its held funds come back. */
export function useCancelOrder() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (orderId: string) => apiPost("trade/cancelOrder", { orderId }, { silent: true }),
    onSettled: invalidate,
  });
}

/** `trade/closePosition {positionId, idempotencyKey}`. */
export function useClosePosition() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (request: ClosePositionRequest) => apiPost("trade/closePosition", request, { silent: true }),
    onSettled: invalidate,
  });
}

/** `trade/setStops {positionId, stopLoss, takeProfit}`. */
export function useSetStops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetStopsRequest) => apiPost("trade/setStops", request, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRADE_KEY }),
  });
}

/** `trade/orders {tab}` or `trade/positions {tab}`, page by page (newest first). */
export function useTradeList(tab: ListTab) {
  const path = ORDER_TABS.has(tab) ? "trade/orders" : "trade/positions";
  return usePagedList(
    [...TRADE_KEY, "list", tab],
    path,
    { tab },
    ORDER_TABS.has(tab) ? false : POSITION_REFRESH_MS,
  );
}

/** `trade/inventory`: open positions summed by instrument and direction. */
export function useInventory() {
  return useQuery({
    queryKey: [...TRADE_KEY, "inventory"],
    queryFn: () => apiPost("trade/inventory"),
    refetchInterval: POSITION_REFRESH_MS,
    staleTime: 0,
  });
}

/** `trade/positionDetail {id}`: one order or position; while open its price is read again. */
export function usePositionDetail(id: string | null) {
  return useQuery({
    queryKey: [...TRADE_KEY, "detail", id],
    queryFn: id === null ? skipToken : () => apiPost("trade/positionDetail", { id }),
    refetchInterval: (query) => (query.state.data?.state === "open" ? POSITION_REFRESH_MS : false),
    staleTime: 0,
  });
}

/**
 * `fund/records {reference: "trade:<id>"}`: the fund records of one order, newest first (a trade has a
 * handful, well within the first page).
 */
export function useTradeRecords(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...FUND_RECORDS_KEY, "trade", orderId],
    queryFn: () => apiPost("fund/records", { reference: `trade:${orderId}` }),
    enabled,
  });
}
