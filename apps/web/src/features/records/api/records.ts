import type { Currency, EntryType } from "@brokerage/api";
import { useQuery } from "@tanstack/react-query";
import { apiImage } from "../../../lib/api";
import { usePagedList } from "../../../lib/queries";

export const FUND_RECORDS_KEY = ["fund", "records"] as const;

export interface RecordFilters {
  type?: EntryType;
  currency?: Currency;
}

/** `fund/records {type?, currency?, cursor?}`: the user's postings, newest first, page by page. */
export function useFundRecords(filters: RecordFilters) {
  return usePagedList([...FUND_RECORDS_KEY, filters], "fund/records", filters);
}

/** `fund/rechargeList {cursor?}`: the user's deposits, newest first. */
export function useRechargeList() {
  return usePagedList(["fund", "rechargeList"], "fund/rechargeList");
}

/** `fund/withdrawList {cursor?}`: the user's withdrawals, newest first. */
export function useWithdrawList() {
  return usePagedList(["fund", "withdrawList"], "fund/withdrawList");
}

/**
 * `trade/trades {cursor?}`: the user's settled trades (closed positions), newest first. Under the trade
 * screen's key (`["trade"]`), so whatever moves money in trading reads it again.
 */
export function useTradeHistory() {
  return usePagedList(["trade", "history"], "trade/trades");
}

/**
 * `fund/rechargeVoucher {id}`: the voucher of one of the user's own deposits, as a data: URL, while the
 * viewer is open. Forgotten as soon as nobody shows it (gcTime 0): a transfer slip is personal, and an
 * image kept in memory for every row once looked at would add up. The error is shown in the viewer.
 */
export function useDepositVoucher(id: string) {
  return useQuery({
    queryKey: ["depositVoucher", id],
    queryFn: ({ signal }) => apiImage("fund/rechargeVoucher", { id }, { silent: true, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
