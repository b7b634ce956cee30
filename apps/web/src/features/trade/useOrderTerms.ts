import { useState } from "react";
import { skipToken, useQuery } from "@tanstack/react-query";
import { MARKET_OF_TYPE } from "@brokerage/api/constants";
import { apiPost } from "../../lib/api";
import { TRADE_KEY } from "./api/trade";
import { leveragesOf } from "./order";
import type { StockRef } from "../../lib/quote";

/** The operator may change a market's rules at any time; a form opened again reads them again after this. */
const TERMS_STALE_MS = 60_000;

/**
 * `trade/terms {market, symbol}`: the rules in force in the stock's market, its leverages those of the
 * stock's class (silent: the form falls back).
 */
export function useTradeTerms(stock: Pick<StockRef, "type" | "symbol"> | null) {
  const market = stock ? MARKET_OF_TYPE[stock.type] : undefined;
  const symbol = stock?.symbol;
  return useQuery({
    queryKey: [...TRADE_KEY, "terms", market, symbol],
    queryFn:
      market === undefined ? skipToken : () => apiPost("trade/terms", { market, symbol }, { silent: true }),
    staleTime: TERMS_STALE_MS,
    retry: false,
  });
}

/**
 * The buy form's terms and its leverage picker. The leverages are the server's list for the stock's class
 * (`trade/terms`); until it answers, or if it cannot, the core's defaults; and when an order is refused
 * with LEVERAGE_NOT_ALLOWED, the list that refusal names. The chosen leverage is always one on offer: a
 * choice the list no longer has falls back to its first.
 */
export function useOrderTerms(stock: Pick<StockRef, "type" | "symbol"> | null) {
  const terms = useTradeTerms(stock);
  const [named, setNamed] = useState<number[] | null>(null);
  const [chosen, setChosen] = useState<number>();
  const leverages = named ?? terms.data?.leverages ?? (stock ? leveragesOf(stock) : [1]);
  const leverage = chosen !== undefined && leverages.includes(chosen) ? chosen : (leverages[0] ?? 1);
  return {
    terms: terms.data,
    leverages,
    leverage,
    setLeverage: setChosen,
    /** The list in force as a refusal named it (LEVERAGE_NOT_ALLOWED `allowed`). */
    refuseLeverage: setNamed,
  };
}
