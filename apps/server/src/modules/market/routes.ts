import {
  emptyRequest,
  klineRequest,
  klineResponse,
  marketListRequest,
  marketListResponse,
  quote,
  quoteRequest,
  quotesRequest,
  quotesResponse,
  rankingRequest,
  rankingResponse,
  searchHistoryResponse,
  searchRequest,
  searchResponse,
  zhishuRequest,
  zhishuResponse,
} from "@brokerage/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { SearchHistoryService } from "./search-history.js";
import { liveTick } from "./stream/hub.js";

/** Market data calls (spec §7 `parameter/zhishu`, `trade/kline`, and `market/*`), under /api/vue. */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const market = app.marketData;
  const history = new SearchHistoryService(app.db, app.clock);
  const tags = ["market"];
  const withSession = { onRequest: app.requireUser };
  const sessionSchema = { tags, headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "parameter/zhishu",
    {
      schema: {
        tags,
        summary: "The indices of a market for the home top menu (crypto and forex: their leading pairs)",
        body: zhishuRequest,
        response: answers(zhishuResponse),
      },
    },
    async (request) => ok(market.zhishu(request.body.type)),
  );

  route(
    app,
    "trade/kline",
    {
      schema: {
        tags,
        summary: "Candles of a symbol for a chart period (kline_type 1–12), optionally price-adjusted",
        description:
          "Times are epoch seconds (minute start for intraday, 00:00 UTC of the trading date for daily and " +
          "longer). An unknown symbol, or one not on `exchange`, answers UNKNOWN_SYMBOL.",
        body: klineRequest,
        response: answers(klineResponse),
      },
    },
    async (request) => ok(market.kline(request.body)),
  );

  route(
    app,
    "market/quote",
    {
      schema: {
        tags,
        summary: "The full quote of an instrument or index; outside trading hours the last close",
        body: quoteRequest,
        response: answers(quote),
      },
    },
    async (request) => ok(market.quote(request.body.symbol, request.body.exchange)),
  );

  route(
    app,
    "market/quotes",
    {
      schema: {
        tags,
        summary: "The live part of several quotes in one call (price, change, volume, time, status)",
        description:
          "What a socket tick carries, for the polling fallback while the socket is down: one call per " +
          "round for every watched symbol. Symbols without a price are left out.",
        body: quotesRequest,
        response: answers(quotesResponse),
      },
    },
    async (request) => ok(market.quotes([...new Set(request.body.symbols)]).map(liveTick)),
  );

  route(
    app,
    "market/list",
    {
      schema: {
        tags,
        summary: "A page of a market's quotes (optionally one board), ordered by code",
        body: marketListRequest,
        response: answers(marketListResponse),
      },
    },
    async (request) => ok(market.list(request.body)),
  );

  route(
    app,
    "market/rankings",
    {
      schema: {
        tags,
        summary: "Top gainers, losers, or most traded by volume or turnover in a market",
        body: rankingRequest,
        response: answers(rankingResponse),
      },
    },
    async (request) => ok(market.rankings(request.body)),
  );

  route(
    app,
    "market/search",
    {
      onRequest: app.optionalUser,
      schema: {
        ...sessionSchema,
        summary:
          "Instruments and indices by code or name in any language, at most 20, each with its latest price " +
          "and change; with a session the keyword is remembered unless `remember` is false",
        security: [{}, { token: [], account: [] }],
        body: searchRequest,
        response: answers(searchResponse),
      },
    },
    async (request) => {
      const results = market.search(request.body.keyword);
      if (request.session && request.body.remember !== false)
        await history.record(request.session.userId, request.body.keyword);
      return ok(results);
    },
  );

  route(
    app,
    "market/searchHistory",
    {
      ...withSession,
      schema: {
        ...sessionSchema,
        summary: "The user's latest 20 search keywords, newest first",
        body: emptyRequest,
        response: answers(searchHistoryResponse, { session: true }),
      },
    },
    async (request) => ok(await history.list(sessionOf(request).userId)),
  );

  route(
    app,
    "market/clearSearchHistory",
    {
      ...withSession,
      schema: {
        ...sessionSchema,
        summary: "Forget the user's search keywords",
        body: emptyRequest,
        response: answers(z.null(), { session: true }),
      },
    },
    async (request) => {
      await history.clear(sessionOf(request).userId);
      return ok(null);
    },
  );
};
