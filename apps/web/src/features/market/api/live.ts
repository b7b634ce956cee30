import { useCallback, useSyncExternalStore } from "react";
import { apiPost } from "../../../lib/api";
import { onSessionEnded } from "../../../lib/storage";
import { MarketFeed, type LivePrice } from "../../../lib/marketSocket";
import { getAccount, getToken } from "../../../lib/storage";
import { i18n } from "../../../lib/i18n";
import { showInfo } from "../../../lib/toast";
import { queryClient } from "../../../app/queryClient";
import { messageText } from "../../messages";
import { AlertFallback } from "./alertFallback";

const socketUrl = () =>
  `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/api/ws`;

/** The app's one quote feed: WebSocket /api/ws, polling `market/quotes` while the socket is down. */
export const marketFeed = new MarketFeed({
  url: socketUrl,
  session: () => {
    const token = getToken();
    const account = getAccount();
    return token && account ? { token, account } : null;
  },
  createSocket: (url) => new WebSocket(url),
  fetchQuotes: (symbols) => apiPost("market/quotes", { symbols: [...symbols] }, { silent: true }),
});

// An ended session (log-out, password change, 401) must not keep a socket or its reconnects alive.
onSessionEnded(() => marketFeed.disconnect());

// A margin call is told at once while the app is open (the inbox keeps the message with its figures).
marketFeed.onMarginCall((call) => showInfo(i18n.t("messages.marginCall.title", { symbol: call.symbol })));

/** How long a fired price alert's toast stays: long enough to read its price. */
const PRICE_ALERT_TOAST_MS = 4000;
// A fired price alert too, worded as its inbox message's title; the alert list and the inbox read again.
function tellPriceAlert(fired: Parameters<typeof messageText>[1]) {
  showInfo(messageText(i18n.t, fired).title, PRICE_ALERT_TOAST_MS);
  void queryClient.invalidateQueries({ queryKey: ["alerts"] });
  void queryClient.invalidateQueries({ queryKey: ["messages"] });
}
marketFeed.onPriceAlert(tellPriceAlert);
// While the socket is down (quotes polled), the inbox is polled for fired alerts instead.
const alertFallback = new AlertFallback({
  // Only with a session: a visitor's quotes are polled too, and their inbox is nobody's (no 401 to handle).
  fetchInbox: () =>
    getToken()
      ? apiPost("message/list", {}, { silent: true, ignoreUnauthorized: true }).then(
          (page) => page.items,
          () => null,
        )
      : Promise.resolve(null),
  tell: tellPriceAlert,
  pollMs: 5_000,
});
marketFeed.onStateChange(() => alertFallback.setPolling(marketFeed.getState() === "polling"));
onSessionEnded(() => alertFallback.setPolling(false));

/** The fields of a quote that live prices replace. */
export interface LiveFields {
  code?: string;
  symbol?: string;
  close: string;
  gainValue: string;
  gain: string;
  timestamp: string;
}

/**
 * A quote kept live: watches its symbol on the shared feed while mounted and overlays the newest price.
 * `receivedAt` is set once a live price has arrived.
 */
export function useLiveQuote<Q extends LiveFields>(
  quote: Q | undefined,
): (Q & Partial<LivePrice>) | undefined {
  const symbol = quote?.code ?? quote?.symbol;
  const subscribe = useCallback(
    (onChange: () => void) => (symbol ? marketFeed.watch(symbol, onChange) : () => undefined),
    [symbol],
  );
  const live = useSyncExternalStore(subscribe, () => (symbol ? marketFeed.getPrice(symbol) : undefined));
  if (!quote) return undefined;
  if (!live || Date.parse(live.timestamp) < Date.parse(quote.timestamp)) return quote;
  return { ...quote, ...live, symbol: quote.symbol ?? live.symbol };
}

/** Whether prices arrive live (socket) or by polling. */
export const useFeedState = () =>
  useSyncExternalStore((cb) => marketFeed.onStateChange(cb), marketFeed.getState);

let clockNow = Date.now();
let clockTimer: ReturnType<typeof setInterval> | null = null;
const clockListeners = new Set<() => void>();
function subscribeClock(listener: () => void): () => void {
  clockListeners.add(listener);
  if (!clockTimer) {
    // The clock stood still while nobody watched it: a label mounted now must not start from then.
    clockNow = Date.now();
    clockTimer = setInterval(() => {
      clockNow = Date.now();
      clockListeners.forEach((l) => l());
    }, 1000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0 && clockTimer) {
      clearInterval(clockTimer);
      clockTimer = null;
    }
  };
}

/** The current time, refreshed every second by one shared timer (freshness labels). */
export const useNow = () => useSyncExternalStore(subscribeClock, () => clockNow);
