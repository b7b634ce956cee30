import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Currency, PortfolioRange } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";
import { ACCOUNT_OVERVIEW_KEY } from "./overview";

/**
 * `account/portfolio {currency, range}`: the equity series and the P&L split. Under the overview's key, so
 * every money-moving screen that refreshes the account centre refreshes the portfolio too.
 */
export function usePortfolio(currency: Currency, range: PortfolioRange) {
  return useQuery({
    queryKey: [...ACCOUNT_OVERVIEW_KEY, "portfolio", currency, range],
    queryFn: () => apiPost("account/portfolio", { currency, range }),
    enabled: hasSession(),
    // A new range or currency keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}
