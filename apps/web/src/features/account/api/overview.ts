import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Currency } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { hasSession } from "../../../lib/storage";
import { isCurrency } from "../../../lib/currency";

/** Every cached overview (one per display currency); money-moving screens invalidate it. */
export const ACCOUNT_OVERVIEW_KEY = ["account", "overview"] as const;

/** `account/overview {currency}`: totals in the display currency and every wallet in its own. */
export function useAccountOverview(currency: Currency) {
  return useQuery({
    queryKey: [...ACCOUNT_OVERVIEW_KEY, currency],
    queryFn: () => apiPost("account/overview", { currency }),
    enabled: hasSession(),
    // Switching the currency keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

const DISPLAY_KEY = "accountCurrency";

/**
 * The display currency of the account centre (spec §1: USD or Thai baht, the other wallets one tap
 * away), remembered on the phone. Any wallet currency is accepted; an unknown stored value reads as USD.
 */
export function useDisplayCurrency() {
  const [currency, setCurrency] = useState<Currency>(() => {
    try {
      const stored = window.localStorage.getItem(DISPLAY_KEY) ?? "";
      return isCurrency(stored) ? stored : "USD";
    } catch {
      return "USD";
    }
  });
  const choose = (next: Currency) => {
    setCurrency(next);
    try {
      window.localStorage.setItem(DISPLAY_KEY, next);
    } catch {
      // Private mode: the choice lasts as long as the screen.
    }
  };
  return [currency, choose] as const;
}
