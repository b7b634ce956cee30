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
import {
  MARKETS,
  capOf,
  leverageChoices,
  leverageClassOf,
  toBookedString,
  type Instrument,
  type MarketDataProvider,
} from "@brokerage/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/index.js";
import { BIGINT_SEQ_MAX, seqCursor } from "../../lib/cursor.js";
import { answers, ok, sessionHeaders } from "../../lib/envelope.js";
import { sessionOf } from "../../plugins/auth.js";
import { DomainError } from "../../lib/errors.js";
import { route } from "../../plugins/route.js";
import { tradingConfig } from "./pricing.js";
import * as repo from "./repository.js";
import { toTradeOrder } from "./view.js";

/**
 * A market's rules as the buy form shows them: amounts at the settlement currency's scale; the leverages
 * and the currency of `instrument` when given (a forex pair settles in its quote currency: USDJPY in
 * JPY), else of the market's highest-capped class and the market's currency.
 */
export async function termsOf(
  db: Db,
  market: TradingMarket,
  instrument?: Pick<Instrument, "kind" | "symbol" | "currency">,
): Promise<TradeTerms> {
  const config = await tradingConfig(db, market);
  const currency = instrument?.currency ?? MARKETS[market].currency;
  const caps = config.leverageCaps;
  const cap = instrument
    ? capOf(caps, leverageClassOf(instrument))
    : Math.max(1, ...Object.values(caps).filter((v) => v !== undefined));
  return {
    market,
    currency,
    leverages: leverageChoices(cap),
    leverageCaps: caps,
    feeRate: config.feeRate,
    minFee: toBookedString(config.minFee, currency),
    charges: config.charges as TradeTerms["charges"],
    lock: config.lock,
    liquidationShare: config.liquidationShare,
    marginCallLevels: config.marginCallLevels,
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
          "A market's trading rules in force (trading.<market>): the leverage caps per class and the " +
          "leverages offered (for `symbol`'s class when named), the fee rate and " +
          "minimum fee charged on opening and again on closing, the stamp duty on the closing side (and its " +
          "cap), the lock (T+N trading days or N minutes), the automatic-close loss share, the margin-call " +
          "levels and the price " +
          "band of limit orders. Amounts in the settlement currency: `symbol`'s when named (a forex pair's " +
          "quote currency, USDJPY in JPY), else the market's.",
        body: tradeTermsRequest,
        response: answers(tradeTerms, { session: true }),
      },
    },
    async (request) => {
      const { market, symbol } = request.body;
      const listing = symbol === undefined ? undefined : app.market.listing(symbol);
      if (symbol !== undefined && (!listing || listing.kind === "index" || listing.market !== market))
        throw new DomainError("UNKNOWN_SYMBOL", { symbol });
      return ok(await termsOf(app.db, market, listing?.kind === "index" ? undefined : listing));
    },
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
