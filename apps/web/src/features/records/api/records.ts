import type {
  Currency,
  EntryType,
  FundRecordPage,
  RechargeListResponse,
  TradeOrderPage,
  WithdrawListResponse,
} from "@brokerage/api";
import { usePagedList } from "../../../lib/queries";

export const FUND_RECORDS_KEY = ["fund", "records"] as const;

export interface RecordFilters {
  type?: EntryType;
  currency?: Currency;
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
