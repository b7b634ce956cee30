import { useCallback } from "react";
import { skipToken, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Board, Candle, KlineType, MarketType, RANKING_KINDS, ADJUSTMENTS } from "@brokerage/api";
import { apiPost } from "../../../lib/api";

export type RankingKind = (typeof RANKING_KINDS)[number];
export type Adjustment = (typeof ADJUSTMENTS)[number];

export const MARKET_KEY = ["market"] as const;
/** Spec §9: a chart shows the last 100 candles. */
export const CHART_CANDLES = 100;
export const LIST_PAGE_SIZE = 20;

/** `parameter/zhishu {type}`: the indices of a market (spec §7). */
export const useIndices = (type: MarketType) =>
  useQuery({
    queryKey: [...MARKET_KEY, "zhishu", type],
    queryFn: () => apiPost("parameter/zhishu", { type }),
  });

export interface KlineParams {
  symbol: string;
  exchange: string;
  type: MarketType;
  kline_type: KlineType;
  adjust?: Adjustment;
  /** At most this many candles, picked evenly by the server (first and last kept): for small charts. */
  points?: number;
}

/** What a home sparkline draws: enough for its 100-unit-wide line, a fraction of a session's candles. */
export const SPARKLINE_POINTS = 48;

/**
 * The request of one chart, spelled one way: no adjustment means "none", and only the fields the server
 * reads, so two charts asking for the same candles share one query. A thinned request (`points`) is a
 * query of its own: the sparkline's 48 candles never stand in for the detail chart's full answer.
 */
export function klineRequest(
  params: KlineParams,
): Required<Omit<KlineParams, "points">> & { points?: number } {
  const { symbol, exchange, type, kline_type, adjust = "none", points } = params;
  return { symbol, exchange, type, kline_type, adjust, ...(points === undefined ? {} : { points }) };
}

export const klineQueryKey = (params: KlineParams | null) =>
  [...MARKET_KEY, "kline", params && klineRequest(params)] as const;

/** `trade/kline` (spec §7): the candles of one chart period. */
export function useKline(params: KlineParams | null, last?: number) {
  // A stable select keeps the same candles between renders, so live ticks do not redraw the whole chart.
  const select = useCallback((candles: Candle[]) => (last ? candles.slice(-last) : candles), [last]);
  return useQuery({
    queryKey: klineQueryKey(params),
    queryFn:
      params === null ? skipToken : () => apiPost("trade/kline", klineRequest(params), { silent: true }),
    select,
    placeholderData: keepPreviousData,
  });
}

/** `market/quote`: the full quote of an instrument or index. */
export const useQuote = (symbol: string | undefined, exchange?: string) =>
  useQuery({
    queryKey: [...MARKET_KEY, "quote", symbol, exchange],
    queryFn: symbol ? () => apiPost("market/quote", { symbol, exchange }) : skipToken,
    staleTime: 5_000,
  });

/** `market/list`: a market's quotes page by page (infinite scroll). */
export const useMarketList = (type: MarketType, board: Board | undefined) =>
  useInfiniteQuery({
    queryKey: [...MARKET_KEY, "list", type, board ?? "all"],
    queryFn: ({ pageParam }) =>
      apiPost("market/list", { type, board, page: pageParam, pageSize: LIST_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

/** `market/rankings`: gainers, losers, most traded by volume or turnover. */
export const useRankings = (type: MarketType, kind: RankingKind, limit = 30) =>
  useQuery({
    queryKey: [...MARKET_KEY, "rankings", type, kind, limit],
    queryFn: () => apiPost("market/rankings", { type, kind, limit }),
    placeholderData: keepPreviousData,
  });
