import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExchangeQuote, ExchangeQuoteRequest } from "@brokerage/api";
import { apiPost } from "../../../lib/api";
import { ACCOUNT_OVERVIEW_KEY } from "../../account";

/** A quote as the screen keeps it: the server's answer and when, by this phone's clock, it runs out. */
export interface HeldQuote {
  quote: ExchangeQuote;
  /** Local epoch ms of its arrival. */
  receivedAt: number;
  /** Local epoch ms of expiry: the quote's lifetime counted from its arrival, so a phone clock set wrong does not matter. */
  deadline: number;
  /** The key of this quote's fill: a retried confirmation sends the same one and cannot exchange twice. */
  idempotencyKey: string;
}

const newKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** `fund/exchangeQuote {from, to, amount}`. Errors are shown by the screen beside the amount. */
export function useExchangeQuote() {
  return useMutation({
    mutationFn: async (request: ExchangeQuoteRequest): Promise<HeldQuote> => {
      const quote = await apiPost("fund/exchangeQuote", request, { silent: true });
      const lifetime = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
      const receivedAt = Date.now();
      return { quote, receivedAt, deadline: receivedAt + lifetime, idempotencyKey: newKey() };
    },
  });
}

/** `fund/exchange {quoteId, idempotencyKey}`; the balances everywhere are read again afterwards. */
export function useExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (held: HeldQuote) =>
      apiPost(
        "fund/exchange",
        { quoteId: held.quote.quoteId, idempotencyKey: held.idempotencyKey },
        { silent: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_OVERVIEW_KEY }),
  });
}
