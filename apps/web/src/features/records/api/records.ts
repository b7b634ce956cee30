import { useInfiniteQuery } from "@tanstack/react-query";
import type {
  Currency,
  EntryType,
  FundRecordPage,
  RechargeListResponse,
  TradeOrderPage,
  WithdrawListResponse,
} from "@brokerage/api";
import { apiPost } from "../../../lib/api";

export const FUND_RECORDS_KEY = ["fund", "records"] as const;

export interface RecordFilters {
  type?: EntryType;
  currency?: Currency;
}

/** Pages of a `{ items, nextCursor }` list, newest first; the cursor of each page asks for the next. */
function usePagedList<Page extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  path: string,
  body: object = {},
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => apiPost<Page>(path, pageParam ? { ...body, cursor: pageParam } : body),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Money moves elsewhere (a review, another screen): a list opened again is read again.
    staleTime: 0,
  });
}

/** `fund/records {type?, currency?, cursor?}`: the user's postings, newest first, page by page. */
export function useFundRecords(filters: RecordFilters) {
  return usePagedList<FundRecordPage>([...FUND_RECORDS_KEY, filters], "fund/records", filters);
}

/** `fund/rechargeList {cursor?}`: the user's deposits, newest first. */
export function useRechargeList() {
  return usePagedList<RechargeListResponse>(["fund", "rechargeList"], "fund/rechargeList");
}

/** `fund/withdrawList {cursor?}`: the user's withdrawals, newest first. */
export function useWithdrawList() {
  return usePagedList<WithdrawListResponse>(["fund", "withdrawList"], "fund/withdrawList");
}

/**
 * `trade/trades {cursor?}`: the user's settled trades (closed positions), newest first. Under the trade
 * screen's key (`["trade"]`), so whatever moves money in trading reads it again.
 */
export function useTradeHistory() {
  return usePagedList<TradeOrderPage>(["trade", "history"], "trade/trades");
}
