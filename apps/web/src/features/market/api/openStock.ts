import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { MarketCodeWire, MarketType } from "@brokerage/api";
import { marketTypeOf, saveStockRef } from "../../../lib/quote";

/** Market types whose zhishu items are instruments (leading pairs), not indices. */
const TRADED_PAIRS: MarketType[] = ["crypto", "forex"];

/**
 * Opens the detail of an instrument (or of an index on /market/stockDetailzs): the screens read it from
 * local storage (spec §2).
 */
export function useOpenStock() {
  const navigate = useNavigate();
  return useCallback(
    (
      item: { symbol: string; exchange: string; market?: MarketCodeWire; type?: MarketType },
      index = false,
    ) => {
      const type = item.type ?? (item.market ? marketTypeOf(item.market) : "inr");
      saveStockRef({ symbol: item.symbol, exchange: item.exchange, type });
      navigate(index && !TRADED_PAIRS.includes(type) ? "/market/stockDetailzs" : "/market/stockDetail");
    },
    [navigate],
  );
}
