import { exchangeQuote, exchangeQuoteRequest, exchangeRequest, exchangeResult } from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { fxRatesOf } from "./rates.js";
import { ExchangeService } from "./service.js";

/** `fund/exchangeQuote`, `fund/exchange` (DESIGN §4.1 "Exchange"). Every call needs a session. */
export const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ExchangeService({ db: app.db, clock: app.clock, rates: fxRatesOf(app.market) });
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["exchange"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "fund/exchangeQuote",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Quote an exchange: pay `amount` of `from` (fee included), receive `to` at the mid rate less the " +
          "disclosed spread (exchange.spread), the fee being exchange.feeRate of the amount, the amount " +
          "received rounded down. Valid for exchange.quoteSeconds (30 s by default). Refusals: " +
          "CURRENCY_UNSUPPORTED, SAME_CURRENCY, INVALID_INPUT (amount not positive or beyond the currency's " +
          "decimals), BELOW_MIN_AMOUNT {min} (would receive nothing), RATE_UNAVAILABLE (no fresh rate).",
        body: exchangeQuoteRequest,
        response: answers(exchangeQuote, { session: true }),
      },
    },
    async (request) => ok(await service.quote(sessionOf(request).userId, request.body)),
  );

  route(
    app,
    "fund/exchange",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "Fill one of the user's quotes, once, at its rate: booked as fund-flow type exchange (usToIndia " +
          "for USD → INR, indiaToUs for INR → USD); answers both wallets' new available balances. A retry " +
          "with the same idempotencyKey answers the first result. Refusals: NOT_FOUND (not the user's " +
          "quote), QUOTE_EXPIRED, ORDER_STATE_INVALID (filled already), INSUFFICIENT_AVAILABLE {available}, " +
          "IDEMPOTENCY_CONFLICT (the key used for another quote).",
        body: exchangeRequest,
        response: answers(exchangeResult, { session: true }),
      },
    },
    async (request) => ok(await service.exchange(sessionOf(request).userId, request.body)),
  );
};
