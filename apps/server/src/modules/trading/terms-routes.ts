import {
  TRADE_PAGE_SIZE,
  tradeHistoryRequest,
  tradeOrderPage,
  tradeTerms,
  tradeTermsRequest,
  type TradeOrderPage,
  type TradeTerms,
  type TradingMarket,
} from "@brokerage/api";
import { MARKETS, toBookedString, type MarketDataProvider } from "@brokerage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/index.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { route } from "../../plugins/route.js";
import { tradingConfig } from "./pricing.js";
import * as repo from "./repository.js";
import { toTradeOrder } from "./view.js";

/** A market's rules as the buy form shows them: amounts at the settlement currency's scale. */
export async function termsOf(db: Db, market: TradingMarket): Promise<TradeTerms> {
  const config = await tradingConfig(db, market);
  const { currency } = MARKETS[market];
  return {
    market,
    currency,
    leverages: config.leverages,
    feeRate: config.feeRate,
    minFee: toBookedString(config.minFee, currency),
    charges: config.charges as TradeTerms["charges"],
    lock: config.lock,
    liquidationShare: config.liquidationShare,
    priceBand: config.priceBand,
  };
}

const tradesCursor = seqCursor("settled", BIGINT_SEQ_MAX);

/** The user's closed positions, newest first (the finished tab's index serves `state = 'closed'`). */
export async function settledTrades(
  db: Db,
  market: MarketDataProvider,
  userId: string,
  cursor: string | undefined,
): Promise<TradeOrderPage> {
  const rows = await repo.listPage(db, {
    userId,
    states: ["closed"],
    beforeSeq: cursor === undefined ? undefined : tradesCursor.decode(cursor),
    limit: TRADE_PAGE_SIZE + 1,
  });
  const items = rows.slice(0, TRADE_PAGE_SIZE);
  const more = rows.length > items.length;
  return {
    items: items.map((row) => toTradeOrder(row, market)),
    nextCursor: more ? tradesCursor.encode(items[items.length - 1]?.seq ?? 0) : null,
  };
}

/**
 * `trade/terms` and `trade/trades`: what the buy form and the transaction records read beside the trade
 * screen's lists (routes.ts). Both need a session; the trades are the caller's own.
 */
export const tradingTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  const withSession = { onRequest: app.requireUser };
  const schema = { tags: ["trade"], headers: sessionHeaders, security: [{ token: [], account: [] }] };

  route(
    app,
    "trade/terms",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "A market's trading rules in force (trading.<market>): the leverages offered, the fee rate and " +
          "minimum fee charged on opening and again on closing, the stamp duty on the closing side (and its " +
          "cap), the lock (T+N trading days or N minutes), the automatic-close loss share and the price " +
          "band of limit orders. Amounts in the market's settlement currency.",
        body: tradeTermsRequest,
        response: answers(tradeTerms, { session: true }),
      },
    },
    async (request) => ok(await termsOf(app.db, request.body.market)),
  );

  route(
    app,
    "trade/trades",
    {
      ...withSession,
      schema: {
        ...schema,
        summary:
          "The user's settled trades for the transaction records: closed positions, newest first, 20 a " +
          "page, each with its open and close price and time, fees, stamp duty and realised P&L. Pass " +
          "`nextCursor` back as `cursor`.",
        body: tradeHistoryRequest,
        response: answers(tradeOrderPage, { session: true }),
      },
    },
    async (request) =>
      ok(await settledTrades(app.db, app.market, sessionOf(request).userId, request.body.cursor)),
  );
};
